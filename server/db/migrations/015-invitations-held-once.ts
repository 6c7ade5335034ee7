import { sql, type Kysely } from "kysely";

export const name = "015-invitations-held-once";

// Invitations: an address has at most one pending invitation, and an invitation's link is not kept
// once its mail is sent.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  // What an outbox row keeps of its payload once it is sent or given up (outbox.ts); null: all of it.
  await db.schema.alterTable("outbox").addColumn("redacted_payload", "text").execute();
  // Invitation mails already sent or given up lose their links now (a pending one still needs its link).
  const finished = await db
    .selectFrom("outbox")
    .select(["id", "payload"])
    .where("channel", "=", "staff-mail")
    .where("status", "!=", "pending")
    .execute();
  for (const row of finished as { id: number; payload: string }[]) {
    const mail = JSON.parse(row.payload) as { text?: unknown };
    if (typeof mail.text !== "string") continue;
    const text = mail.text.replace(
      /\S+\/admin\/invitation#\S*/g,
      "[the invitation link is not kept once the mail is sent]",
    );
    if (text !== mail.text)
      await db
        .updateTable("outbox")
        .set({ payload: JSON.stringify({ ...mail, text }) })
        .where("id", "=", row.id)
        .execute();
  }
  // Of several pending invitations to one address (two owners could invite it twice), the newest stays; the
  // older links stop working.
  await db
    .deleteFrom("staff_invitations as older")
    .where("older.accepted_at", "is", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("staff_invitations as newer")
          .select(sql.lit(1).as("one"))
          .whereRef("newer.email", "=", "older.email")
          .where("newer.accepted_at", "is", null)
          .whereRef("newer.id", ">", "older.id"),
      ),
    )
    .execute();
  await db.schema
    .createIndex("staff_invitations_pending_email")
    .unique()
    .on("staff_invitations")
    .column("email")
    .where(sql.ref("accepted_at"), "is", null)
    .execute();
}
