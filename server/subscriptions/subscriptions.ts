// Status page subscriptions, put together: the form's intake, the
// subscribers, the webhook subscribers, the events told to them, and the
// announcer that looks at the page. One worker at a time looks (the lease
// "status-announcer"); the events' keys keep anything from being told twice
// even when two do.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Bilingual, IncidentState, PublicStatus } from "#shared/status/public-status.ts";
import type { Database } from "#server/db/schema.ts";
import type { Leases } from "#server/db/leases.ts";
import type { FormTokens } from "#server/contact/form-token.ts";
import type { ContactRateLimits } from "#server/contact/rate-limits.ts";
import type { Outbox } from "#server/outbox/outbox.ts";
import type { StatusUpdateView } from "#server/status/status-updates.ts";
import { createStatusAnnouncer } from "./status-announcer.ts";
import { createStatusEvents, type StatusEvents } from "./status-events.ts";
import { createStatusWebhooks } from "./status-webhooks.ts";
import { createSubscribers } from "./subscribers.ts";
import { createSubscriptionIntake } from "./subscription-intake.ts";
import type { Links } from "./subscription-mail.ts";

const LEASE = "status-announcer";
const LOOK_EVERY_MS = 5_000;
const DAY_MS = 24 * 60 * 60_000;
/** Told events are kept this long (the announcer remembers 30 days). */
const EVENTS_KEPT_MS = 90 * DAY_MS;
const PURGE_EVERY_MS = 5 * 60_000;

/** Staff's words on an incident, told as they are posted: its opening, an update, or its end. */
async function tellStaffUpdate(events: StatusEvents, status: PublicStatus, time: number, update: StatusUpdateView) {
  // The page may show this incident merged with others (a service's hosts, dependsOn): told under that one's id.
  const id = status.incidentOf[update.incidentId] ?? update.incidentId;
  const prefix = `incident:${id}:`;
  const told = [...(await events.toldSince(time - 30 * DAY_MS))]
    .filter(([key]) => key.startsWith(prefix))
    .map(([, kind]) => kind);
  const resolves = update.state === "resolved" && !told.includes("incident.resolved");
  const shown = [...status.incidents.open, ...status.incidents.resolved].find((incident) => incident.id === id);
  await events.announce(`${prefix}update:${update.id}`, {
    // An end already told makes staff's later words an update, not a second end.
    event: resolves ? "incident.resolved" : told.length > 0 ? "incident.updated" : "incident.opened",
    at: update.at,
    serviceIds: update.serviceIds,
    title: { en: update.titleEn, de: update.titleDe },
    message: { en: update.messageEn, de: update.messageDe },
    incident: {
      id,
      state: update.state as IncidentState,
      startedAt: shown?.startedAt ?? update.at,
      resolvedAt: update.state === "resolved" ? update.at : null,
    },
  });
}

export function createSubscriptions(options: {
  db: Kysely<Database>;
  outbox: Outbox;
  leases: Leases;
  logger: Logger;
  now: () => number;
  tokens: FormTokens;
  limits: ContactRateLimits;
  keys: { ip: Buffer; links: Buffer; webhooks: Buffer };
  /** Webhook subscribers may be on private and loopback addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  links: () => Links;
  timeZone: () => string;
  /** How long an incident is on the page before it is told without staff's words. */
  delayMs: () => number;
  status: { current: () => PublicStatus | undefined; refresh: () => Promise<PublicStatus> };
  onQueued: () => void;
  lookEveryMs?: number;
}) {
  const { db, now, logger } = options;
  const publicNames = (): ReadonlyMap<string, Bilingual> =>
    new Map((options.status.current()?.services ?? []).map((service) => [service.id, service.name]));
  const subscribers = createSubscribers({ db, now, linkKey: options.keys.links, ipKey: options.keys.ip });
  const webhooks = createStatusWebhooks({
    db,
    now,
    key: options.keys.webhooks,
    targets: { allowPrivate: options.allowPrivateTargets },
  });
  const events = createStatusEvents({
    db,
    outbox: options.outbox,
    subscribers,
    webhooks,
    now,
    links: options.links,
    timeZone: options.timeZone,
    publicNames,
    onQueued: options.onQueued,
  });
  const announcer = createStatusAnnouncer({ events, status: options.status.refresh, now, delayMs: options.delayMs });
  const holder = randomUUID();
  let purgedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;

  /** Unconfirmed addresses past their 48 h, and events long told. */
  async function purge(): Promise<void> {
    const removed = await subscribers.purgeUnconfirmed();
    await events.purgeBefore(now() - EVENTS_KEPT_MS);
    if (removed > 0) logger.info({ removed }, "deleted status subscriptions never confirmed");
  }

  /** One look, where the lease is ours. */
  function lookNow(): Promise<void> {
    looking ??= (async () => {
      try {
        if (!(await options.leases.acquire(LEASE, holder, 3 * (options.lookEveryMs ?? LOOK_EVERY_MS)))) return;
        const told = await announcer.look();
        // Unconfirmed addresses go within minutes of their 48 hours.
        if (now() - purgedAt >= PURGE_EVERY_MS) {
          purgedAt = now();
          await purge();
        }
        if (told.length > 0) logger.info({ events: told }, "status events told to subscribers");
      } catch (error) {
        logger.error({ err: error }, "telling status subscribers failed; the next look tries again");
      } finally {
        looking = undefined;
      }
    })();
    return looking;
  }

  return {
    intake: createSubscriptionIntake({
      db,
      outbox: options.outbox,
      tokens: options.tokens,
      limits: options.limits,
      ipKey: options.keys.ip,
      linkKey: options.keys.links,
      links: options.links,
      now,
      publicServices: publicNames,
      onQueued: options.onQueued,
    }),
    subscribers,
    webhooks,
    events,
    lookNow,

    /** Staff's words on an incident, told as they are posted: its opening, an update, or its end. */
    tellStaffUpdate: async (update: StatusUpdateView) =>
      tellStaffUpdate(events, await options.status.refresh(), now(), update),

    start() {
      timer = setInterval(() => void lookNow(), options.lookEveryMs ?? LOOK_EVERY_MS);
      timer.unref();
      void lookNow();
    },
    async stop() {
      clearInterval(timer);
      await looking;
      await options.leases.release(LEASE, holder).catch(() => undefined);
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
