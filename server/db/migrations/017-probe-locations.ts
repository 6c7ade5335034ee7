import type { Kysely } from "kysely";

export const name = "017-probe-locations";

// Checks from more than one place: what each remote probe last said about itself (when its last batch came, its own
// connectivity, how far its clock was off), and every result a probe sent, by endpoint, location and the time it was
// measured (in the server's time). The key makes a batch sent twice (an answer lost on the way back) count once.
// The judged verdict of a host stays in monitor_results, so uptime and history read as before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("probe_locations")
    .addColumn("location", "text", (c) => c.primaryKey())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("online", "integer", (c) => c.notNull())
    .addColumn("connectivity_checked_at", "bigint")
    .addColumn("connectivity_error", "text")
    .addColumn("skew_ms", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("probe_results")
    .addColumn("endpoint_id", "integer", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("checked_at", "bigint", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("response_ms", "integer")
    .addColumn("error_message", "text")
    .addColumn("skew_ms", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("probe_results_pk", ["endpoint_id", "location", "checked_at"])
    .execute();
  await db.schema.createIndex("probe_results_checked").on("probe_results").column("checked_at").execute();
}
