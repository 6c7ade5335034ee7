import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "012-audit-trail";

// What staff did and what happened to the sign-in: who (the account's name, kept as text so a row outlives a
// renamed or removed account), when, from where (the keyed IP pseudonym, never the address) and what. Rows are
// only added; the one delete is the year's retention (server/audit/audit-trail.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "bigserial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("audit_events")
    .addColumn("id", id, primaryKey)
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("actor", "text")
    .addColumn("actor_id", "integer")
    .addColumn("source", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("audit_events_at").on("audit_events").column("at").execute();
  await db.schema.createIndex("audit_events_action").on("audit_events").columns(["action", "at"]).execute();
}
