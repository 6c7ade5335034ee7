// Where push monitors' calls are kept: one row per token (by its sha256, so
// the database never holds a token someone could call with), written by
// whichever worker answers /api/push/<token> and read by the engine once per
// round for all of that round's push monitors.
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { PushReceipt } from "./checks/check-type.ts";

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export type PushCall = { status: "up" | "down"; message: string | null; pingMs: number | null };
export type PushWatch = { receipt: PushReceipt | undefined; watchedSince: number };

const BATCH = 500;

export function createPushLedger(db: Kysely<Database>) {
  return {
    /** Records a call of a configured token (the caller checked it is one). */
    async record(token: string, call: PushCall, time: number): Promise<void> {
      const values = { received_at: time, status: call.status, message: call.message, ping_ms: call.pingMs };
      await db
        .insertInto("monitor_pushes")
        .values({ token_hash: tokenHash(token), watched_since: time, ...values })
        .onConflict((oc) => oc.column("token_hash").doUpdateSet(values))
        .execute();
    },

    /**
     * What is known of these tokens, watching from `time` the ones seen for
     * the first time: a monitor never called fails only when its first call
     * is overdue, counted from when it was first watched.
     */
    async watch(tokens: readonly string[], time: number): Promise<Map<string, PushWatch>> {
      const hashes = new Map(tokens.map((token) => [token, tokenHash(token)]));
      const all = [...hashes.values()];
      for (let i = 0; i < all.length; i += BATCH) {
        const values = all.slice(i, i + BATCH).map((hash) => ({ token_hash: hash, watched_since: time }));
        await db
          .insertInto("monitor_pushes")
          .values(values)
          .onConflict((oc) => oc.column("token_hash").doNothing())
          .execute();
      }
      const rows = new Map<string, Database["monitor_pushes"]>();
      for (let i = 0; i < all.length; i += BATCH) {
        for (const row of await db
          .selectFrom("monitor_pushes")
          .selectAll()
          .where("token_hash", "in", all.slice(i, i + BATCH))
          .execute())
          rows.set(row.token_hash, row);
      }
      const found = new Map<string, PushWatch>();
      for (const [token, hash] of hashes) {
        const row = rows.get(hash);
        const receipt: PushReceipt | undefined =
          row?.received_at === null || row?.received_at === undefined
            ? undefined
            : {
                receivedAt: Number(row.received_at),
                status: row.status === "down" ? "down" : "up",
                message: row.message,
                pingMs: row.ping_ms === null ? null : Number(row.ping_ms),
              };
        found.set(token, { receipt, watchedSince: Number(row?.watched_since ?? time) });
      }
      return found;
    },
  };
}

export type PushLedger = ReturnType<typeof createPushLedger>;
