import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "004-integrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  // The latest reading of each integration (nginx, haproxy, ai-services), shared
  // by every worker: one process samples, all of them answer from here.
  await db.schema
    .createTable("integration_snapshots")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("sampled_at", "bigint", (c) => c.notNull())
    .execute();

  // One row per monitored certificate (domain at serverIP:port): its last reading and alert state.
  await db.schema
    .createTable("certificates")
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("server_ip", "text", (c) => c.notNull())
    .addColumn("port", "integer", (c) => c.notNull())
    .addColumn("reading", "text", (c) => c.notNull())
    .addColumn("checked_at", "bigint", (c) => c.notNull())
    .addColumn("alerted_status", "text")
    .addColumn("alerted_at", "bigint")
    .addColumn("renewal_attempted_at", "bigint")
    .addPrimaryKeyConstraint("certificates_pk", ["domain", "server_ip", "port"])
    .execute();

  await db.schema
    .createTable("certificate_renewals")
    .addColumn("id", id, primaryKey)
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("server_ip", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("success", "integer", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("certificate_renewals_at").on("certificate_renewals").column("at").execute();

  // HTTP-01 answers, readable by whichever worker the ACME server reaches.
  await db.schema
    .createTable("acme_challenges")
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("key_authorization", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("acme_accounts")
    .addColumn("directory_url", "text", (c) => c.primaryKey())
    .addColumn("key_pem", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}
