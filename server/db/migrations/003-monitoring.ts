import { sql, type Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "003-monitoring";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  // One small integer per service and host, so each stored result is a few bytes.
  await db.schema
    .createTable("monitor_endpoints")
    .addColumn("id", id, primaryKey)
    .addColumn("service_id", "text", (c) => c.notNull())
    .addColumn("host", "text", (c) => c.notNull())
    .addUniqueConstraint("monitor_endpoints_service_host", ["service_id", "host"])
    .execute();

  await db.schema
    .createTable("monitor_host_state")
    .addColumn("endpoint_id", "integer", (c) => c.primaryKey())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // Raw results (48 hours): status 0 healthy, 1 degraded, 2 unhealthy.
  let results = db.schema
    .createTable("monitor_results")
    .addColumn("endpoint_id", "integer", (c) => c.notNull())
    .addColumn("checked_at", "bigint", (c) => c.notNull())
    .addColumn("status", "smallint", (c) => c.notNull())
    .addColumn("response_ms", "integer")
    .addPrimaryKeyConstraint("monitor_results_pk", ["endpoint_id", "checked_at"]);
  if (dialect === "sqlite") results = results.modifyEnd(sql`without rowid`);
  await results.execute();
  await db.schema.createIndex("monitor_results_checked_at").on("monitor_results").column("checked_at").execute();

  // Hourly rollups (90 days).
  let rollups = db.schema
    .createTable("monitor_rollups")
    .addColumn("endpoint_id", "integer", (c) => c.notNull())
    .addColumn("hour", "bigint", (c) => c.notNull())
    .addColumn("checks", "integer", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("mean_ms", "real")
    .addColumn("p95_ms", "integer")
    .addPrimaryKeyConstraint("monitor_rollups_pk", ["endpoint_id", "hour"]);
  if (dialect === "sqlite") rollups = rollups.modifyEnd(sql`without rowid`);
  await rollups.execute();

  await db.schema
    .createTable("alert_memory")
    .addColumn("service_id", "text", (c) => c.primaryKey())
    .addColumn("memory", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("alert_history")
    .addColumn("id", id, primaryKey)
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("service_id", "text", (c) => c.notNull())
    .addColumn("host", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("severity", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("suppressed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("outbox_id", "integer")
    .execute();
  await db.schema.createIndex("alert_history_at").on("alert_history").column("at").execute();

  await db.schema
    .createTable("maintenance_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("is_active", "integer", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("enabled_at", "bigint")
    .addColumn("enabled_by", "text")
    .addColumn("estimated_duration_minutes", "integer")
    .addColumn("notes", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("maintenance_history")
    .addColumn("id", id, primaryKey)
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("by_user", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("notes", "text")
    .addColumn("estimated_duration_minutes", "integer")
    .execute();

  // Who runs the cycles (and who is running an alert test): a lease per name.
  await db.schema
    .createTable("monitor_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("monitor_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "bigint", (c) => c.notNull())
    .execute();
}
