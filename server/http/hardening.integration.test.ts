// Odd URL spellings, cross-scheme origins and caches, as an attacker would try them.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import { canonicalPath, staysOnOrigin } from "./local-redirect.ts";

const [sqlite] = testDatabases();
const PASSWORD = "correct horse battery staple";

// Each is how the path reaches the app; a browser given the old Location would have left for evil.example.
const SPELLINGS = [
  "//evil.example/",
  "//evil.example",
  "///evil.example/",
  "////evil.example//",
  "/\\evil.example/",
  "/\\\\evil.example",
  "/%2F%2Fevil.example/",
  "/%2f%2fevil.example/",
  "/%5Cevil.example/",
  "/%5C%5Cevil.example/",
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/./evil.example/..//evil.example/",
  "//evil.example/en/about/",
  "//evil.example/?next=//evil.example/",
];

/** A fresh app on a fresh SQLite database for each test, with one staff account. */
function useApp() {
  let cleanup: () => Promise<void>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    const db = await sqlite!.open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle);
    await t.services.staff.create("ops", PASSWORD);
  });
  afterEach(() => cleanup());
  return {
    get t() {
      return t;
    },
  };
}

describe("hardening of the HTTP surface: redirects", () => {
  const c = useApp();

  it.each(SPELLINGS)("no redirect leaves the origin: %j", async (spelling) => {
    const response = await c.t.app.request(`http://localhost${spelling}`, { headers: { host: "localhost" } });
    const location = response.headers.get("location");
    if (location !== null) {
      expect(location.startsWith("/")).toBe(true);
      expect(location).not.toMatch(/^\/[/\\]/);
      expect(new URL(location, "http://localhost/").host).toBe("localhost");
    }
  });

  it("sends odd spellings of our own pages to their one URL", async () => {
    for (const [spelling, target] of [
      ["/en/about/", "/en/about"],
      ["//en//about", "/en/about"],
      ["/de/about/?ref=1", "/de/about?ref=1"],
    ] as const) {
      const response = await c.t.app.request(`http://localhost${spelling}`);
      expect(response.status, spelling).toBe(301);
      expect(response.headers.get("location"), spelling).toBe(target);
    }
    expect((await c.t.app.request("http://localhost/en/news/")).headers.get("location")).toBe("/en/news/1");
  });

  it("normalises paths and judges Locations as a browser would", () => {
    expect(canonicalPath("//evil.example/")).toBe("/evil.example");
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("///")).toBe("/");
    expect(staysOnOrigin("/en/about", "http://localhost:3000/x")).toBe(true);
    for (const location of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "https://evil.example/",
      "http://localhost:3001/",
    ]) {
      expect(staysOnOrigin(location, "http://localhost:3000/x"), location).toBe(false);
    }
  });
});

describe("hardening of the HTTP surface: origins and caching", () => {
  const c = useApp();

  it("compares the CSRF origin by scheme, host and port", async () => {
    const signIn = (headers: Record<string, string>, url = "http://localhost/api/auth/sign-in") =>
      c.t.app.request(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ username: "ops", password: PASSWORD }),
      });
    expect(
      (
        await signIn(
          { host: "localhost:3000", origin: "https://localhost:3000" },
          "http://localhost:3000/api/auth/sign-in",
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await signIn(
          { host: "localhost:3000", origin: "http://localhost:3001" },
          "http://localhost:3000/api/auth/sign-in",
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await signIn(
          { host: "localhost:3000", origin: "http://localhost.evil.example:3000" },
          "http://localhost:3000/api/auth/sign-in",
        )
      ).status,
    ).toBe(403);
    expect(await c.t.services.database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    expect(
      (
        await signIn(
          { host: "localhost:3000", origin: "http://localhost:3000" },
          "http://localhost:3000/api/auth/sign-in",
        )
      ).status,
    ).toBe(200);

    // Behind a trusted TLS proxy the site is https: then the http origin is the other one.
    const proxied = await createTestApp(c.t.services.database, { TRUST_PROXY: "true" });
    const behindProxy = (origin: string) =>
      proxied.app.request("http://www.example.com/api/auth/sign-in", {
        method: "POST",
        headers: { host: "www.example.com", "x-forwarded-proto": "https", origin, "content-type": "application/json" },
        body: JSON.stringify({ username: "ops", password: PASSWORD }),
      });
    expect((await behindProxy("http://www.example.com")).status).toBe(403);
    expect((await behindProxy("https://www.example.com")).status).toBe(200);
    expect((await behindProxy("https://www.example.com:443")).status).toBe(200);
  });

  it("marks every staff answer no-store, errors included", async () => {
    const signIn = await c.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: "ops", password: PASSWORD }),
    });
    expect(signIn.headers.get("cache-control")).toBe("no-store");
    const cookie = cookieFrom(signIn);
    for (const path of ["/api/auth/session", "/api/admin/staff", "/api/admin/contact-messages"]) {
      const response = await c.t.app.request(`http://localhost${path}`, { headers: browserHeaders({ cookie }) });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    const signedOut = await c.t.app.request("http://localhost/api/admin/staff", { headers: browserHeaders() });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
    const session = await c.t.app.request("http://localhost/api/auth/session", { headers: browserHeaders() });
    expect(session.headers.get("cache-control")).toBe("no-store");
  });
});
