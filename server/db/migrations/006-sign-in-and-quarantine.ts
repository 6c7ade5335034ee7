import { sql, type Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "006-sign-in-and-quarantine";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Sign-in attempts are now reserved atomically before the password check:
  // each key remembers its current delay (to double it in the same statement)
  // and the last attempt it admitted (so a request knows whether it was the
  // one admitted). The rows are short-lived counters; starting afresh loses nothing.
  await db.schema.dropTable("auth_failures").execute();
  await db.schema
    .createTable("auth_failures")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("blocked_until", "bigint", (c) => c.notNull().defaultTo(sql`0`))
    .addColumn("delay_ms", "bigint", (c) => c.notNull().defaultTo(sql`0`))
    .addColumn("last_attempt", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  // Past the global ceiling a valid contact message is kept, held back from
  // mail until staff release it.
  await db.schema
    .alterTable("contact_messages")
    .addColumn("quarantined", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
