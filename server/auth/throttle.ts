// Failed sign-ins slow an attacker down with growing delays, kept in the
// database so every worker and instance sees them. Keys: the client IP (any
// account), the account from that IP, and the account from anywhere with a
// generous ceiling, so nobody can lock the real admin out from elsewhere.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export type ThrottleRule = {
  prefix: "ip" | "account-ip" | "account";
  /** Failures allowed in the window before delays start. */
  free: number;
  windowMs: number;
  /** Delay after the first failure over the limit; doubles with each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
};

export const THROTTLE_RULES: readonly ThrottleRule[] = [
  { prefix: "account-ip", free: 5, windowMs: 15 * 60_000, baseDelayMs: 2_000, maxDelayMs: 15 * 60_000 },
  { prefix: "ip", free: 20, windowMs: 15 * 60_000, baseDelayMs: 2_000, maxDelayMs: 60 * 60_000 },
  // OWASP ASVS 4 (2.2.1): at most 100 failures per hour per account.
  { prefix: "account", free: 100, windowMs: 60 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 },
];

export function throttleKeys(account: string, ipHash: string): Record<ThrottleRule["prefix"], string> {
  return { ip: `ip:${ipHash}`, "account-ip": `account-ip:${account}:${ipHash}`, account: `account:${account}` };
}

export function createThrottle(db: Kysely<Database>, now: () => number = Date.now, rules = THROTTLE_RULES) {
  return {
    /** Milliseconds until another attempt is allowed for these keys; 0 when allowed. */
    async retryAfterMs(keys: Record<ThrottleRule["prefix"], string>): Promise<number> {
      const rows = await db.selectFrom("auth_failures").select(["key", "blocked_until"]).where("key", "in", Object.values(keys)).execute();
      const time = now();
      return Math.max(0, ...rows.map((row) => row.blocked_until - time));
    },

    async recordFailure(keys: Record<ThrottleRule["prefix"], string>): Promise<void> {
      const time = now();
      for (const rule of rules) {
        const key = keys[rule.prefix];
        await db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom("auth_failures").selectAll().where("key", "=", key).executeTakeFirst();
          const fresh = !row || time - row.window_start >= rule.windowMs;
          const count = fresh ? 1 : row.count + 1;
          const over = count - rule.free;
          const blockedUntil = over > 0 ? time + Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (over - 1)) : 0;
          if (row) {
            await trx
              .updateTable("auth_failures")
              .set({ count, window_start: fresh ? time : row.window_start, blocked_until: blockedUntil })
              .where("key", "=", key)
              .execute();
          } else {
            await trx.insertInto("auth_failures").values({ key, count, window_start: time, blocked_until: blockedUntil }).execute();
          }
        });
      }
    },

    /** A successful sign-in clears the account's failures from that IP. */
    async clear(keys: Record<ThrottleRule["prefix"], string>): Promise<void> {
      await db.deleteFrom("auth_failures").where("key", "=", keys["account-ip"]).execute();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
