import { sql, type Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "002-contact-and-outbox";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  // Keys generated once and shared by every worker and instance.
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  // Mail waiting to be sent, being retried, sent or given up: contact
  // messages now, monitoring alerts later.
  await db.schema
    .createTable("outbox")
    .addColumn("id", id, primaryKey)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("reply_to_name", "text")
    .addColumn("reply_to_address", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("first_attempt_at", "bigint")
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("lease_until", "bigint", (c) => c.notNull().defaultTo(sql`0`))
    .addColumn("last_error", "text")
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", id, primaryKey)
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text", (c) => c.notNull())
    /** 1 when the honeypot was filled: kept for review, never mailed. */
    .addColumn("spam", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("outbox_id", "integer", (c) => c.references("outbox.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("contact_messages_received_at").on("contact_messages").column("received_at").execute();

  // Accepted submissions per client and in all, per hour.
  await db.schema
    .createTable("contact_rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
}
