import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "#server/auth/sessions.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";

const PASSWORD = "correct horse battery staple";

/** A fresh app and database with one staff account for each test, and the requests the tests below share. */
function useAuthApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle);
    await t.services.staff.create("ops", PASSWORD);
  });
  afterEach(() => cleanup());

  return {
    get t() {
      return t;
    },
    /** A test may swap in an app with other settings on the same database. */
    set t(app) {
      t = app;
    },
    signIn: (username: string, password: string, headers: Record<string, string> = {}) =>
      t.app.request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders(headers),
        body: JSON.stringify({ username, password }),
      }),
    get: (path: string, cookie = "", headers: Record<string, string> = {}) =>
      t.app.request(`http://localhost${path}`, { headers: browserHeaders({ cookie, ...headers }) }),
    post: (path: string, cookie = "") =>
      t.app.request(`http://localhost${path}`, { method: "POST", headers: browserHeaders({ cookie }) }),
  };
}

describe.each(testDatabases())("staff sign-in on $dialect: signing in", ({ open }) => {
  const c = useAuthApp(open);
  const { signIn } = c;

  it("signs in with the username or its e-mail form and returns the user and expiry", async () => {
    const response = await signIn("ops", PASSWORD);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { username: string; email: string }; expiresAt: number };
    expect(body.user).toMatchObject({ username: "ops", email: null });
    expect(body.expiresAt).toBe(c.t.clock.now + IDLE_TIMEOUT_MS);
    expect((await signIn("OPS@example.com", PASSWORD)).status).toBe(200);
  });

  it(
    "sets an HttpOnly, SameSite=Lax session cookie and a SameSite=Strict " +
      "device cookie; __Host- and Secure except on plain-HTTP localhost",
    async () => {
      const local = (await signIn("ops", PASSWORD)).headers.getSetCookie();
      expect(local[0]).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
      expect(local[1]).toMatch(/^device=[A-Za-z0-9_.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=15552000$/);
      const remote = await c.t.app.request("http://www.example.com/api/auth/sign-in", {
        method: "POST",
        headers: { host: "www.example.com", origin: "http://www.example.com", "content-type": "application/json" },
        body: JSON.stringify({ username: "ops", password: PASSWORD }),
      });
      const [session, device] = remote.headers.getSetCookie();
      expect(session).toMatch(
        /^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/,
      );
      expect(device).toMatch(
        /^__Host-device=[A-Za-z0-9_.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=15552000; Secure$/,
      );
    },
  );

  it("issues a new session on every sign-in and stores only its hash", async () => {
    const first = cookieFrom(await signIn("ops", PASSWORD));
    const second = cookieFrom(await signIn("ops", PASSWORD));
    expect(first).not.toBe(second);
    const stored = await c.t.services.database.db.selectFrom("sessions").select("token_hash").execute();
    const tokens = [first, second].map((c) => c.split("=")[1]);
    for (const row of stored) expect(tokens).not.toContain(row.token_hash);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it("answers an unknown user and a wrong password identically", async () => {
    // The dummy hash an unknown account is checked against is made once, on first use.
    await signIn("nobody-yet", PASSWORD);
    const time = async (username: string, password: string) => {
      const started = performance.now();
      const response = await signIn(username, password);
      return { response, ms: performance.now() - started };
    };
    let unknownMs = 0;
    let wrongMs = 0;
    let unknown: Response | undefined;
    let wrong: Response | undefined;
    for (let i = 0; i < 3; i += 1) {
      const a = await time("nobody", PASSWORD);
      const b = await time("ops", "wrong password entirely");
      unknownMs += a.ms;
      wrongMs += b.ms;
      unknown = a.response;
      wrong = b.response;
    }
    expect(unknown!.status).toBe(401);
    expect(wrong!.status).toBe(401);
    expect(await unknown!.json()).toEqual(await wrong!.json());
    const shape = (r: Response) => [...r.headers.keys()].filter((k) => k !== "x-request-id").sort();
    expect(shape(unknown!)).toEqual(shape(wrong!));
    // Both run one password verification; a generous bound over three tries each, not a benchmark.
    expect(unknownMs / wrongMs).toBeGreaterThan(0.2);
    expect(unknownMs / wrongMs).toBeLessThan(5);
  });

  it("refuses bad input with field messages and changes nothing", async () => {
    const missing = await c.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: "" }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "Invalid input",
      fields: { username: "Username is required", password: "Password is required" },
    });
    const wrongType = await c.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: 5, password: [] }),
    });
    expect(wrongType.status).toBe(400);
    const malformed = await c.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: "{oops",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Malformed JSON" });
    const huge = await c.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: "ops", password: "x".repeat(17 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await c.t.services.database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    expect(await c.t.services.database.db.selectFrom("auth_failures").selectAll().execute()).toEqual([]);
  });
});

