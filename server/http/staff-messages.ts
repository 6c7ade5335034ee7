// The API's sentences to staff, in the request's staff language. A handler answers with a message key (and the
// values of its placeholders) instead of a sentence: `c.json(apiError("api.notFound"), 404)`, and field errors
// may be keys too (a zod schema's message). One middleware at the edge of /api turns every key of an error answer
// into the sentence in the staff language of the request: the person's saved choice when signed in, else the
// language switch's cookie, else Accept-Language. A sentence that is no key passes through as it is, so handlers
// can be converted one at a time.
import type { Context, MiddlewareHandler } from "hono";
import type { Language } from "#shared/i18n/languages.ts";
import {
  isStaffKey,
  staffLanguage,
  staffText,
  type StaffKey,
  type StaffVars,
} from "#shared/i18n/staff/staff-language.ts";
import type { SentenceError } from "#server/auth/sentence-error.ts";
import type { ApiEnv } from "./api-context.ts";

/** An error answer's body: the key stands where the sentence goes, resolved by translateErrors. */
export function apiError(key: StaffKey, vars?: StaffVars): { error: StaffKey; errorVars?: StaffVars } {
  return vars ? { error: key, errorVars: vars } : { error: key };
}

/** The staff language of an API request: the signed-in person's choice, else the switch's cookie, else the browser. */
export function requestStaffLanguage(c: Context<ApiEnv>): Language {
  return staffLanguage({
    saved: c.get("session")?.language,
    cookie: c.req.header("cookie"),
    acceptLanguage: c.req.header("accept-language"),
  });
}

type ErrorBody = { error?: unknown; errorVars?: StaffVars; fields?: Record<string, unknown>; message?: unknown };

function translated(body: ErrorBody, lang: Language): ErrorBody {
  const { errorVars, ...rest } = body;
  const text = (value: unknown, vars?: StaffVars) => (isStaffKey(value) ? staffText(lang, value, vars) : value);
  const out: ErrorBody = { ...rest, error: text(body.error, errorVars) };
  if (body.fields && typeof body.fields === "object")
    out.fields = Object.fromEntries(Object.entries(body.fields).map(([name, value]) => [name, text(value)]));
  return out;
}

/** Resolves the message keys of every JSON error answer of /api into the request's staff language. */
export const translateErrors: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  const response = c.res;
  if (response.status < 400 || !response.headers.get("content-type")?.startsWith("application/json")) return;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.append("Vary", "Accept-Language, Cookie");
  const text = JSON.stringify(translated(body as ErrorBody, requestStaffLanguage(c)));
  // Emptied first: Hono's setter would copy the old answer's headers (its length among them) onto the new one.
  c.res = undefined;
  c.res = new Response(text, { status: response.status, statusText: response.statusText, headers });
};

/**
 * A refusal worded by the staff dictionary (SentenceError), in the request's staff language; also as the message
 * of `field` when one is named (a field's message carries no placeholder values, so it is worded here).
 */
export function sentenceAnswer(c: Context<ApiEnv>, error: SentenceError, field?: string) {
  const { sentence } = error;
  const text = sentence ? staffText(requestStaffLanguage(c), sentence.key, sentence.vars) : error.message;
  return field ? { error: text, fields: { [field]: text } } : { error: text };
}
