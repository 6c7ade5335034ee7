// Tells staff that the database's disk is full, once, and again when it is
// over. Every other notice waits in the outbox, which lives in the same full
// database: this one is sent straight through the alert channels' own send,
// without a row, the moment writes start failing. The all-clear goes through
// the outbox as any notice does (space is back, so it is stored, retried and
// on record), and only once writes have worked for a while: a disk that is
// nearly full lets some writes through and fails others, and that is one
// episode, told once, not an alert per failed write (decision 052).
import { hostname } from "node:os";
import type { Logger } from "pino";
import type { StorageHealth, StorageState } from "#server/db/storage-health.ts";
import type { Database } from "#server/db/schema.ts";
import type { Kysely } from "kysely";
import type { Notifier } from "./notifier.ts";
import type { Notice } from "./notice.ts";
import { channelFor } from "./channels/registry.ts";
import type { ChannelServices } from "./channels/channel.ts";
import type { TellOnce } from "./storage-alarm-gate.ts";

/** How long writes must keep working before the episode is over and the all-clear is told. */
export const STORAGE_SETTLE_MS = 60_000;
const SEND_TIMEOUT_MS = 10_000;

export type StorageAlarmOptions = {
  storage: StorageHealth;
  notifier: Notifier;
  /** What the channels need besides the network (SMTP for e-mail). */
  channelServices: ChannelServices;
  db: Kysely<Database>;
  now: () => number;
  logger: Logger;
  dashboardUrl: string;
  /** Delivers the all-clear at once rather than at the next poll. */
  kick: () => void;
  settleMs?: number;
  /** Whether this process is the one that tells (storage-alarm-gate.ts); absent: it is. */
  teller?: TellOnce;
};

const GROUP = { key: "storage:database", name: "Database storage", source: "storage", serviceId: null } as const;
const ROUTE = { source: "storage", serviceId: null, profile: null } as const;

function storageNotice(kind: "opened" | "resolved", episode: number, at: number, detail: string, url: string): Notice {
  const host = hostname();
  const opened = kind === "opened";
  return {
    id: `storage.${host}.${episode}.${kind}`,
    kind,
    test: false,
    severity: "critical",
    title: opened
      ? `[ALERT] The database's disk is full on ${host}`
      : `[RESOLVED] The database can write again on ${host}`,
    text: [
      opened
        ? "Writes fail for lack of space: the contact and subscription forms answer 503 (visitors keep their text), " +
          "/healthz and /readyz report it, and other notices wait until space returns."
        : "Space is back and writes have worked since; what waited is being delivered.",
      detail,
      "",
      `Dashboard: ${url}`,
    ].join("\n"),
    group: GROUP,
    incidents: [],
    affected: [],
    dashboardUrl: url,
    at,
  };
}

/** Sends the notice on each routed channel directly, without the outbox (which cannot take a row now). */
async function sendDirectly(notice: Notice, options: StorageAlarmOptions): Promise<void> {
  const channels = options.notifier.channelsFor(ROUTE);
  await Promise.all(
    channels.map(async (channel) => {
      const module = channelFor(channel.type);
      if (module.unavailable?.(options.channelServices)) return;
      try {
        await module.send(module.render(notice, channel as never), channel as never, {
          ...options.channelServices,
          key: `${notice.id}.${channel.name}`,
          timeoutMs: SEND_TIMEOUT_MS,
        });
      } catch (error) {
        options.logger.error({ err: error, channel: channel.name }, "the disk-full alert could not be sent");
      }
    }),
  );
}

export function createStorageAlarm(options: StorageAlarmOptions) {
  const settleMs = options.settleMs ?? STORAGE_SETTLE_MS;
  /** The episode told and not yet over: when writes began to fail. */
  let told: number | undefined;
  let settling: ReturnType<typeof setTimeout> | undefined;

  async function resolve(since: number): Promise<void> {
    const at = options.now();
    const detail = `Writes failed from ${new Date(since).toISOString()}.`;
    const notice = storageNotice("resolved", since, at, detail, options.dashboardUrl);
    await options.notifier.queue(options.db, notice, options.notifier.channelsFor(ROUTE), []);
    options.kick();
  }

  function changed(state: StorageState): void {
    if (state.status === "full") {
      // Full again before the all-clear: the same episode goes on, and staff already know.
      if (settling) clearTimeout(settling);
      settling = undefined;
      if (told !== undefined) return;
      // Another worker on this database tells, and gives the all-clear: this one stays quiet for the episode.
      if (options.teller && !options.teller.claim()) return;
      told = state.since;
      options.logger.error(
        { event: "storage-full", error: state.error },
        "writes fail: no space left for the database",
      );
      void sendDirectly(storageNotice("opened", state.since, state.since, state.error, options.dashboardUrl), options);
      return;
    }
    if (told === undefined) return;
    const since = told;
    options.logger.info({ event: "storage-ok" }, "writes work again: there is space for the database");
    settling = setTimeout(() => {
      settling = undefined;
      told = undefined;
      resolve(since)
        .catch((error: unknown) => options.logger.error({ err: error }, "the disk-full all-clear could not be queued"))
        .finally(() => options.teller?.release());
    }, settleMs);
    settling.unref();
  }

  const stopListening = options.storage.onChange(changed);
  return {
    stop(): void {
      stopListening();
      if (settling) clearTimeout(settling);
      settling = undefined;
    },
  };
}

export type StorageAlarm = ReturnType<typeof createStorageAlarm>;
