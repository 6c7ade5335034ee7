import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "014-status-subscriptions";

// Visitors who subscribe to the status page by e-mail, customers' systems that take its events as signed JSON, and
// the events told to them, each once (decision 039).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "bigserial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("status_subscribers")
    .addColumn("id", id, primaryKey)
    // Lower case: one row per address, whatever its spelling.
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    // What the subscription is while it lasts: null until confirmed. services: JSON array of ids, null for all.
    .addColumn("language", "varchar(2)")
    .addColumn("services", "text")
    .addColumn("confirmed_at", "bigint")
    // The consent record: when and from where (keyed IP pseudonym) the subscription in force was asked for and
    // confirmed, and the version of the text the visitor agreed to. Copied from the request when it is confirmed,
    // so a later request that is never confirmed leaves it as it was.
    .addColumn("consent_version", "varchar(32)")
    .addColumn("consent_requested_at", "bigint")
    .addColumn("consent_requested_ip", "varchar(64)")
    .addColumn("confirmed_ip", "varchar(64)")
    // The request waiting for its confirmation (a first one, or a confirmed subscriber's new choice).
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("requested_ip", "varchar(64)", (c) => c.notNull())
    .addColumn("requested_language", "varchar(2)", (c) => c.notNull())
    .addColumn("requested_services", "text")
    .addColumn("requested_consent_version", "varchar(32)", (c) => c.notNull())
    .addColumn("confirm_hash", "varchar(64)")
    .addColumn("confirm_sent_at", "bigint", (c) => c.notNull())
    .addColumn("confirm_expires_at", "bigint", (c) => c.notNull())
    // Part of what the unsubscribe link signs: a new subscription of the same address gets a new link.
    .addColumn("nonce", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("status_subscribers_confirm").on("status_subscribers").column("confirm_hash").execute();
  await db.schema
    .createTable("status_webhooks")
    .addColumn("id", id, primaryKey)
    .addColumn("customer", "varchar(100)", (c) => c.notNull())
    .addColumn("url", "varchar(2048)", (c) => c.notNull())
    // JSON array of service ids, null for all.
    .addColumn("services", "text")
    .addColumn("nonce", "varchar(32)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "varchar(64)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("status_events")
    .addColumn("id", id, primaryKey)
    // What makes it once: "update:12", "incident:7:opened", "maintenance:<name>@<start>:started".
    .addColumn("key", "varchar(300)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    // JSON: what was told (the event as webhooks get it).
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("recipients", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("status_events_at").on("status_events").column("at").execute();
}
