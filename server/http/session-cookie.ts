// The staff session cookie: "__Host-session" (HttpOnly, Secure, SameSite=Lax,
// Path=/). On plain-HTTP localhost, where browsers refuse Secure cookies, it
// is "session" without Secure; nowhere else.
import { ABSOLUTE_TIMEOUT_MS } from "../auth/sessions.ts";
import { readCookie } from "#shared/i18n/languages.ts";
import { isHttps, isLocalhost } from "./request-info.ts";

export type CookieRequest = { url: string; header: (name: string) => string | null | undefined; trustProxy: boolean };

function cookieName(request: CookieRequest): { name: string; secure: boolean } {
  const secure = isHttps(request.header, request.url, request.trustProxy) || !isLocalhost(request.header("host"));
  return secure ? { name: "__Host-session", secure: true } : { name: "session", secure: false };
}

export function readSessionToken(request: CookieRequest): string | undefined {
  return readCookie(request.header("cookie"), cookieName(request).name);
}

export function sessionCookie(request: CookieRequest, token: string): string {
  const { name, secure } = cookieName(request);
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${ABSOLUTE_TIMEOUT_MS / 1000}${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(request: CookieRequest): string {
  const { name, secure } = cookieName(request);
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}
