// The staff's view of contact messages: list, read, retry, delete, and the
// daily purge of what is older than the retention period. A message's
// delivery status is its outbox row's; a spam-flagged or quarantined one
// never had one until staff release it.
import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Outbox } from "#server/outbox/outbox.ts";
import type { ContactDetail, ContactStatus, ContactSummary } from "#shared/contact/contact-status.ts";
import { contactMail } from "./contact-mail.ts";

export const INBOX_PAGE_SIZE = 20;

/** A message with its delivery: the outbox row it became, if any. */
const withDelivery = (db: Kysely<Database>) =>
  db
    .selectFrom("contact_messages as m")
    .leftJoin("outbox as o", "o.id", "m.outbox_id")
    .select([
      "m.id",
      "m.received_at",
      "m.name",
      "m.email",
      "m.subject",
      "m.language",
      "m.spam",
      "m.quarantined",
      "o.status",
      "o.attempts",
      "o.last_error",
      "o.sent_at",
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof withDelivery>["executeTakeFirstOrThrow"]>>;
const summary = (row: Row): ContactSummary => ({
  id: row.id,
  receivedAt: row.received_at,
  name: row.name,
  email: row.email,
  subject: row.subject,
  language: row.language,
  status: row.spam ? "spam" : row.quarantined ? "quarantined" : (row.status ?? "pending"),
  attempts: row.attempts ?? 0,
  lastError: row.last_error,
  sentAt: row.sent_at,
});

export function createContactInbox(
  db: Kysely<Database>,
  outbox: Outbox,
  options: { to: string; onQueued: () => void },
) {
  return {
    async list(filter: { status?: ContactStatus; page: number }) {
      let query = withDelivery(db);
      if (filter.status === "spam") query = query.where("m.spam", "=", 1);
      else if (filter.status === "quarantined") query = query.where("m.spam", "=", 0).where("m.quarantined", "=", 1);
      else if (filter.status) {
        query = query
          .where("m.spam", "=", 0)
          .where("m.quarantined", "=", 0)
          .where(sql<string>`coalesce(o.status, 'pending')`, "=", filter.status);
      }
      const counted = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const total = Number(counted.n);
      const rows = await query
        .orderBy("m.received_at", "desc")
        .orderBy("m.id", "desc")
        .limit(INBOX_PAGE_SIZE)
        .offset((filter.page - 1) * INBOX_PAGE_SIZE)
        .execute();
      return {
        messages: rows.map(summary),
        total,
        page: filter.page,
        pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
      };
    },

    async get(id: number): Promise<ContactDetail | undefined> {
      const row = await withDelivery(db).select("m.message").where("m.id", "=", id).executeTakeFirst();
      return row ? { ...summary(row), message: row.message } : undefined;
    },

    /**
     * Sends a message again: a failed or pending one gets a fresh day of
     * attempts; a spam-flagged one (an autofilled honeypot) or a quarantined
     * one (past the global ceiling) is released and mailed. A sent one is not
     * sent twice.
     */
    async retry(id: number): Promise<"queued" | "already-sent" | "not-found"> {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
        if (!row) return "not-found" as const;
        if (row.spam || row.outbox_id === null) {
          const mail = contactMail(row, { to: options.to, language: row.language, receivedAt: row.received_at });
          const outboxId = await outbox.enqueue(trx, mail);
          await trx
            .updateTable("contact_messages")
            .set({ spam: 0, quarantined: 0, outbox_id: outboxId })
            .where("id", "=", id)
            .execute();
          return "queued" as const;
        }
        const mail = await trx.selectFrom("outbox").select("status").where("id", "=", row.outbox_id).executeTakeFirst();
        if (mail?.status === "sent") return "already-sent" as const;
        await outbox.retry(trx, row.outbox_id);
        return "queued" as const;
      });
      if (outcome === "queued") options.onQueued();
      return outcome;
    },

    async delete(id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom("contact_messages")
          .where("id", "=", id)
          .returning("outbox_id")
          .executeTakeFirst();
        if (!row) return false;
        if (row.outbox_id !== null) await trx.deleteFrom("outbox").where("id", "=", row.outbox_id).execute();
        return true;
      });
    },

    /** Deletes messages received before the cutoff, with their mail. Returns how many. */
    async purgeOlderThan(cutoff: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const old = await trx
          .deleteFrom("contact_messages")
          .where("received_at", "<", cutoff)
          .returning("outbox_id")
          .execute();
        const mailIds = old.map((row) => row.outbox_id).filter((id): id is number => id !== null);
        for (let i = 0; i < mailIds.length; i += 500)
          await trx
            .deleteFrom("outbox")
            .where("id", "in", mailIds.slice(i, i + 500))
            .execute();
        return old.length;
      });
    },
  };
}

export type ContactInbox = ReturnType<typeof createContactInbox>;
