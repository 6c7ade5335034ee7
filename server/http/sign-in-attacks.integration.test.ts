// An attacker's minute against the sign-in, on a fake clock: many addresses
// guessing one account, forty guesses at once, hours of slow guessing. The
// real admin's browser, which signed in before, must always get through.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { throttledAccount } from "#server/auth/sign-in.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";

const PASSWORD = "correct horse battery staple";
const HOUR = 60 * 60_000;

/** A fresh app (behind a trusted proxy) and database with one staff account for each test, and the attacker's moves. */
function useAttackedApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, { TRUST_PROXY: "true" });
    await t.services.staff.create("ops", PASSWORD);
  });
  afterEach(() => cleanup());

  const signIn = (password: string, address: string, cookie = "") =>
    t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders({ "x-forwarded-for": address, ...(cookie ? { cookie } : {}) }),
      body: JSON.stringify({ username: "ops", password }),
    });
  /** The admin's browser signs in once and keeps its device cookie. */
  const trustedBrowser = async () => {
    const response = await signIn(PASSWORD, "198.51.100.1");
    expect(response.status).toBe(200);
    const device = response.headers.getSetCookie().find((c) => c.startsWith("device="));
    expect(device).toBeDefined();
    return device!.split(";")[0]!;
  };
  /** `guesses` wrong passwords from each of `count` addresses 10.0.<n>.1, one after another. */
  const guessFrom = async (count: number, guesses: number, first = 0) => {
    const statuses: number[] = [];
    for (let n = first; n < first + count; n += 1) {
      for (let g = 0; g < guesses; g += 1) statuses.push((await signIn(`guess ${n}-${g}`, `10.0.${n}.1`)).status);
    }
    return statuses;
  };

  return {
    get t() {
      return t;
    },
    signIn,
    trustedBrowser,
    guessFrom,
  };
}

describe.each(testDatabases())("sign-in under attack on $dialect: many addresses and many guesses", ({ open }) => {
  const c = useAttackedApp(open);
  const { signIn, trustedBrowser, guessFrom } = c;

  it(
    "5 guesses from each of 21 addresses lock untrusted clients out " +
      "for at most an hour, never the admin's browser",
    async () => {
      const device = await trustedBrowser();
      const statuses = await guessFrom(21, 5);
      // The account-wide ceiling (100 an hour) admits the 101st and then holds the rest.
      expect(statuses.filter((s) => s === 401)).toHaveLength(101);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);

      const fresh = await signIn(PASSWORD, "192.0.2.50");
      expect(fresh.status).toBe(429);
      expect(Number(fresh.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
      // The admin's browser, from any address, is a trusted client.
      expect((await signIn(PASSWORD, "192.0.2.51", device)).status).toBe(200);
      expect((await signIn(PASSWORD, "10.0.3.1", device)).status).toBe(200);
    },
  );

  it(
    "hours of slow guessing from new addresses never lock " + "untrusted clients for more than an hour at a time",
    async () => {
      const device = await trustedBrowser();
      let address = 0;
      for (let minute = 0; minute < 4 * 60; minute += 1) {
        for (let i = 0; i < 3; i += 1) {
          address += 1;
          const response = await signIn("still guessing", `10.${(address >> 8) & 255}.${address & 255}.9`);
          expect([401, 429]).toContain(response.status);
          if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
        }
        if (minute % 30 === 0) expect((await signIn(PASSWORD, "192.0.2.80", device)).status).toBe(200);
        c.t.advance(60_000);
      }
      // The attack stops: within the hour an untrusted client signs in again.
      c.t.advance(HOUR);
      expect((await signIn(PASSWORD, "192.0.2.81")).status).toBe(200);
    },
  );

  it("40 parallel wrong guesses from one address: 6 are checked, 34 refused, none fails, all counted", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (async () => (await signIn(`parallel ${i}`, "203.0.113.9")).status)()),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(34);
    const rows = await c.t.services.database.db.selectFrom("auth_failures").select(["key", "count"]).execute();
    const counts = Object.fromEntries(rows.map((row) => [row.key.split(":").slice(0, 2).join(":"), row.count]));
    expect(counts).toEqual({ "sign-in:account-network": 6, "sign-in:network": 6, "sign-in:account": 6 });
    // The right password from there waits like any other attempt.
    expect((await signIn(PASSWORD, "203.0.113.9")).status).toBe(429);
  });
});

describe.each(testDatabases())("sign-in under attack on $dialect: the device cookie", ({ open }) => {
  const c = useAttackedApp(open);
  const { signIn, trustedBrowser, guessFrom } = c;

  it("a device cookie that is forged, altered or for another account gives no trust", async () => {
    const device = await trustedBrowser();
    await c.t.services.staff.create("deploy", "a different long passphrase 9");
    await guessFrom(21, 5);
    const [name, value] = device.split("=") as [string, string];
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    for (const cookie of [altered, `${name}=not.a.device.token`, `${name}=`]) {
      expect((await signIn(PASSWORD, "192.0.2.60", cookie)).status, cookie).toBe(429);
    }
    // A device token of "ops" does not make the browser trusted for "deploy" (whose own limits are untouched).
    const other = await c.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders({ "x-forwarded-for": "192.0.2.61", cookie: device }),
      body: JSON.stringify({ username: "deploy", password: "wrong" }),
    });
    expect(other.status).toBe(401);
    const keys = (await c.t.services.database.db.selectFrom("auth_failures").select("key").execute()).map(
      (row) => row.key,
    );
    const deploy = throttledAccount(c.t.services.signInDeps, "deploy");
    expect(keys.some((key) => key.startsWith(`sign-in:account-network:${deploy}:`))).toBe(true);
  });

  it("a trusted browser guessing wrong is held by its own limit, which others do not share", async () => {
    const device = await trustedBrowser();
    for (let i = 0; i < 6; i += 1) expect((await signIn(`wrong ${i}`, "198.51.100.1", device)).status).toBe(401);
    const held = await signIn(PASSWORD, "198.51.100.1", device);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBe(2);
    // Another untrusted client of the same account is not held by the device's failures.
    expect((await signIn(PASSWORD, "192.0.2.70")).status).toBe(200);
    c.t.advance(2_000);
    expect((await signIn(PASSWORD, "198.51.100.1", device)).status).toBe(200);
  });
});
