// Named leases in the database: exactly one holder at a time among every
// worker and instance that shares it. The probe scheduler holds "probes"
// and renews it (if it dies, the lease runs out and another takes over); an
// alert test holds "alert-test" while it runs; the daily retention purge runs
// only where "daily-purge" was taken. With the checks split into shards,
// each shard is a lease of its own (server/scheduling/shard-leases.ts).
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export function createLeases(db: Kysely<Database>, now: () => number) {
  return {
    /** Takes or renews the lease; true when `holder` has it until now + ttl. */
    async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
      const time = now();
      const row = await db
        .insertInto("monitor_leases")
        .values({ name, holder, expires_at: time + ttlMs })
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet({ holder, expires_at: time + ttlMs })
            .where((eb) =>
              eb.or([eb("monitor_leases.expires_at", "<=", time), eb("monitor_leases.holder", "=", holder)]),
            ),
        )
        .returning("holder")
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Still ours (checked before anything only the holder may do). */
    async holds(name: string, holder: string): Promise<boolean> {
      const row = await db
        .selectFrom("monitor_leases")
        .select("holder")
        .where("name", "=", name)
        .where("expires_at", ">", now())
        .executeTakeFirst();
      return row?.holder === holder;
    },

    async release(name: string, holder: string): Promise<void> {
      await db.deleteFrom("monitor_leases").where("name", "=", name).where("holder", "=", holder).execute();
    },

    /** Renews, in one statement, every lease under `prefix` that `holder` still has; answers their names. */
    async renewAll(prefix: string, holder: string, ttlMs: number): Promise<string[]> {
      const time = now();
      const rows = await db
        .updateTable("monitor_leases")
        .set({ expires_at: time + ttlMs })
        .where("name", "like", `${prefix}%`)
        .where("holder", "=", holder)
        .where("expires_at", ">", time)
        .returning("name")
        .execute();
      return rows.map((row) => row.name);
    },

    /** The leases under `prefix` that are held now, with their holders. */
    async live(prefix: string): Promise<{ name: string; holder: string }[]> {
      return db
        .selectFrom("monitor_leases")
        .select(["name", "holder"])
        .where("name", "like", `${prefix}%`)
        .where("expires_at", ">", now())
        .execute();
    },
  };
}

export type Leases = ReturnType<typeof createLeases>;
