// Security headers for every response (pages, API, static files), aiming at
// an A+ in MDN's HTTP Observatory: a CSP without 'unsafe-inline' or
// 'unsafe-eval' in script-src (the one inline script is allowed by its hash,
// server-rendered scripts by a per-request nonce), HSTS over HTTPS, and the
// isolation headers.
import { createHash } from "node:crypto";
import { HEAD_SCRIPT } from "#shared/site/head-script.ts";
import { MAP_ORIGIN } from "#shared/site/map.ts";

export const HEAD_SCRIPT_HASH = `'sha256-${createHash("sha256").update(HEAD_SCRIPT).digest("base64")}'`;

// Everything but script-src is the same for every response: joined once.
const FIXED_DIRECTIVES = [
  // React and the dialog library set style attributes; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  // Only the office map, and only after the visitor clicks.
  `frame-src ${MAP_ORIGIN}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function contentSecurityPolicy(nonce?: string): string {
  const nonceSource = nonce ? ` 'nonce-${nonce}'` : "";
  return `default-src 'none'; script-src 'self' ${HEAD_SCRIPT_HASH}${nonceSource}; ${FIXED_DIRECTIVES}`;
}

const BASE: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
};

const HSTS = "max-age=31536000; includeSubDomains";

/** The headers for one response; `https` says whether the visitor's connection is encrypted. */
export function securityHeaders(options: { https: boolean; nonce?: string }): Record<string, string> {
  return {
    ...BASE,
    "Content-Security-Policy": contentSecurityPolicy(options.nonce),
    ...(options.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}
