import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "009-dependencies-and-announcements";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  // Targets that failed while something they depend on had an open incident:
  // told in that incident's notices instead of their own, shown under it on
  // the status page and as "affected by" on the dashboard. `until` is set when
  // the target stopped failing before the incident resolved; otherwise the
  // incident's resolution ends it.
  await db.schema
    .createTable("incident_affected")
    .addColumn("id", id, primaryKey)
    .addColumn("incident_id", "integer", (c) => c.notNull().references("incidents.id").onDelete("cascade"))
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("group_name", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("service_id", "text")
    .addColumn("since", "bigint", (c) => c.notNull())
    .addColumn("until", "bigint")
    .addUniqueConstraint("incident_affected_once", ["incident_id", "target"])
    .execute();
  await db.schema.createIndex("incident_affected_target").on("incident_affected").column("target").execute();

  // Maintenance start and end notices already queued, by event ("manual-start@<enabled at>",
  // "window-end:<name>@<start>"): every worker and instance watches maintenance, the first one tells.
  await db.schema
    .createTable("maintenance_announcements")
    .addColumn("event", "text", (c) => c.primaryKey())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
}
