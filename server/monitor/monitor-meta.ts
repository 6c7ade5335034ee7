// Small numbers the cycle runner shares with every process: when the last
// cycle ran, when the next is due, and a pending "run now".
import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export function createMeta(db: Kysely<Database>) {
  return {
    async get(key: string): Promise<number | null> {
      const row = await db.selectFrom("monitor_meta").select("value").where("key", "=", key).executeTakeFirst();
      return row ? Number(row.value) : null;
    },
    async set(key: string, value: number): Promise<void> {
      await db
        .insertInto("monitor_meta")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: sql`excluded.value` }))
        .execute();
    },
  };
}
