// The staff API as the dashboard calls it: a GET whose failure becomes the
// panel's error text (in the staff language the caller names), and a POST that
// hands back whatever the server said.
import type { Language } from "#shared/i18n/languages.ts";
import { staffText } from "#shared/i18n/staff/staff-language.ts";

/** A failed read, with the text its panel shows. */
export class PanelError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the server answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** GET JSON; a failed status throws a PanelError with the panel's text and, where the server gave one, its reason. */
export async function getJson<T>(url: string, failure: string, lang: Language = "en"): Promise<T> {
  return answerBody<T>(await get(url, failure, lang), failure, lang);
}

/** A GET the browser keeps no copy of; a network failure is the panel's text. */
async function get(
  url: string,
  failure: string,
  lang: Language,
  headers: Record<string, string> = {},
): Promise<Response> {
  try {
    return await fetch(url, { cache: "no-store", headers: { Accept: "application/json", ...headers } });
  } catch {
    throw new PanelError(staffText(lang, "panels.api.unreachable", { failure }));
  }
}

/** An answer's JSON; a failed status throws a PanelError with the panel's text and the server's reason. */
async function answerBody<T>(response: Response, failure: string, lang: Language): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PanelError(staffText(lang, "panels.api.notJson", { failure }), response.status);
  }
  if (!response.ok) {
    const details =
      (body as { details?: string; error?: string } | null)?.details ?? (body as { error?: string } | null)?.error;
    throw new PanelError(
      details ? staffText(lang, "panels.api.because", { failure, details }) : failure,
      response.status,
    );
  }
  return body as T;
}

/** POST JSON to the staff API; the answer's body, whatever its status. */
export async function postJson<T>(
  url: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; body: T | undefined }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = (await response.json().catch(() => undefined)) as T | undefined;
    return { ok: response.ok, status: response.status, body: parsed };
  } catch {
    return { ok: false, status: 0, body: undefined };
  }
}

/** The last answer and its ETag per URL, for reads that revalidate (at most a few dozen URLs, the oldest dropped). */
const lastAnswers = new Map<string, { etag: string; body: unknown }>();
const KEPT_ANSWERS = 32;

/**
 * GET JSON as getJson does, sending the ETag of the last answer for this URL: a 304 (nothing changed) costs no body
 * and gives the kept answer back. Staff answers are `no-store`, so the browser keeps no copy to revalidate itself.
 */
export async function getJsonRevalidated<T>(url: string, failure: string, lang: Language = "en"): Promise<T> {
  const kept = lastAnswers.get(url);
  const response = await get(url, failure, lang, kept ? { "If-None-Match": kept.etag } : {});
  if (response.status === 304 && kept) return kept.body as T;
  const body = await answerBody<T>(response, failure, lang);
  const etag = response.headers.get("ETag");
  lastAnswers.delete(url);
  if (etag) lastAnswers.set(url, { etag, body });
  if (lastAnswers.size > KEPT_ANSWERS) lastAnswers.delete(lastAnswers.keys().next().value!);
  return body;
}
