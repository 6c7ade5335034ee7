// A regression guard for the HTTP Observatory target (A+ = 100 or more): the
// header rules of MDN's scanner that apply to this site, scored as it scores
// them (mdn/mdn-http-observatory: src/grader/charts.js). Not the scanner
// itself, which needs the internet.
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `) || part === name);
}

function observatoryScore(headers: Record<string, string>, sessionCookie?: string): number {
  let penalties = 0;
  let bonus = 0;
  const csp = headers["Content-Security-Policy"];
  if (!csp) penalties += 25;
  else {
    const scripts = directive(csp, "script-src") ?? directive(csp, "default-src") ?? "";
    if (scripts.includes("'unsafe-inline'")) penalties += 20;
    if (scripts.includes("'unsafe-eval'")) penalties += 10;
    const styles = directive(csp, "style-src") ?? "";
    // "unsafe-inline in style-src only" scores 0; a CSP with no unsafe at all earns a bonus.
    if (!styles.includes("'unsafe-inline'") && !scripts.includes("unsafe")) bonus += directive(csp, "default-src")?.includes("'none'") ? 10 : 5;
  }
  const hsts = headers["Strict-Transport-Security"];
  const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1] ?? 0);
  if (!hsts) penalties += 20;
  else if (maxAge < 15_768_000) penalties += 10;
  else if (hsts.includes("preload")) bonus += 5;
  const frameAncestors = csp ? directive(csp, "frame-ancestors") : undefined;
  if (!frameAncestors && !headers["X-Frame-Options"]) penalties += 20;
  else if (frameAncestors) bonus += 5;
  if (headers["X-Content-Type-Options"] !== "nosniff") penalties += 5;
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(headers["Referrer-Policy"] ?? "")) bonus += 5;
  if (headers["Cross-Origin-Resource-Policy"] === "same-origin") bonus += 10;
  if (sessionCookie) {
    if (!/;\s*HttpOnly/i.test(sessionCookie)) penalties += 30;
    if (!/;\s*Secure/i.test(sessionCookie)) penalties += 40;
    else if (/;\s*HttpOnly/i.test(sessionCookie) && /;\s*SameSite/i.test(sessionCookie)) bonus += 5;
  }
  const base = 100 - penalties;
  return base >= 90 ? base + bonus : base;
}

describe("HTTP Observatory score of our headers (over HTTPS, as scanned)", () => {
  it("is an A+ for pages and the staff sign-in's cookie", () => {
    const headers = securityHeaders({ https: true, nonce: "abc" });
    expect(observatoryScore(headers)).toBeGreaterThanOrEqual(100);
    expect(observatoryScore(headers, "__Host-session=x; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure")).toBeGreaterThanOrEqual(100);
  });

  it("would drop below A+ without the headers (the scorer can fail)", () => {
    expect(observatoryScore({})).toBeLessThan(100);
    const headers = securityHeaders({ https: true });
    expect(observatoryScore({ ...headers, "Content-Security-Policy": "script-src 'self' 'unsafe-inline'" })).toBeLessThan(100);
    expect(observatoryScore(headers, "session=x; Path=/")).toBeLessThan(100);
  });
});
