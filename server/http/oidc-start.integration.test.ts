// Starting single sign-on writes a row (the sign-in in progress) for ten
// minutes: a client that starts it in a loop is held per network, with a
// Retry-After, and fills no table; other clients start as before.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { THROTTLE_RULES } from "#server/auth/throttle.ts";
import { startOidcProvider } from "#tests/peers/oidc-provider.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

let provider: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: "staff-website",
    clientSecret: "test-client-secret-of-the-staff-website",
    redirectUri: "http://localhost/api/auth/oidc/callback",
    accounts: new Map(),
  });
});
afterAll(() => provider.stop());

describe.each(testDatabases())("single sign-on's start on $dialect: held per client network", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, {
      SITE_URL: "http://localhost",
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: "staff-website",
      OIDC_CLIENT_SECRET: "test-client-secret-of-the-staff-website",
      TRUST_PROXY: "true",
    });
  });
  afterEach(() => cleanup());

  const start = (address: string) =>
    t.app.request("http://localhost/api/auth/oidc/start", { headers: browserHeaders({ "x-forwarded-for": address }) });
  const rows = async () =>
    (await t.services.database.db.selectFrom("auth_challenges").selectAll().where("kind", "=", "oidc").execute())
      .length;

  it("lets one network start its allowance, then answers 429 with Retry-After until the delay is over", async () => {
    const { free, baseDelayMs } = THROTTLE_RULES["sso-start:network"];
    // Addresses of one IPv6 /64 are one client network.
    const address = (n: number) => `2001:db8:1:2::${n.toString(16)}`;
    for (let n = 1; n <= free + 1; n += 1) expect((await start(address(n))).status, `start ${n}`).toBe(302);
    const held = await start(address(100));
    expect(held.status).toBe(429);
    expect(held.headers.get("retry-after")).toBe(String(baseDelayMs / 1000));
    expect(await held.json()).toEqual({ error: "Too many sign-in attempts", retryAfterSeconds: baseDelayMs / 1000 });
    expect(held.headers.getSetCookie()).toEqual([]);
    for (let n = 0; n < 50; n += 1) expect((await start(address(200 + n))).status).toBe(429);
    expect(await rows()).toBe(free + 1);

    // Another client starts as before; this one, once its delay is over.
    expect((await start("198.51.100.20")).status).toBe(302);
    t.advance(baseDelayMs);
    expect((await start(address(1))).status).toBe(302);
  });
});
