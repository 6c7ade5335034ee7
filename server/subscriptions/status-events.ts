// Telling subscribers: an event is recorded once by its key (a unique row:
// two workers, or a retry, cannot tell it twice) and, in the same
// transaction, becomes one outbox row per confirmed subscriber it concerns
// (their mail, in their language) and per webhook subscriber. The outbox then
// sends them in batches and in order, and a relay that is down holds them
// until it is back: each is sent once.
import type { Kysely } from "kysely";
import type { Bilingual } from "#shared/status/public-status.ts";
import type { StatusEvent } from "#shared/status/subscription.ts";
import type { Database } from "#server/db/schema.ts";
import type { OutboxItem, Outbox } from "#server/outbox/outbox.ts";
import { eventMail, SUBSCRIBER_MAIL_CHANNEL, SUBSCRIBER_MAIL_KIND, type Links } from "./subscription-mail.ts";
import { subscriberMailKey, type Subscribers } from "./subscribers.ts";
import { WEBHOOK_CHANNEL_PREFIX, WEBHOOK_KIND, type StatusWebhooks } from "./status-webhooks.ts";

/** An event before it is told: the id, the links and the names are added then. */
export type EventDraft = Omit<StatusEvent, "id" | "url" | "services">;

/** Whether someone subscribed to `theirs` (null: all) hears of an event about `ids` (null: everything). */
export function concerns(theirs: readonly string[] | null, ids: readonly string[] | null): boolean {
  return theirs === null || ids === null || ids.some((id) => theirs.includes(id));
}

export function createStatusEvents(options: {
  db: Kysely<Database>;
  outbox: Outbox;
  subscribers: Subscribers;
  webhooks: StatusWebhooks;
  now: () => number;
  links: () => Links;
  timeZone: () => string;
  /** Public names of the services now. */
  publicNames: () => ReadonlyMap<string, Bilingual>;
  onQueued: () => void;
}) {
  const { db, outbox, now } = options;

  /** Records the event under its key and queues what tells it; false when it was told already. */
  async function announce(key: string, draft: EventDraft): Promise<boolean> {
    const links = options.links();
    const names = options.publicNames();
    const nameOf = (id: string): Bilingual => names.get(id) ?? { en: id, de: id };
    const event: StatusEvent = {
      id: key,
      ...draft,
      services: (draft.serviceIds ?? []).map(nameOf),
      url: { en: `${links.siteUrl}/en/status`, de: `${links.siteUrl}/de/status` },
    };
    const told = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("status_events")
        .values({ key, kind: event.event, at: now(), payload: JSON.stringify(event), recipients: 0 })
        .onConflict((oc) => oc.column("key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      const items: OutboxItem[] = [];
      for (const subscriber of await options.subscribers.confirmed(trx)) {
        if (!concerns(subscriber.services, event.serviceIds)) continue;
        const services = subscriber.services === null ? null : subscriber.services.map(nameOf);
        items.push({
          kind: SUBSCRIBER_MAIL_KIND,
          channel: SUBSCRIBER_MAIL_CHANNEL,
          key: subscriberMailKey(row.id, subscriber.id),
          payload: eventMail(links, event, { ...subscriber, services }, options.timeZone()),
        });
      }
      for (const webhook of await options.webhooks.list(trx)) {
        if (!concerns(webhook.services, event.serviceIds)) continue;
        items.push({
          kind: WEBHOOK_KIND,
          channel: `${WEBHOOK_CHANNEL_PREFIX}${webhook.id}`,
          key: `status.${row.id}.w${webhook.id}`,
          payload: event,
        });
      }
      await outbox.enqueueMany(trx, items);
      await trx.updateTable("status_events").set({ recipients: items.length }).where("id", "=", row.id).execute();
      return true;
    });
    if (told) options.onQueued();
    return told;
  }

  return {
    announce,
    /** Keys and kinds of the events told since `since`: what the announcer compares the page with. */
    async toldSince(since: number): Promise<Map<string, string>> {
      const rows = await db.selectFrom("status_events").select(["key", "kind"]).where("at", ">=", since).execute();
      return new Map(rows.map((row) => [row.key, row.kind]));
    },
    /** The payload of an event told (a maintenance's start, for its end). */
    async payload(key: string): Promise<StatusEvent | undefined> {
      const row = await db.selectFrom("status_events").select("payload").where("key", "=", key).executeTakeFirst();
      return row ? (JSON.parse(row.payload) as StatusEvent) : undefined;
    },
    /** Events older than the cutoff are forgotten (their mail went long ago). */
    async purgeBefore(before: number): Promise<void> {
      await db.deleteFrom("status_events").where("at", "<", before).execute();
    },
  };
}

export type StatusEvents = ReturnType<typeof createStatusEvents>;
