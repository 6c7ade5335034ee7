// One JSON call to the API, answered as a value rather than thrown: the staff
// pages show a refusal's message, and a few refusals (confirm, enrol) change
// what the page does next.

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
    return { ok: false, status: 0, error: "The server could not be reached. Please try again." };
  }
}

function failure(status: number, payload: unknown): ApiFailure {
  const body = (typeof payload === "object" && payload !== null ? payload : {}) as Partial<ApiFailure>;
  return {
    ok: false,
    status,
    error: typeof body.error === "string" ? body.error : `The request failed (status ${status}). Please try again.`,
    ...(body.fields ? { fields: body.fields } : {}),
    ...(body.confirm === true ? { confirm: true } : {}),
    ...(body.enrol === true ? { enrol: true } : {}),
    ...(typeof body.retryAfterSeconds === "number" ? { retryAfterSeconds: body.retryAfterSeconds } : {}),
    ...(typeof body.reason === "string" ? { reason: body.reason } : {}),
    ...(Array.isArray(body.methods) ? { methods: body.methods.filter((m) => typeof m === "string") } : {}),
  };
}
