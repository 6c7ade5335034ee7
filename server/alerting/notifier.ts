// From a notice to the outbox: which channels it goes to (the routes), one
// outbox row per channel with the payload that channel renders, and the
// record of each row against the incidents it is about. The outbox's
// delivery asks here for each alert channel's sender.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { SendMail } from "#server/mail/smtp-sender.ts";
import type { SenderFor } from "#server/outbox/delivery.ts";
import { DeliveryError, type Outbox } from "#server/outbox/outbox.ts";
import type { AlertsConfig, NamedChannel } from "./alerts-config.ts";
import type { ChannelServices } from "./channels/channel.ts";
import { channelFor } from "./channels/registry.ts";
import type { Notice, Source } from "./notice.ts";

/** Outbox channels of alert notices are "alert:<channel name>"; contact mail has its own. */
export const CHANNEL_PREFIX = "alert:";
/** One notice's send may take this long on any channel. */
const SEND_TIMEOUT_MS = 10_000;

/** What a route can match a notice on. */
export type RouteKey = { source: Source; serviceId: string | null; profile: string | null };

/**
 * The channels of the first route that matches; every channel when none does (an alert is never dropped by a gap in
 * the routes).
 */
export function routeChannels(config: AlertsConfig, key: RouteKey): NamedChannel[] {
  const route = config.routes.find(
    (entry) =>
      (!entry.sources || entry.sources.includes(key.source)) &&
      (!entry.services || (key.serviceId !== null && entry.services.includes(key.serviceId))) &&
      (!entry.profiles || (key.profile !== null && (entry.profiles as string[]).includes(key.profile))),
  );
  if (!route) return config.channels;
  return config.channels.filter((channel) => route.channels.includes(channel.name));
}

export function createNotifier(options: {
  outbox: Outbox;
  config: () => AlertsConfig;
  sendMail: SendMail | undefined;
  /** The webhook channel may reach private and loopback addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets?: boolean;
}) {
  const { outbox } = options;
  const services: ChannelServices = { sendMail: options.sendMail, allowPrivateTargets: options.allowPrivateTargets };
  /** Why a channel's type cannot send with what this server has, or null. */
  const unavailable = (channel: NamedChannel) => channelFor(channel.type).unavailable?.(services) ?? null;
  const find = (name: string) => options.config().channels.find((channel) => channel.name === name);

  return {
    channelsFor: (key: RouteKey) => routeChannels(options.config(), key),

    /** Queues the notice on each channel and records it against its incidents; returns the outbox ids. */
    async queue(
      trx: Transaction<Database> | Kysely<Database>,
      notice: Notice,
      channels: readonly NamedChannel[],
      incidentIds: readonly number[],
    ): Promise<number[]> {
      const ids: number[] = [];
      for (const channel of channels) {
        const module = channelFor(channel.type);
        const payload = module.render(notice, channel as never);
        const id = await outbox.enqueue(trx, {
          kind: notice.test ? "test" : "alert",
          channel: `${CHANNEL_PREFIX}${channel.name}`,
          payload,
          key: `${notice.id}.${channel.name}`,
        });
        ids.push(id);
        if (incidentIds.length > 0) {
          await trx
            .insertInto("incident_notices")
            .values(
              incidentIds.map((incidentId) => ({
                incident_id: incidentId,
                outbox_id: id,
                kind: notice.kind,
                channel: channel.name,
                at: notice.at,
              })),
            )
            .execute();
        }
      }
      return ids;
    },

    /**
     * The sender of an alert channel; undefined for other outbox channels and for a channel that cannot send with what
     * this server has, such as e-mail without SMTP (its rows wait).
     */
    senderFor: ((outboxChannel) => {
      if (!outboxChannel.startsWith(CHANNEL_PREFIX)) return undefined;
      const name = outboxChannel.slice(CHANNEL_PREFIX.length);
      const channel = find(name);
      if (!channel) {
        return async () => {
          throw new DeliveryError(`channel "${name}" is no longer in the monitoring configuration`, {
            permanent: true,
          });
        };
      }
      if (unavailable(channel) !== null) return undefined;
      const module = channelFor(channel.type);
      return (item) =>
        module.send(item.payload, channel as never, { ...services, key: item.key, timeoutMs: SEND_TIMEOUT_MS });
    }) satisfies SenderFor,

    /** Why a channel cannot send now (its notices wait), or null when it can. */
    blocked: unavailable,

    /** Every configured channel (Test Email goes to all of them). */
    channels: () => options.config().channels,

    /** The channels for the dashboard: name, type and where they go, never a secret. */
    describe() {
      return options.config().channels.map((channel) => ({
        name: channel.name,
        type: channel.type,
        target: channelFor(channel.type).describe(channel as never),
      }));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
