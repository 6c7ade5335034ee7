// The outbox: every mail the server sends is first a row here, written in
// the same transaction as whatever caused it, and a sender delivers it from
// the row. A sender leases a row before sending, so two workers never send
// the same mail at once; if a sender dies mid-send, the lease runs out and
// the mail is sent again: at most one duplicate, never a loss.
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, OutboxStatus } from "../db/schema.ts";

export type OutgoingMail = {
  kind: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
};

export type QueuedMail = OutgoingMail & { id: number; messageId: string; attempts: number };

/** First retry after a minute, doubling to at most an hour, for a day from the first attempt. */
export const RETRY_POLICY = { firstDelayMs: 60_000, maxDelayMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };
/** Longer than any send may take (the transport's timeouts stop it well before). */
export const LEASE_MS = 5 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

export function createOutbox(db: Kysely<Database>, now: () => number, messageIdDomain: string) {
  return {
    /** Queues a mail inside the caller's transaction; returns its id. */
    async enqueue(trx: Transaction<Database> | Kysely<Database>, mail: OutgoingMail): Promise<number> {
      const time = now();
      const row = await trx
        .insertInto("outbox")
        .values({
          kind: mail.kind,
          to_address: mail.to,
          reply_to_name: mail.replyTo?.name ?? null,
          reply_to_address: mail.replyTo?.address ?? null,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
          message_id: `<${time.toString(36)}.${randomBytes(8).toString("hex")}@${messageIdDomain}>`,
          status: "pending",
          created_at: time,
          first_attempt_at: null,
          next_attempt_at: time,
          last_error: null,
          sent_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Leases up to `limit` due mails; each is this caller's until sent, failed or its lease ends. */
    async claimDue(limit: number): Promise<QueuedMail[]> {
      const time = now();
      const due = await db
        .selectFrom("outbox")
        .selectAll()
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", time)
        .where("lease_until", "<=", time)
        .orderBy("next_attempt_at")
        .limit(limit)
        .execute();
      const claimed: QueuedMail[] = [];
      for (const row of due) {
        const result = await db
          .updateTable("outbox")
          .set({ lease_until: time + LEASE_MS })
          .where("id", "=", row.id)
          .where("status", "=", "pending")
          .where("lease_until", "<=", time)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) continue; // another sender was quicker
        claimed.push({
          id: row.id,
          kind: row.kind,
          to: row.to_address,
          ...(row.reply_to_address ? { replyTo: { name: row.reply_to_name ?? "", address: row.reply_to_address } } : {}),
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
          messageId: row.message_id,
          attempts: row.attempts,
        });
      }
      return claimed;
    },

    async markSent(id: number): Promise<void> {
      const time = now();
      await db
        .updateTable("outbox")
        .set((eb) => ({ status: "sent", sent_at: time, attempts: eb("attempts", "+", 1), lease_until: 0, last_error: null, first_attempt_at: eb.fn.coalesce("first_attempt_at", eb.val(time)) }))
        .where("id", "=", id)
        .execute();
    },

    /** Schedules the next attempt, or gives up once the retry window is over. Returns the new status. */
    async markFailed(id: number, error: string): Promise<OutboxStatus> {
      const time = now();
      const row = await db.selectFrom("outbox").select(["attempts", "first_attempt_at"]).where("id", "=", id).executeTakeFirst();
      if (!row) return "failed"; // deleted while it was being sent
      const attempts = row.attempts + 1;
      const firstAttempt = row.first_attempt_at ?? time;
      const status: OutboxStatus = time - firstAttempt >= RETRY_POLICY.giveUpAfterMs ? "failed" : "pending";
      await db
        .updateTable("outbox")
        .set({ status, attempts, first_attempt_at: firstAttempt, next_attempt_at: time + retryDelayMs(attempts), lease_until: 0, last_error: error.slice(0, 1000) })
        .where("id", "=", id)
        .execute();
      return status;
    },

    /** Gives leased mail back untried. */
    async release(ids: number[]): Promise<void> {
      if (ids.length > 0) await db.updateTable("outbox").set({ lease_until: 0 }).where("id", "in", ids).execute();
    },

    /** The server answered again: mails waiting out a backoff go now. */
    async expediteWaiting(): Promise<void> {
      const time = now();
      await db.updateTable("outbox").set({ next_attempt_at: time }).where("status", "=", "pending").where("next_attempt_at", ">", time).execute();
    },

    /** An admin's retry: a fresh day of attempts, starting now. */
    async retry(trx: Transaction<Database> | Kysely<Database>, id: number): Promise<void> {
      await trx
        .updateTable("outbox")
        .set({ status: "pending", attempts: 0, first_attempt_at: null, next_attempt_at: now(), last_error: null })
        .where("id", "=", id)
        .where("status", "!=", "sent")
        .execute();
    },

    /** Sent or failed mail older than the cutoff; pending mail stays until it is delivered. */
    async purgeFinished(before: number): Promise<void> {
      await db.deleteFrom("outbox").where("status", "!=", "pending").where("created_at", "<", before).where("kind", "!=", "contact").execute();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
