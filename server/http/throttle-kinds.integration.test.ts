// Throttle keys carry their kind: what counts against one purpose never holds
// another. Before, failed invitation look-ups counted as sign-ins at an
// account named "invitation", and passkeys nobody has as sign-ins at one named
// "unknown-passkey": a flood of either locked the staff member of that name out.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { throttleKey } from "#server/auth/throttle.ts";
import { createAuthenticator } from "#tests/support/software-authenticator.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { useStaffApp } from "#tests/support/staff-browser.ts";

/** 21 addresses: together past every account-wide limit there was (100 an hour), each past its own. */
const ADDRESSES = Array.from({ length: 21 }, (_, n) => `10.9.${n}.1`);

describe.each(testDatabases())("throttle kinds on $dialect: one purpose never holds another", ({ open }) => {
  const s = useStaffApp(open, { TRUST_PROXY: "true" });

  it("unknown invitation links from 21 addresses do not hold the sign-in of an account named invitation", async () => {
    const { t } = s;
    await t.services.staff.create("invitation", STAFF_PASSWORD, "viewer");
    const statuses: number[] = [];
    for (const address of ADDRESSES)
      for (let i = 0; i < 6; i += 1) {
        const token = randomBytes(32).toString("base64url");
        const guest = s.browser("Guesser", address);
        statuses.push((await guest.post("/api/auth/invitations/lookup", { token })).status);
      }
    expect(statuses.filter((status) => status === 404)).toHaveLength(126);
    // The first address goes on until its network is held.
    const guesser = s.browser("Guesser", ADDRESSES[0]);
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i += 1)
      status = (await guesser.post("/api/auth/invitations/lookup", { token: "x".repeat(43) })).status;
    expect(status).toBe(429);

    // From a guessing address and from elsewhere, the account signs in.
    expect((await s.browser("Staff", ADDRESSES[0]).signIn("invitation")).status).toBe(200);
    expect((await s.browser("Staff", "192.0.2.10").signIn("invitation")).status).toBe(200);
  });

  it("passkeys nobody has, from 21 addresses, do not hold the sign-in of the account unknown-passkey", async () => {
    const { t } = s;
    await t.services.staff.create("unknown-passkey", STAFF_PASSWORD, "viewer");
    const stranger = createAuthenticator(t.services.rp.origin, t.services.rp.id, "nobody");
    const statuses: number[] = [];
    for (const address of ADDRESSES)
      for (let i = 0; i < 5; i += 1) {
        const browser = s.browser("Guesser", address);
        const options = await browser.post("/api/auth/passkey/options");
        const { challenge } = ((await options.json()) as { options: { challenge: string } }).options;
        const response = stranger.authenticate(challenge);
        statuses.push((await browser.post("/api/auth/passkey/sign-in", { response })).status);
      }
    expect(statuses.filter((status) => status === 401)).toHaveLength(105);
    expect((await s.browser("Staff", "192.0.2.11").signIn("unknown-passkey")).status).toBe(200);
  });

  it("lets rows of the older key format, and any other idle row, age out within a day", async () => {
    const { t } = s;
    const db = t.services.database.db;
    const now = t.clock.now;
    const row = (key: string, windowStart: number, blockedUntil = 0) => ({
      key,
      count: 30,
      window_start: windowStart,
      blocked_until: blockedUntil,
    });
    await db
      .insertInto("auth_failures")
      .values([
        row("account:invitation", now - 25 * 60 * 60_000),
        row("ip:0123456789abcdef", now - 2 * 60 * 60_000),
        row("account:unknown-passkey", now - 25 * 60 * 60_000, now + 60_000),
      ])
      .execute();
    expect(await t.services.throttle.purgeIdle()).toBe(1);
    t.advance(24 * 60 * 60_000);
    expect(await t.services.throttle.purgeIdle()).toBe(2);
    expect(await db.selectFrom("auth_failures").selectAll().execute()).toEqual([]);
  });

  it("makes keys that no value can make collide across kinds", () => {
    const keys = [
      throttleKey("sign-in:account", "invitation"),
      throttleKey("invitation:network", "invitation"),
      throttleKey("sign-in:account-network", "a:b", "c"),
      throttleKey("sign-in:account-network", "a", "b:c"),
      throttleKey("key-miss:network", "push", "x"),
      throttleKey("sign-in:network", "push:x"),
    ].map((k) => k.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[2]).toBe("sign-in:account-network:a%3Ab:c");
  });
});
