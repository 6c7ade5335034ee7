// How many contact messages are taken in per hour: per client address (20 by
// default: a shared office is many colleagues; the browser itself allows 3)
// and in all (so a flood from many addresses stays bounded: past it, messages
// are kept in quarantine rather than mailed). Counted in the database, where
// every worker and instance sees the same numbers, with one atomic upsert per
// key, so concurrent requests cannot slip past the limit between a read and a write.
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

export const RATE_WINDOW_MS = 60 * 60_000;
/** The longest window a key counts in (a mailbox's one confirmation a day): rows are kept until it ends. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

export type ContactRateLimits = {
  /** Messages per client address per hour; 0 turns the limit off. */
  perIp: number;
  /**
   * Messages from everyone per hour that are mailed at once; past it they wait in quarantine. 0 turns the limit off.
   */
  global: number;
};

export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super("Too many submissions");
  }
}

/**
 * Milliseconds until the key takes submissions again when it is already at
 * its limit, else 0: a read, so a refusal costs no write.
 */
export async function waitForKey(db: Kysely<Database>, key: string, limit: number, time: number): Promise<number> {
  if (limit <= 0) return 0;
  const row = await db
    .selectFrom("contact_rate_limits")
    .select(["count", "window_start"])
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row || time - Number(row.window_start) >= RATE_WINDOW_MS || row.count < limit) return 0;
  return Number(row.window_start) + RATE_WINDOW_MS - time;
}

/**
 * Counts one submission against a key inside the caller's transaction and
 * returns how long until the window ends when that makes it one too many
 * (else 0). The caller decides: throw RateLimited to roll the count back,
 * or take the message in differently.
 */
export async function countSubmission(
  trx: Transaction<Database>,
  key: string,
  limit: number,
  time: number,
  windowMs = RATE_WINDOW_MS,
): Promise<number> {
  if (limit <= 0) return 0;
  const { count, retryAfterMs } = await countInWindow(trx, key, time, windowMs);
  return count > limit ? retryAfterMs : 0;
}

/**
 * Counts one more against a key in its window (a window that ended starts again) and returns the count with the time
 * until the window ends: for callers whose rule needs the number, not only a limit.
 */
export async function countInWindow(
  trx: Transaction<Database>,
  key: string,
  time: number,
  windowMs = RATE_WINDOW_MS,
): Promise<{ count: number; retryAfterMs: number }> {
  const restart = sql<boolean>`${time} - contact_rate_limits.window_start >= ${windowMs}`;
  const row = await trx
    .insertInto("contact_rate_limits")
    .values({ key, window_start: time, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when ${restart} then 1 else contact_rate_limits.count + 1 end`,
        window_start: sql<number>`case when ${restart} then ${time} else contact_rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), retryAfterMs: Math.max(1, Number(row.window_start) + windowMs - time) };
}

/** Windows that ended no longer limit anyone; an hour's window is kept as long as a day's, which costs a row. */
export async function purgeRateWindows(db: Kysely<Database>, time: number): Promise<void> {
  await db
    .deleteFrom("contact_rate_limits")
    .where("window_start", "<=", time - LONGEST_WINDOW_MS)
    .execute();
}
