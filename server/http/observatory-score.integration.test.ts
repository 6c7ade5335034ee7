// A regression guard for the HTTP Observatory target (A+ = 100 or more): the
// header rules of MDN's scanner that apply to this site, scored as it scores
// them (mdn/mdn-http-observatory: src/grader/charts.js), on the answers the
// server really gives over HTTPS. Not the scanner itself, which needs the
// internet.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createFormTokens } from "#server/contact/form-token.ts";
import type { App } from "./app.ts";
import { createNodeListener } from "./node-listener.ts";
import type { SiteFile } from "./site-files.ts";

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `) || part === name);
}

/** The score of one answer: its headers (names in lower case, as fetch gives them) and every cookie it sets. */
function observatoryScore(headers: Record<string, string>, cookies: string[] = []): number {
  let penalties = 0;
  let bonus = 0;
  const csp = headers["content-security-policy"];
  if (!csp) penalties += 25;
  else {
    const scripts = directive(csp, "script-src") ?? directive(csp, "default-src") ?? "";
    if (scripts.includes("'unsafe-inline'")) penalties += 20;
    if (scripts.includes("'unsafe-eval'")) penalties += 10;
    const styles = directive(csp, "style-src") ?? "";
    // "unsafe-inline in style-src only" scores 0; a CSP with no unsafe at all earns a bonus.
    if (!styles.includes("'unsafe-inline'") && !scripts.includes("unsafe"))
      bonus += directive(csp, "default-src")?.includes("'none'") ? 10 : 5;
  }
  const hsts = headers["strict-transport-security"];
  const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1] ?? 0);
  if (!hsts) penalties += 20;
  else if (maxAge < 15_768_000) penalties += 10;
  else if (hsts.includes("preload")) bonus += 5;
  const frameAncestors = csp ? directive(csp, "frame-ancestors") : undefined;
  if (!frameAncestors && !headers["x-frame-options"]) penalties += 20;
  else if (frameAncestors) bonus += 5;
  if (headers["x-content-type-options"] !== "nosniff") penalties += 5;
  if (
    ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(
      headers["referrer-policy"] ?? "",
    )
  )
    bonus += 5;
  if (headers["cross-origin-resource-policy"] === "same-origin") bonus += 10;
  if (cookies.length > 0) {
    // Every cookie this site sets holds a session or a token: scored as session cookies.
    if (cookies.some((cookie) => !/;\s*HttpOnly/i.test(cookie))) penalties += 30;
    if (cookies.some((cookie) => !/;\s*Secure/i.test(cookie))) penalties += 40;
    else if (cookies.every((cookie) => /;\s*HttpOnly/i.test(cookie) && /;\s*SameSite/i.test(cookie))) bonus += 5;
  }
  const base = 100 - penalties;
  return base >= 90 ? base + bonus : base;
}

const headersOf = (response: Response): Record<string, string> => Object.fromEntries(response.headers);

describe("HTTP Observatory score of the server's answers over HTTPS", () => {
  // The home page and the contact page as the Node listener answers them from memory, behind a proxy that says HTTPS.
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    const page = (text: string): SiteFile => ({
      body: Buffer.from(text),
      etag: `"${text.length}"`,
      contentType: "text/html; charset=utf-8",
      cacheControl: "public, max-age=0",
    });
    const files = {
      assets: new Map(),
      pages: new Map([
        ["/en", page("home")],
        ["/en/contact", page("contact")],
      ]),
      variants: { en: new Map(), de: new Map() },
      notFound: {},
      madeForOrigin: [],
    };
    const listener = createNodeListener({} as App, files, {
      trustProxy: true,
      formTokens: createFormTokens(Buffer.alloc(32, 1)),
      isUnknownPath: () => false,
    });
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const viaHttps = (path: string) =>
    fetch(`${origin}${path}`, { headers: { host: "www.example.com", "x-forwarded-proto": "https" } });

  it("is an A+ for the home page and for the contact page with its form cookie", async () => {
    const home = await viaHttps("/en");
    expect(observatoryScore(headersOf(home), home.headers.getSetCookie())).toBeGreaterThanOrEqual(100);
    const contact = await viaHttps("/en/contact");
    expect(contact.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-form-token=.*; HttpOnly; SameSite=Strict; .*Secure/),
    ]);
    expect(observatoryScore(headersOf(contact), contact.headers.getSetCookie())).toBeGreaterThanOrEqual(100);
  });

  it("is an A+ for the staff sign-in, with its session and device cookies", async () => {
    const database = await testDatabases()[0]!.open();
    try {
      const { app, services } = await createTestApp(database.handle);
      await services.staff.create("ops", "correct horse battery staple");
      const signIn = await app.request("https://www.example.com/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders({ host: "www.example.com", origin: "https://www.example.com" }),
        body: JSON.stringify({ username: "ops", password: "correct horse battery staple" }),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.getSetCookie()).toHaveLength(2);
      expect(observatoryScore(headersOf(signIn), signIn.headers.getSetCookie())).toBeGreaterThanOrEqual(100);
    } finally {
      await database.cleanup();
    }
  });

  it("would drop below A+ without the headers or the cookie flags (the scorer can fail)", async () => {
    const headers = headersOf(await viaHttps("/en"));
    expect(observatoryScore({})).toBeLessThan(100);
    expect(
      observatoryScore({ ...headers, "content-security-policy": "script-src 'self' 'unsafe-inline'" }),
    ).toBeLessThan(100);
    expect(observatoryScore(headers, ["session=x; Path=/; HttpOnly; SameSite=Lax"])).toBeLessThan(100);
    expect(observatoryScore(headers, ["__Host-session=x; Path=/; SameSite=Lax; Secure"])).toBeLessThan(100);
  });
});
