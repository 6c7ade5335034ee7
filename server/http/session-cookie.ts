// The staff cookies: the session ("__Host-session": HttpOnly, Secure,
// SameSite=Lax, Path=/) and the device token that makes a browser a trusted
// client at its next sign-in ("__Host-device", SameSite=Strict, kept for
// months). On plain-HTTP localhost, where browsers refuse Secure cookies,
// they are "session" and "device" without Secure; nowhere else.
import { DEVICE_TOKEN_MAX_AGE_MS } from "#server/auth/device-token.ts";
import { ABSOLUTE_TIMEOUT_MS } from "#server/auth/sessions.ts";
import { readCookie } from "#shared/i18n/languages.ts";
import { isHttps, isLocalhost } from "./request-info.ts";

export type CookieRequest = { url: string; header: (name: string) => string | null | undefined; trustProxy: boolean };

type CookieKind = { base: string; sameSite: "Lax" | "Strict"; maxAgeMs: number };
const SESSION: CookieKind = { base: "session", sameSite: "Lax", maxAgeMs: ABSOLUTE_TIMEOUT_MS };
const DEVICE: CookieKind = { base: "device", sameSite: "Strict", maxAgeMs: DEVICE_TOKEN_MAX_AGE_MS };
/** The step after a right password, and a passkey ceremony's challenge: minutes, this site only. */
const PENDING: CookieKind = { base: "sign-in-step", sameSite: "Strict", maxAgeMs: 5 * 60_000 };
const CEREMONY: CookieKind = { base: "passkey-ceremony", sameSite: "Strict", maxAgeMs: 5 * 60_000 };

function secureCookies(request: CookieRequest): boolean {
  return isHttps(request.header, request.url, request.trustProxy) || !isLocalhost(request.header("host"));
}

function cookieName(request: CookieRequest, kind: CookieKind): string {
  return secureCookies(request) ? `__Host-${kind.base}` : kind.base;
}

function setCookie(request: CookieRequest, kind: CookieKind, value: string, maxAgeSeconds: number): string {
  const secure = secureCookies(request) ? "; Secure" : "";
  return (
    `${cookieName(request, kind)}=${value}; Path=/; HttpOnly; SameSite=${kind.sameSite}; ` +
    `Max-Age=${maxAgeSeconds}${secure}`
  );
}

export function readSessionToken(request: CookieRequest): string | undefined {
  return readCookie(request.header("cookie"), cookieName(request, SESSION));
}

export function sessionCookie(request: CookieRequest, token: string): string {
  return setCookie(request, SESSION, token, SESSION.maxAgeMs / 1000);
}

export function clearedSessionCookie(request: CookieRequest): string {
  return setCookie(request, SESSION, "", 0);
}

export function readDeviceToken(request: CookieRequest): string | undefined {
  return readCookie(request.header("cookie"), cookieName(request, DEVICE));
}

/** Kept on sign-out: the browser stays trusted for its next sign-in. */
export function deviceCookie(request: CookieRequest, token: string): string {
  return setCookie(request, DEVICE, token, DEVICE.maxAgeMs / 1000);
}

export type ShortCookie = "pending" | "ceremony";
const SHORT: Record<ShortCookie, CookieKind> = { pending: PENDING, ceremony: CEREMONY };

export function readShortCookie(request: CookieRequest, which: ShortCookie): string | undefined {
  return readCookie(request.header("cookie"), cookieName(request, SHORT[which]));
}

export function shortCookie(request: CookieRequest, which: ShortCookie, token: string): string {
  return setCookie(request, SHORT[which], token, SHORT[which].maxAgeMs / 1000);
}

export function clearedShortCookie(request: CookieRequest, which: ShortCookie): string {
  return setCookie(request, SHORT[which], "", 0);
}