describe.each(testDatabases())("staff sign-in on $dialect: throttling and sessions", ({ open }) => {
  const c = useAuthApp(open);
  const { signIn, get, post } = c;

  it("throttles repeated failures with growing delays, without locking the account out from elsewhere", async () => {
    const attacker = { "x-forwarded-for": "203.0.113.7" };
    c.t = await createTestApp(c.t.services.database, { TRUST_PROXY: "true" });
    for (let i = 0; i < 5; i += 1) expect((await signIn("ops", "guess number " + i, attacker)).status).toBe(401);
    // The sixth failure starts a delay; attempts inside it are refused before any password check.
    expect((await signIn("ops", "guess number 5", attacker)).status).toBe(401);
    const blocked = await signIn("ops", PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get("retry-after"));
    expect(retry).toBe(2);
    expect(await blocked.json()).toEqual({ error: "Too many sign-in attempts", retryAfterSeconds: 2 });
    // The real admin, elsewhere, is not locked out.
    expect((await signIn("ops", PASSWORD, { "x-forwarded-for": "198.51.100.1" })).status).toBe(200);
    // The delay doubles with the next failure.
    c.t.advance(retry * 1000);
    expect((await signIn("ops", "guess number 6", attacker)).status).toBe(401);
    expect(Number((await signIn("ops", PASSWORD, attacker)).headers.get("retry-after"))).toBe(4);
    c.t.advance(4000);
    expect((await signIn("ops", PASSWORD, attacker)).status).toBe(200);
  });

  it(
    "keeps the client's address out of the throttle: neither the address nor a " +
      "plain hash of it, which every IPv4 address could be tried against",
    async () => {
      const address = "203.0.113.9";
      c.t = await createTestApp(c.t.services.database, { TRUST_PROXY: "true" });
      expect((await signIn("ops", "wrong", { "x-forwarded-for": address })).status).toBe(401);
      const keys = (await c.t.services.database.db.selectFrom("auth_failures").select("key").execute()).map(
        (row) => row.key,
      );
      expect(keys.some((key) => key.startsWith("sign-in:network:"))).toBe(true);
      const plain = [address, `ip:${address}`].map((text) =>
        createHash("sha256").update(text).digest("hex").slice(0, 32),
      );
      for (const key of keys) for (const forbidden of [address, ...plain]) expect(key).not.toContain(forbidden);
    },
  );

  it("ends a session after 30 idle minutes; refresh extends it, up to 12 hours", async () => {
    const cookie = cookieFrom(await signIn("ops", PASSWORD));
    c.t.advance(IDLE_TIMEOUT_MS - 1000);
    expect((await get("/api/auth/session", cookie)).status).toBe(200);
    const refreshed = await post("/api/auth/refresh", cookie);
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as { expiresAt: number }).expiresAt).toBe(c.t.clock.now + IDLE_TIMEOUT_MS);
    c.t.advance(IDLE_TIMEOUT_MS - 1000);
    expect((await get("/api/auth/session", cookie)).status).toBe(200);
    c.t.advance(2000);
    expect((await get("/api/auth/session", cookie)).status).toBe(401);

    const kept = cookieFrom(await signIn("ops", PASSWORD));
    for (let elapsed = 0; elapsed < ABSOLUTE_TIMEOUT_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      c.t.advance(20 * 60_000);
      expect((await post("/api/auth/refresh", kept)).status).toBe(200);
    }
    c.t.advance(20 * 60_000);
    expect((await post("/api/auth/refresh", kept)).status).toBe(401);
  });

  it("signs out server-side: the old cookie no longer works", async () => {
    const cookie = cookieFrom(await signIn("ops", PASSWORD));
    const out = await post("/api/auth/sign-out", cookie);
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await get("/api/auth/session", cookie)).status).toBe(401);
    expect((await get("/api/admin/staff", cookie)).status).toBe(401);
  });

  it("a password reset revokes every session of the account", async () => {
    const cookie = cookieFrom(await signIn("ops", PASSWORD));
    await c.t.services.staff.resetPassword("ops", "another long passphrase 7");
    expect((await get("/api/auth/session", cookie)).status).toBe(401);
    expect((await signIn("ops", PASSWORD)).status).toBe(401);
  });
});

describe.each(testDatabases())("staff sign-in on $dialect: access control", ({ open }) => {
  const c = useAuthApp(open);
  const { signIn, get } = c;

  it("refuses state changes from other sites (CSRF)", async () => {
    const evil = await signIn("ops", PASSWORD, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const crossSite = await c.t.app.request("http://localhost/api/auth/sign-out", {
      method: "POST",
      headers: { host: "localhost", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(await c.t.services.database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  it("every /api/admin route needs a session, and lets a signed-in user through", async () => {
    const adminRoutes = c.t.app.routes.filter((r) => r.path.startsWith("/api/admin/") && r.method !== "ALL");
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const path = route.path.replace(/:\w+/g, "1");
      const response = await c.t.app.request(`http://localhost${path}`, {
        method: route.method,
        headers: browserHeaders(),
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
    const cookie = cookieFrom(await signIn("ops", PASSWORD));
    expect((await get("/api/admin/staff", cookie)).status).toBe(200);
  });

  it("answers unknown API paths with JSON 404", async () => {
    const response = await get("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});
