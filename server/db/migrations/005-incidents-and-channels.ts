import { sql, type Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "005-incidents-and-channels";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  // The outbox becomes (channel, payload): the e-mail columns move into the payload.
  await db.schema
    .alterTable("outbox")
    .addColumn("channel", "text", (c) => c.notNull().defaultTo("contact"))
    .execute();
  await db.schema
    .alterTable("outbox")
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  const object = dialect === "postgres" ? sql`json_build_object` : sql`json_object`;
  const reply = sql`case when reply_to_address is null then null
    else ${object}('name', reply_to_name, 'address', reply_to_address) end`;
  const payload =
    dialect === "postgres"
      ? sql`json_build_object('to', to_address, 'subject', subject, 'text', text_body, 'html', html_body,
          'replyTo', ${reply})::text`
      : sql`json_object('to', to_address, 'subject', subject, 'text', text_body, 'html', html_body,
          'replyTo', ${reply})`;
  await db
    .updateTable("outbox")
    .set({ payload, channel: sql`case when kind = 'contact' then 'contact' else 'alert:email' end` })
    .execute();
  for (const column of ["to_address", "reply_to_name", "reply_to_address", "subject", "text_body", "html_body"]) {
    await db.schema.alterTable("outbox").dropColumn(column).execute();
  }
  // Each channel is delivered in order from its oldest pending row.
  await db.schema.createIndex("outbox_lane").on("outbox").columns(["channel", "status", "id"]).execute();

  // Alerting is now by incident; the per-service alert memory and the flat alert list go.
  await db.schema.dropTable("alert_memory").execute();
  await db.schema.dropTable("alert_history").execute();
  await db.schema.alterTable("certificates").dropColumn("alerted_status").execute();
  await db.schema.alterTable("certificates").dropColumn("alerted_at").execute();

  // One row per incident: a target that failed its threshold, until it passes its threshold.
  await db.schema
    .createTable("incidents")
    .addColumn("id", id, primaryKey)
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("group_key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("group_name", "text", (c) => c.notNull())
    /** Its part of the group ("centron"), or "". */
    .addColumn("label", "text", (c) => c.notNull())
    /** What is wrong in a few words: "is unhealthy", "expires in 5 days". */
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("service_id", "text")
    .addColumn("profile", "text")
    .addColumn("severity", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("opened_at", "bigint", (c) => c.notNull())
    .addColumn("resolved_at", "bigint")
    .addColumn("resolution", "text")
    /** 1 once its opening notice was queued. */
    .addColumn("announced", "smallint", (c) => c.notNull().defaultTo(0))
    /** When maintenance first held its notice back (recorded once). */
    .addColumn("suppressed_at", "bigint")
    /** The last opening, reminder or escalation notice: the cooldown runs from it. */
    .addColumn("last_notice_at", "bigint")
    .addColumn("acknowledged_at", "bigint")
    .addColumn("acknowledged_by", "text")
    .addColumn("acknowledgement_note", "text")
    .addColumn("test", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  // At most one open incident per target, whoever writes.
  await db.schema
    .createIndex("incidents_open_target")
    .on("incidents")
    .column("target")
    .unique()
    .where(sql.ref("resolved_at"), "is", null)
    .execute();
  await db.schema.createIndex("incidents_opened_at").on("incidents").column("opened_at").execute();
  await db.schema
    .createIndex("incidents_group_notice")
    .on("incidents")
    .columns(["group_key", "last_notice_at"])
    .execute();

  // Each notice of an incident on each channel, with its outbox row (its delivery state).
  await db.schema
    .createTable("incident_notices")
    .addColumn("id", id, primaryKey)
    .addColumn("incident_id", "integer", (c) => c.notNull().references("incidents.id").onDelete("cascade"))
    .addColumn("outbox_id", "integer", (c) => c.references("outbox.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("incident_notices_incident").on("incident_notices").column("incident_id").execute();

  // A target's streak of checks against its current state (failures while no
  // incident is open, good checks while one is). Absent means 0: a steady
  // target costs no row and no write.
  await db.schema
    .createTable("alert_targets")
    .addColumn("target", "text", (c) => c.primaryKey())
    .addColumn("streak", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}
