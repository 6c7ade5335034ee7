import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "008-status-updates";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  // What staff tell the public about an incident of a public service, in both
  // languages: its state (investigating, identified, monitoring, resolved), a
  // title (the newest one stands) and a message. Without any, the status page
  // shows a neutral line of its own.
  await db.schema
    .createTable("status_updates")
    .addColumn("id", id, primaryKey)
    .addColumn("incident_id", "integer", (c) => c.notNull())
    .addColumn("posted_at", "bigint", (c) => c.notNull())
    .addColumn("posted_by", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_de", "text", (c) => c.notNull())
    .addColumn("message_en", "text", (c) => c.notNull())
    .addColumn("message_de", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("status_updates_incident")
    .on("status_updates")
    .columns(["incident_id", "posted_at"])
    .execute();
}
