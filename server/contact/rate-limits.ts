// How many contact messages are accepted per hour: per client IP (3, as the
// browser promises) and in all (so a flood from many addresses stays
// bounded). Counted in the database, where every worker and instance sees
// the same numbers, with one atomic upsert per key, so concurrent requests
// cannot slip past the limit between a read and a write.
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

export const RATE_WINDOW_MS = 60 * 60_000;

export type ContactRateLimits = {
  /** Accepted messages per client IP per hour; 0 turns the limit off. */
  perIp: number;
  /** Accepted messages from everyone per hour; 0 turns the limit off. */
  global: number;
};

export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super("Too many submissions");
  }
}

/**
 * Counts one submission against a key inside the caller's transaction and
 * throws RateLimited when that makes it one too many, so the transaction,
 * count included, rolls back.
 */
export async function countSubmission(trx: Transaction<Database>, key: string, limit: number, time: number): Promise<void> {
  if (limit <= 0) return;
  const restart = sql<boolean>`${time} - contact_rate_limits.window_start >= ${RATE_WINDOW_MS}`;
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
  if (row.count > limit) throw new RateLimited(Number(row.window_start) + RATE_WINDOW_MS - time);
}

/** Windows that ended no longer limit anyone. */
export async function purgeRateWindows(db: Kysely<Database>, time: number): Promise<void> {
  await db.deleteFrom("contact_rate_limits").where("window_start", "<=", time - RATE_WINDOW_MS).execute();
}
