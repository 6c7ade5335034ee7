// Guesses at keys (passwords, codes, tokens) are limited per throttle key
// with growing delays, kept in the database so every worker and instance sees
// them. An attempt is reserved before its guess is checked, in one atomic
// statement per key, so 40 parallel guesses cannot all read "allowed" before
// any of them is counted; a successful attempt gives its reservation back.
//
// A key is its kind, "<purpose>:<what is counted>", then its values, each
// escaped so that none holds a ":": keys of two kinds never meet, whatever a
// typed name is ("invitation" or "unknown-passkey" are names like any other).
//
// Which sign-in keys apply depends on the client (OWASP's "device cookie"
// scheme, see device-token.ts): a browser that signed in to the account
// before is limited only by its own device key, so nobody else's failures
// lock it out; every other client is limited per network, per account from
// that network, and per account from all untrusted clients, none longer than
// an hour. Authenticator codes have a daily budget of their own (below).
import { randomUUID } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "#server/db/schema.ts";

export type ThrottleRule = {
  /** Attempts admitted in the window before delays start. */
  free: number;
  windowMs: number;
  /** Delay after the first attempt over the limit; doubles with each further admitted one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The first attempt over the limit holds the key until its window ends, whatever the delays say. */
  holdToWindowEnd?: true;
  /** A success forgets the key's failures (a client's own key); otherwise it gives back its own attempt only. */
  forgetOnSuccess?: true;
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Authenticator codes: verifyTotp (totp.ts) accepts the codes of 3 time steps, so one guess of the 10^6 six-digit
// codes hits with p = 3/10^6. After G guesses the chance of a hit is 1 - (1 - p)^G; kept under 1 % a year:
//   G < ln(0.99) / ln(1 - 3e-6) = 0.01005034 / 0.0000030000045 = 3350.1, so G <= 3350.
// A code key admits `free + 1` guesses in a window of a day, and a window starts at its first attempt after the
// last one ended, so a year (365 days) holds at most 366 windows:
//   untrusted clients together: 5 a day -> 366 * 5 = 1830 a year, 0.55 %;
//   trusted browsers together (device-token.ts: each signed in with the account before): 4 a day -> 1464 a year;
//   both, for someone holding the password and a trusted browser's cookie: 3294 a year, 0.98 %.
// Someone with the password alone cannot spend the trusted browsers' budget, so the person is never locked out
// of a browser they signed in with before; recovery codes (50 bits) and passkeys are not counted against it.
const CODE_WINDOW = { windowMs: DAY, baseDelayMs: DAY, maxDelayMs: DAY, holdToWindowEnd: true } as const;

/** A client's own allowance (a trusted browser's, or one network's at one account): forgotten when it signs in. */
const OWN = {
  free: 5,
  windowMs: 15 * MINUTE,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * MINUTE,
  forgetOnSuccess: true,
} as const;
/** What one client network may ask of one surface in 15 minutes before delays start. */
const NETWORK = { free: 20, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 60 * MINUTE } as const;

export const THROTTLE_RULES = {
  /** A trusted browser's sign-ins: its own failures only. */
  "sign-in:device": OWN,
  "sign-in:account-network": OWN,
  "sign-in:network": NETWORK,
  // OWASP ASVS 4 (2.2.1): at most 100 failures per hour per account, from untrusted clients.
  "sign-in:account": { free: 100, windowMs: 60 * MINUTE, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Authenticator codes tried at an account from every untrusted client: 5 a day (see above). */
  "totp:account": { free: 4, ...CODE_WINDOW },
  /** Authenticator codes tried at an account from its trusted browsers, all of them together: 4 a day. */
  "totp:trusted": { free: 3, ...CODE_WINDOW },
  /** Wrong push tokens or bearers from one client network, per surface (key-guard.ts). */
  "key-miss:network": { free: 10, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE },
  /** Unknown invitation links tried from one client network. */
  "invitation:network": NETWORK,
  /** Passwordless passkey ceremonies asked for by one client network (each is a row for five minutes). */
  "passkey-options:network": NETWORK,
  /** Single sign-ons started by one client network (each is a row for ten minutes). */
  "sso-start:network": { free: 30, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleKind = keyof typeof THROTTLE_RULES;
export type ThrottleKey = { kind: ThrottleKind; key: string };

/** The longest window of any rule: a row idle longer than this is as good as none. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(THROTTLE_RULES).map((rule: ThrottleRule) => rule.windowMs));

/** The key of one kind for these values (a network's pseudonym, an account's name, a device id...). */
export function throttleKey(kind: ThrottleKind, ...values: string[]): ThrottleKey {
  return { kind, key: [kind, ...values.map(encodeURIComponent)].join(":") };
}

/** The sign-in keys of one attempt: a trusted device's own key, or the three keys of an untrusted client. */
export function signInKeys(account: string, network: string, deviceId?: string): ThrottleKey[] {
  if (deviceId) return [throttleKey("sign-in:device", deviceId)];
  return [
    throttleKey("sign-in:account-network", account, network),
    throttleKey("sign-in:network", network),
    throttleKey("sign-in:account", account),
  ];
}

/** The code budget an authenticator code is counted against, besides the sign-in keys. */
export function codeKey(account: string, trusted: boolean): ThrottleKey {
  return throttleKey(trusted ? "totp:trusted" : "totp:account", account);
}

export type Reservation =
  | { ok: true; keys: ThrottleKey[] }
  | { ok: false; retryAfterMs: number; /** The kind of the key that held the attempt. */ kind: ThrottleKind };

const kindOf = (key: string) => key.split(":").slice(0, 2).join(":") as ThrottleKind;

/** The delay an attempt over the limit sets: double the last (within the rule's bounds), or to the window's end. */
function nextDelay(rule: ThrottleRule, time: number, restart: RawBuilder<boolean>) {
  const { baseDelayMs: base, maxDelayMs: max, windowMs } = rule;
  if (rule.holdToWindowEnd) {
    const windowEnd = sql<number>`auth_failures.window_start + ${windowMs}`;
    return sql<number>`case when ${restart} then ${windowMs} else ${windowEnd} - ${time} end`;
  }
  const twice = sql<number>`auth_failures.delay_ms * 2`;
  const doubled = sql<number>`case when ${twice} > ${max} then ${max}
    when ${twice} < ${base} then ${base} else ${twice} end`;
  return sql<number>`case when ${restart} then ${base} else ${doubled} end`;
}

/**
 * One atomic upsert: a blocked key is left as it is; otherwise the attempt
 * is counted (a new window starts at 1), and one over the limit sets the
 * next delay. Returns whether this attempt was admitted.
 */
async function reserveKey(
  db: Kysely<Database>,
  { kind, key }: ThrottleKey,
  time: number,
): Promise<{ admitted: boolean; blockedUntil: number }> {
  const rule: ThrottleRule = THROTTLE_RULES[kind];
  const attempt = randomUUID();
  const blocked = sql<boolean>`auth_failures.blocked_until > ${time}`;
  const restart = sql<boolean>`${time} - auth_failures.window_start >= ${rule.windowMs}`;
  const count = sql<number>`case when ${restart} then 1 else auth_failures.count + 1 end`;
  const delay = sql<number>`case when ${count} > ${rule.free} then ${nextDelay(rule, time, restart)} else 0 end`;
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
async function refund(db: Kysely<Database>, { kind, key }: ThrottleKey): Promise<void> {
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

export function createThrottle(db: Kysely<Database>, now: () => number = Date.now) {
  /** How long the keys are still held at `time`, and the kind of the one held longest (none: 0 ms). */
  async function waitingAt(keys: ThrottleKey[], time: number): Promise<{ ms: number; kind?: ThrottleKind }> {
    const rows = await db
      .selectFrom("auth_failures")
      .select(["key", "blocked_until"])
      .where(
        "key",
        "in",
        keys.map((k) => k.key),
      )
      .execute();
    let longest: { ms: number; kind?: ThrottleKind } = { ms: 0 };
    for (const row of rows) {
      const ms = Number(row.blocked_until) - time;
      if (ms > longest.ms) longest = { ms, kind: kindOf(row.key) };
    }
    return longest;
  }

  return {
    /** How long any of the keys is still blocked, in ms (0: none is); counts nothing. */
    waiting: async (keys: ThrottleKey[]) => (await waitingAt(keys, now())).ms,

    /**
     * Reserves an attempt under every key, before any guess is checked.
     * Refused when any key is blocked; the keys already reserved are given back.
     */
    async reserve(keys: ThrottleKey[]): Promise<Reservation> {
      const time = now();
      // Most refusals are seen by this cheap read, without a write.
      const waiting = await waitingAt(keys, time);
      if (waiting.kind) return { ok: false, retryAfterMs: waiting.ms, kind: waiting.kind };
      const reserved: ThrottleKey[] = [];
      for (const key of keys) {
        const result = await reserveKey(db, key, time);
        if (!result.admitted) {
          await Promise.all(reserved.map((held) => refund(db, held)));
          return { ok: false, retryAfterMs: Math.max(1, result.blockedUntil - time), kind: key.kind };
        }
        reserved.push(key);
      }
      return { ok: true, keys: reserved };
    },

    /** A success: a client's own keys start afresh; the shared keys get this attempt back. */
    async succeeded(keys: ThrottleKey[]): Promise<void> {
      const forget = (key: ThrottleKey) => (THROTTLE_RULES[key.kind] as ThrottleRule).forgetOnSuccess === true;
      const own = keys.filter(forget).map((k) => k.key);
      if (own.length > 0) await db.deleteFrom("auth_failures").where("key", "in", own).execute();
      await Promise.all(keys.filter((key) => !forget(key)).map((key) => refund(db, key)));
    },

    /**
     * Deletes rows that hold nothing any more: past their block and past the longest window, a row counts as none.
     * Rows of kinds no longer used (an older key format) go the same way.
     */
    async purgeIdle(): Promise<number> {
      const time = now();
      const result = await db
        .deleteFrom("auth_failures")
        .where("blocked_until", "<=", time)
        .where("window_start", "<=", time - LONGEST_WINDOW_MS)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
