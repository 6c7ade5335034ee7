// Sign-in attempts are limited per key with growing delays, kept in the
// database so every worker and instance sees them. An attempt is reserved
// before its password is checked, in one atomic statement per key, so 40
// parallel guesses cannot all read "allowed" before any of them is counted;
// a successful attempt gives its reservation back.
//
// Which keys apply depends on the client (OWASP's "device cookie" scheme,
// see device-token.ts): a browser that signed in to the account before is
// limited only by its own device key, so nobody else's failures lock it out;
// every other client is limited per address, per account from that address,
// and per account from all untrusted clients, none longer than an hour.
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export type ThrottleRule = {
  /** Attempts admitted in the window before delays start. */
  free: number;
  windowMs: number;
  /** Delay after the first attempt over the limit; doubles with each further admitted one. */
  baseDelayMs: number;
  maxDelayMs: number;
};

const MINUTE = 60_000;

export const THROTTLE_RULES = {
  /** A trusted browser: its own failures only. */
  device: { free: 5, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE },
  "account-ip": { free: 5, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE },
  ip: { free: 20, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 60 * MINUTE },
  // OWASP ASVS 4 (2.2.1): at most 100 failures per hour per account, from untrusted clients.
  account: { free: 100, windowMs: 60 * MINUTE, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Wrong push tokens or bearers from one client network, per surface (key-guard.ts). */
  "key-miss": { free: 10, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleKind = keyof typeof THROTTLE_RULES;
export type ThrottleKey = { kind: ThrottleKind; key: string };

/** The keys of one attempt: a trusted device's own key, or the three keys of an untrusted client. */
export function throttleKeys(account: string, ipHash: string, deviceId?: string): ThrottleKey[] {
  if (deviceId) return [{ kind: "device", key: `device:${deviceId}` }];
  return [
    { kind: "account-ip", key: `account-ip:${account}:${ipHash}` },
    { kind: "ip", key: `ip:${ipHash}` },
    { kind: "account", key: `account:${account}` },
  ];
}

export type Reservation = { ok: true; keys: ThrottleKey[] } | { ok: false; retryAfterMs: number };

export function createThrottle(db: Kysely<Database>, now: () => number = Date.now) {
  /**
   * One atomic upsert: a blocked key is left as it is; otherwise the attempt
   * is counted (a new window starts at 1), and one over the limit sets the
   * next delay, double the last. Returns whether this attempt was admitted.
   */
  async function reserveKey(
    { kind, key }: ThrottleKey,
    time: number,
  ): Promise<{ admitted: boolean; blockedUntil: number }> {
    const rule = THROTTLE_RULES[kind];
    const attempt = randomUUID();
    const blocked = sql<boolean>`auth_failures.blocked_until > ${time}`;
    const restart = sql<boolean>`${time} - auth_failures.window_start >= ${rule.windowMs}`;
    const count = sql<number>`case when ${restart} then 1 else auth_failures.count + 1 end`;
    const { baseDelayMs: base, maxDelayMs: max } = rule;
    const twice = sql<number>`auth_failures.delay_ms * 2`;
    const doubled = sql<number>`case when ${twice} > ${max} then ${max}
      when ${twice} < ${base} then ${base} else ${twice} end`;
    const next = sql<number>`case when ${restart} then ${base} else ${doubled} end`;
    const delay = sql<number>`case when ${count} > ${rule.free} then ${next} else 0 end`;
    const row = await db
      .insertInto("auth_failures")
      .values({ key, count: 1, window_start: time, last_attempt: attempt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`case when ${blocked} then auth_failures.count else ${count} end`,
          window_start: sql<number>`case when ${blocked} or not (${restart}) then auth_failures.window_start
            else ${time} end`,
          delay_ms: sql<number>`case when ${blocked} then auth_failures.delay_ms else ${delay} end`,
          blocked_until: sql<number>`case when ${blocked} then auth_failures.blocked_until
            when ${delay} > 0 then ${time} + ${delay} else 0 end`,
          last_attempt: sql<string>`case when ${blocked} then auth_failures.last_attempt else ${attempt} end`,
        }),
      )
      .returning(["last_attempt", "blocked_until"])
      .executeTakeFirstOrThrow();
    return { admitted: row.last_attempt === attempt, blockedUntil: Number(row.blocked_until) };
  }

  /** Gives one admitted attempt back: it succeeded, or another key refused it. */
  async function refund({ kind, key }: ThrottleKey): Promise<void> {
    const rule = THROTTLE_RULES[kind];
    const under = sql<boolean>`auth_failures.count - 1 <= ${rule.free}`;
    await db
      .updateTable("auth_failures")
      .set({
        count: sql<number>`case when auth_failures.count > 0 then auth_failures.count - 1 else 0 end`,
        blocked_until: sql<number>`case when ${under} then 0 else auth_failures.blocked_until end`,
        delay_ms: sql<number>`case when ${under} then 0 else auth_failures.delay_ms end`,
      })
      .where("key", "=", key)
      .execute();
  }

  /** How long any of the keys is still blocked at `time` (0: none is). */
  async function waitingAt(keys: ThrottleKey[], time: number): Promise<number> {
    const rows = await db
      .selectFrom("auth_failures")
      .select("blocked_until")
      .where(
        "key",
        "in",
        keys.map((k) => k.key),
      )
      .execute();
    return Math.max(0, ...rows.map((row) => Number(row.blocked_until) - time));
  }

  return {
    /** How long any of the keys is still blocked, in ms (0: none is); counts nothing. */
    waiting: (keys: ThrottleKey[]) => waitingAt(keys, now()),

    /**
     * Reserves an attempt under every key, before any password is checked.
     * Refused when any key is blocked; the keys already reserved are given back.
     */
    async reserve(keys: ThrottleKey[]): Promise<Reservation> {
      const time = now();
      // Most refusals are seen by this cheap read, without a write.
      const waiting = await waitingAt(keys, time);
      if (waiting > 0) return { ok: false, retryAfterMs: waiting };
      const reserved: ThrottleKey[] = [];
      for (const key of keys) {
        const result = await reserveKey(key, time);
        if (!result.admitted) {
          await Promise.all(reserved.map(refund));
          return { ok: false, retryAfterMs: Math.max(1, result.blockedUntil - time) };
        }
        reserved.push(key);
      }
      return { ok: true, keys: reserved };
    },

    /**
     * A successful sign-in: its own key (device, or account from that address) starts afresh; the shared keys get the
     * attempt back.
     */
    async succeeded(keys: ThrottleKey[]): Promise<void> {
      const own = keys.filter((k) => k.kind === "device" || k.kind === "account-ip").map((k) => k.key);
      if (own.length > 0) await db.deleteFrom("auth_failures").where("key", "in", own).execute();
      await Promise.all(keys.filter((k) => k.kind === "ip" || k.kind === "account").map(refund));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
