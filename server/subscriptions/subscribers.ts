// The status page's e-mail subscribers: confirming (the second step of the
// double opt-in), unsubscribing, the staff's list, and deleting what is not
// confirmed in time. Links carry tokens: the confirmation's is random and
// stored only as its hash; the unsubscribe link's is an HMAC of the row and a
// nonce, so it needs no storage, works as long as the subscription lasts and
// dies with it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Language } from "#shared/i18n/languages.ts";
import type { Database, StatusSubscribersTable } from "#server/db/schema.ts";
import { ipPseudonym } from "#server/net/ip-pseudonym.ts";
import { SUBSCRIBER_MAIL_CHANNEL } from "./subscription-mail.ts";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newConfirmToken = () => randomBytes(24).toString("base64url");
export const newNonce = () => randomBytes(12).toString("base64url");

const unsubscribeMac = (key: Buffer, id: number, nonce: string) =>
  createHmac("sha256", key).update(`unsubscribe.${id}.${nonce}`).digest().subarray(0, 16).toString("base64url");

/** "<id>.<nonce>.<mac>": the subscriber's row and the nonce it was made with, signed. */
export function unsubscribeToken(key: Buffer, row: { id: number; nonce: string }): string {
  return `${row.id}.${row.nonce}.${unsubscribeMac(key, row.id, row.nonce)}`;
}

/** The outbox key of an event's mail to a subscriber: unsubscribing finds their mail not sent yet by it. */
export const subscriberMailKey = (eventId: number | string, subscriberId: number) =>
  `status.${eventId}.s${subscriberId}`;

export type SubscriberView = {
  id: number;
  email: string;
  confirmed: boolean;
  language: Language;
  /** null: every service. */
  services: string[] | null;
  requestedAt: string;
  confirmedAt: string | null;
  consentVersion: string | null;
  /** When the subscription in force was asked for (the consent record); null before it is confirmed. */
  consentRequestedAt: string | null;
};

const parseIds = (text: string | null): string[] | null => (text === null ? null : (JSON.parse(text) as string[]));
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function view(row: Selectable<StatusSubscribersTable>): SubscriberView {
  const confirmed = row.confirmed_at !== null;
  return {
    id: row.id,
    email: row.email,
    confirmed,
    language: (confirmed ? row.language : row.requested_language) as Language,
    services: parseIds(confirmed ? row.services : row.requested_services),
    requestedAt: iso(row.requested_at)!,
    confirmedAt: iso(row.confirmed_at),
    consentVersion: row.consent_version,
    consentRequestedAt: iso(row.consent_requested_at),
  };
}

/** Whether we made the token (checked without the database), and the row it names if that still exists. */
async function fromUnsubscribeToken(db: Kysely<Database>, linkKey: Buffer, token: string) {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return { signed: false, row: undefined };
  const [, id, nonce, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(unsubscribeMac(linkKey, Number(id), nonce));
  if (!timingSafeEqual(expected, Buffer.from(mac))) return { signed: false, row: undefined };
  const row = await db
    .selectFrom("status_subscribers")
    .selectAll()
    .where("id", "=", Number(id))
    .where("nonce", "=", nonce)
    .executeTakeFirst();
  return { signed: true, row };
}

/** Deletes subscribers and every mail to them the outbox holds, sent or not: nothing of theirs stays behind. */
async function removeAll(db: Kysely<Database>, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("status_subscribers").where("id", "in", ids).executeTakeFirst();
    for (const id of ids)
      await trx
        .deleteFrom("outbox")
        .where("channel", "=", SUBSCRIBER_MAIL_CHANNEL)
        .where("message_id", "like", subscriberMailKey("%", id))
        .execute();
    return Number(deleted.numDeletedRows);
  });
}

/** A confirmed subscription, with the token of its unsubscribe link. */
type Confirmed = { kind: "confirmed"; email: string; language: Language; unsubscribeToken: string };

