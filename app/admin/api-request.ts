// One JSON call to the API, answered as a value rather than thrown: the staff
// pages show a refusal's message, and a few refusals (confirm, enrol) change
// what the page does next.
import { isLanguage, type Language } from "#shared/i18n/languages.ts";
import { staffText, type StaffKey } from "#shared/i18n/staff/staff-language.ts";

/** A refused or failed call: the server's message, and what it says to do about it. */
export type ApiFailure = {
  ok: false;
  /** 0 when the server could not be reached. */
  status: number;
  error: string;
  fields?: Record<string, string>;
  /** The call needs a recent sign-in: confirm it's you, then try again. */
  confirm?: boolean;
  /** The team requires a second factor this account lacks. */
  enrol?: boolean;
  retryAfterSeconds?: number;
  /** Why a 429 holds the call ("codes": the account's budget of authenticator codes is spent). */
  reason?: string;
  /** The proofs a confirmation takes from this account, when it was asked for another. */
  methods?: string[];
};

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Writes always send JSON (an empty object when there is nothing to say): the API accepts no other kind. */
export async function requestJson<T>(method: Method, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      cache: "no-store",
      ...(method === "GET"
        ? {}
        : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) }),
    });
    const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (response.ok) return { ok: true, status: response.status, data: payload as T };
    return failure(response.status, payload);
  } catch {
    return clientFailure("account.unreachable");
  }
}

function failure(status: number, payload: unknown): ApiFailure {
  const body = (typeof payload === "object" && payload !== null ? payload : {}) as Partial<ApiFailure>;
  return {
    ok: false,
    status,
    error: typeof body.error === "string" ? body.error : staffText(pageLanguage(), "account.requestFailed", { status }),
    ...(body.fields ? { fields: body.fields } : {}),
    ...(body.confirm === true ? { confirm: true } : {}),
    ...(body.enrol === true ? { enrol: true } : {}),
    ...(typeof body.retryAfterSeconds === "number" ? { retryAfterSeconds: body.retryAfterSeconds } : {}),
    ...(typeof body.reason === "string" ? { reason: body.reason } : {}),
    ...(Array.isArray(body.methods) ? { methods: body.methods.filter((m) => typeof m === "string") } : {}),
  };
}

/**
 * The staff language the page shows (the root sets `<html lang>` from it): the clients run outside React, and
 * their own failure sentences must match the page's. English where there is no page (a unit test).
 */
export function pageLanguage(): Language {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : "en";
}

/** A call that failed in the browser before the server answered, in the page's language. */
export function clientFailure(key: StaffKey): ApiFailure {
  return { ok: false, status: 0, error: staffText(pageLanguage(), key) };
}
