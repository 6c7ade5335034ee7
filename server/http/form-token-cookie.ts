// The contact form's token travels in a cookie, so the contact pages can be
// prerendered and served from memory like every other page: the server sets
// a freshly signed token each time it serves a contact page (an HMAC, no
// render), and both /api/contact and the plain form post read it when the
// submission carries no token of its own. HttpOnly and SameSite=Strict:
// scripts cannot read it and other sites' posts do not carry it.
import { CONTACT_PATH, FORM_TOKEN_COOKIE, FORM_TOKEN_COOKIE_LOCAL } from "#shared/contact/contact-page.ts";
import { LANGUAGES, readCookie } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { MAX_FORM_AGE_MS } from "#server/contact/form-token.ts";

const STATUS_PATH = "/status";
import { isHttps, isLocalhost } from "./request-info.ts";
import type { CookieRequest } from "./session-cookie.ts";

/**
 * The pages whose answer sets a fresh form token: the contact page and the status page (its subscription form), each
 * in each language and unprefixed.
 */
export const FORM_PAGES: ReadonlySet<string> = new Set(
  [CONTACT_PATH, STATUS_PATH].flatMap((path) => [path, ...LANGUAGES.map((lang) => localizePath(lang, path))]),
);

// As the session cookie: Secure (with the __Host- prefix) everywhere but on plain-HTTP localhost.
function cookieName(request: CookieRequest): { name: string; secure: boolean } {
  const secure = isHttps(request.header, request.url, request.trustProxy) || !isLocalhost(request.header("host"));
  return secure ? { name: FORM_TOKEN_COOKIE, secure: true } : { name: FORM_TOKEN_COOKIE_LOCAL, secure: false };
}

/** The last value made: the same token is handed out for 100 ms, to every visitor of the form pages. */
let made = { name: "", token: "", value: "" };

/** A Set-Cookie value carrying the token; it lives no longer than the token is valid. */
export function formTokenCookie(request: CookieRequest, token: string): string {
  const { name, secure } = cookieName(request);
  if (made.name === name && made.token === token) return made.value;
  const value =
    `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; ` +
    `Max-Age=${MAX_FORM_AGE_MS / 1000}${secure ? "; Secure" : ""}`;
  made = { name, token, value };
  return value;
}

export function readFormTokenCookie(request: CookieRequest): string | undefined {
  return readCookie(request.header("cookie"), cookieName(request).name) || undefined;
}

/**
 * The submission with its token: its own when it carries one (API clients,
 * forms served before the cookie), else the cookie's.
 */
export function withFormToken(submission: unknown, request: CookieRequest): unknown {
  if (typeof submission !== "object" || submission === null || Array.isArray(submission)) return submission;
  const own = (submission as { token?: unknown }).token;
  if (own !== undefined && own !== "") return submission;
  const token = readFormTokenCookie(request);
  return token === undefined ? submission : { ...submission, token };
}