export function createSubscribers(options: {
  db: Kysely<Database>;
  now: () => number;
  linkKey: Buffer;
  ipKey: Buffer;
}) {
  const { db, now, linkKey } = options;

  const remove = async (id: number): Promise<boolean> => (await removeAll(db, [id])) > 0;

  return {
    /**
     * The second step: a valid confirmation token makes the request the subscription and records the consent.
     * "invalid" for a token that never was, has expired or was used. The unsubscribe token lets the page say at once
     * how to leave again, before any status mail has carried it.
     */
    async confirm(token: string, ip: string): Promise<Confirmed | { kind: "invalid" }> {
      if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return { kind: "invalid" };
      const time = now();
      const row = await db
        .updateTable("status_subscribers")
        .set((eb) => ({
          confirmed_at: time,
          confirmed_ip: ipPseudonym(options.ipKey, ip),
          language: eb.ref("requested_language"),
          services: eb.ref("requested_services"),
          consent_version: eb.ref("requested_consent_version"),
          consent_requested_at: eb.ref("requested_at"),
          consent_requested_ip: eb.ref("requested_ip"),
          confirm_hash: null,
        }))
        .where("confirm_hash", "=", hashToken(token))
        .where("confirm_expires_at", ">", time)
        .returning(["id", "nonce", "email", "language"])
        .executeTakeFirst();
      if (!row) return { kind: "invalid" };
      const language = row.language as Language;
      return { kind: "confirmed", email: row.email, language, unsubscribeToken: unsubscribeToken(linkKey, row) };
    },

    /**
     * Ends a subscription by its link. A link we signed for a row that is gone already says "unsubscribed" again
     * (the second click, the mail client's POST after the visitor's); anything else is "invalid".
     */
    async unsubscribe(token: string): Promise<{ kind: "unsubscribed"; email: string | null } | { kind: "invalid" }> {
      const { signed, row } = await fromUnsubscribeToken(db, linkKey, token);
      if (row) {
        await remove(row.id);
        return { kind: "unsubscribed", email: row.email };
      }
      return signed ? { kind: "unsubscribed", email: null } : { kind: "invalid" };
    },

    /**
     * Whom the link names (the page before the button): the address while the subscription exists, "gone" for a link
     * of ours whose subscription ended already, null for one we never made.
     */
    async unsubscribeTarget(token: string): Promise<string | "gone" | null> {
      const { signed, row } = await fromUnsubscribeToken(db, linkKey, token);
      return row ? row.email : signed ? "gone" : null;
    },

    /** Staff's list: newest first. */
    async list(): Promise<SubscriberView[]> {
      const rows = await db
        .selectFrom("status_subscribers")
        .selectAll()
        .orderBy("requested_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(view);
    },

    /** Staff delete one (on request, or when an address bounces). */
    remove,

    /** Confirmed subscribers, for an event's mail: id, address, language, services and their unsubscribe token. */
    async confirmed(executor: Kysely<Database> = db) {
      const rows = await executor
        .selectFrom("status_subscribers")
        .select(["id", "email", "language", "services", "nonce"])
        .where("confirmed_at", "is not", null)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        language: row.language as Language,
        services: parseIds(row.services),
        token: unsubscribeToken(linkKey, row),
      }));
    },

    /** Addresses never confirmed are deleted once their link expired (48 h); a confirmed one's stale request goes. */
    async purgeUnconfirmed(): Promise<number> {
      const time = now();
      const expired = await db
        .selectFrom("status_subscribers")
        .select("id")
        .where("confirmed_at", "is", null)
        .where("confirm_expires_at", "<=", time)
        .limit(1000)
        .execute();
      const deleted = await removeAll(
        db,
        expired.map((row) => row.id),
      );
      await db
        .updateTable("status_subscribers")
        .set({ confirm_hash: null })
        .where("confirmed_at", "is not", null)
        .where("confirm_hash", "is not", null)
        .where("confirm_expires_at", "<=", time)
        .execute();
      return deleted;
    },
  };
}

export type Subscribers = ReturnType<typeof createSubscribers>;
