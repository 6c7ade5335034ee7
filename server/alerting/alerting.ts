// Alerting as the rest of the server sees it: one path from "this target was
// just checked" to notices on the channels. The service engine and the
// integrations each own a tracker for their sources and hand it what they
// observed; this module gives every tracker the same notifier, cooldown and
// maintenance, and holds what staff do with incidents (acknowledge, the
// history, Test Email and Test Failure).
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#server/db/schema.ts";
import type { Leases } from "#server/db/leases.ts";
import type { StorageHealth } from "#server/db/storage-health.ts";
import type { SendMail } from "#server/mail/smtp-sender.ts";
import type { Outbox } from "#server/outbox/outbox.ts";
import { createTicker } from "#server/scheduling/ticker.ts";
import { createAlertTests } from "./alert-tests.ts";
import type { AlertsConfig } from "./alerts-config.ts";
import {
  createIncidentTracker,
  type IncidentTracker,
  type ObserveContext,
  type Observation,
} from "./incident-tracker.ts";
import type { ForeignTargets } from "./foreign-targets.ts";
import { createIncidents } from "./incidents.ts";
import { createMaintenance, endedBetween, holdOf, type InForce, type Maintenance } from "./maintenance.ts";
import { createMaintenanceNotices, maintenanceChanges, type MaintenanceNotices } from "./maintenance-notices.ts";
import type { MaintenanceConfig } from "./maintenance-windows.ts";
import type { Source } from "./notice.ts";
import { createNotifier, type Notifier } from "./notifier.ts";
import { createStorageAlarm, type StorageAlarm } from "./storage-alarm.ts";
import type { TellOnce } from "./storage-alarm-gate.ts";

/** The parts of the monitoring configuration alerting reads. */
export type AlertingConfig = { alerts: AlertsConfig; maintenance: MaintenanceConfig };

/** How long Test Email and Test Failure wait for their delivery before they answer. */
const TEST_WAIT_MS = 15_000;
/** A certificate's incident lasts days (a warning starts 30 days ahead): it is told again once a day at most. */
const CERTIFICATE_REMINDER_MS = 24 * 60 * 60_000;
/**
 * How often maintenance is looked at, so one that runs out (an estimate, a window) ends on time even when nothing else
 * asks.
 */
const MAINTENANCE_WATCH_MS = 5_000;

/** What a look at maintenance needs, and what the previous look in this process saw. */
type MaintenanceWatch = {
  maintenance: Maintenance;
  notices: MaintenanceNotices;
  now: () => number;
  logger: Logger;
  kick: () => void;
  /** Tells the listeners that maintenance ended at this time. */
  ended: (endedAt: number) => void;
  before: InForce | undefined;
};

/**
 * What maintenance holds now. An end since the last look is told to the
 * listeners: a window's, and a manual end made in another process (one made
 * here told them at once; they hear it again with the same time). Starts and
 * ends are announced (maintenance-notices.ts), once across processes.
 */
async function lookAtMaintenance(watch: MaintenanceWatch) {
  const current = await watch.maintenance.current();
  const { before } = watch;
  const endedAt = before ? endedBetween(before, current, watch.now()) : null;
  const changes = maintenanceChanges(before, current);
  watch.before = current;
  if (endedAt !== null) watch.ended(endedAt);
  if (changes.length > 0) {
    // A failed announcement must not stop the look: what maintenance holds decides the alerts.
    const queued = await watch.notices
      .announce(changes)
      .catch((error: unknown) => (watch.logger.error({ err: error }, "announcing maintenance failed"), 0));
    if (queued > 0) watch.kick();
  }
  return current;
}

/** The cooldown, the reminders per source, and what maintenance holds, for a tracker's round. */
function observeContext(current: InForce, alerts: AlertsConfig): ObserveContext {
  const hold = holdOf(current);
  const { cooldownMinutes, reminderMinutes } = alerts;
  const reminderMs = reminderMinutes * 60_000;
  return {
    cooldownMs: cooldownMinutes * 60_000,
    reminderMs: (source) =>
      reminderMs > 0 && source === "certificate" ? Math.max(reminderMs, CERTIFICATE_REMINDER_MS) : reminderMs,
    held: (target) => hold(target.serviceId),
  };
}

/**
 * A tracker as its owner uses it: its notices go out as soon as they are queued; its owner hears when maintenance
 * ends.
 */
function ownedTracker(tracker: IncidentTracker, kick: () => void, endListeners: Set<(endedAt: number) => void>) {
  const sent = (queued: number) => {
    if (queued > 0) kick();
    return queued;
  };
  return {
    observe: async (observations: readonly Observation[]) => sent(await tracker.observe(observations)),
    retire: async (source: Source, live: ReadonlySet<string>) => sent(await tracker.retire(source, live)),
    reset: tracker.reset,
    /**
     * Maintenance ended at `endedAt`: what it held back and is still failing is told from the owner's next fresh
     * reading, so take one now.
     */
    onMaintenanceEnd: (listener: (endedAt: number) => void) => void endListeners.add(listener),
  };
}

export type AlertingOptions = {
  db: Kysely<Database>;
  outbox: Outbox;
  leases: Leases;
  now: () => number;
  logger: Logger;
  config: () => AlertingConfig;
  dashboardUrl: string;
  /** SMTP for the e-mail channels; without it their notices wait. */
  sendMail: SendMail | undefined;
  /** The webhook channel may reach private and loopback addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets?: boolean;
  /** Something was queued: deliver it now rather than at the next poll. */
  kick: () => void;
  testWaitMs?: number;
  /** Whether the database's writes find space: a full disk is told to staff while it lasts (storage-alarm.ts). */
  storage?: StorageHealth;
  /** How long writes must work again before the disk-full all-clear (tests shorten it). */
  storageSettleMs?: number;
  /** Which process tells of a full disk, among the workers sharing the database; without it, this one does. */
  storageTeller?: TellOnce;
};

type Ticker = ReturnType<typeof createTicker>;

/** The maintenance watch and the disk-full alarm, started and stopped together. */
function backgroundWatches(watcher: Ticker, options: AlertingOptions, notifier: Notifier) {
  let alarm: StorageAlarm | undefined;
  return {
    start(): void {
      watcher.start();
      if (!options.storage || alarm) return;
      alarm = createStorageAlarm({
        ...options,
        storage: options.storage,
        notifier,
        channelServices: { sendMail: options.sendMail, allowPrivateTargets: options.allowPrivateTargets },
        settleMs: options.storageSettleMs,
        teller: options.storageTeller,
      });
    },
    stop(): void {
      watcher.stop();
      alarm?.stop();
      alarm = undefined;
    },
  };
}

export function createAlerting(options: AlertingOptions) {
  const { db, now, config } = options;
  const endListeners = new Set<(endedAt: number) => void>();
  const ended = (endedAt: number) => endListeners.forEach((listener) => listener(endedAt));
  const notifier = createNotifier({
    outbox: options.outbox,
    config: () => config().alerts,
    sendMail: options.sendMail,
    allowPrivateTargets: options.allowPrivateTargets,
  });
  const maintenance = createMaintenance({ db, now, windows: () => config().maintenance, onEnd: ended });
  const notices = createMaintenanceNotices({
    db,
    notifier,
    config: () => config().alerts,
    dashboardUrl: options.dashboardUrl,
    now,
  });
  const watch: MaintenanceWatch = {
    maintenance,
    notices,
    now,
    logger: options.logger,
    kick: options.kick,
    ended,
    before: undefined,
  };
  const maintenanceNow = () => lookAtMaintenance(watch);
  const context = async (): Promise<ObserveContext> => observeContext(await maintenanceNow(), config().alerts);

  const watcher = createTicker(
    async () => void (await maintenanceNow()),
    MAINTENANCE_WATCH_MS,
    options.logger,
    "maintenance watch",
  );
  const background = backgroundWatches(watcher, options, notifier);

  return {
    notifier,
    /** Maintenance; a change made here is looked at (and announced) at once, not at the next watch. */
    maintenance: {
      ...maintenance,
      async change(request: Parameters<typeof maintenance.change>[0]) {
        const result = await maintenance.change(request);
        await maintenanceNow().catch((error: unknown) =>
          options.logger.error({ err: error }, "looking at maintenance failed"),
        );
        return result;
      },
    },
    /** Looks at maintenance now, as the watch does every few seconds (tests call it on a fake clock). */
    lookAtMaintenance: maintenanceNow,
    /** Watches maintenance and the disk in the background (the server runs it; tests look when they choose). */
    start: background.start,
    stop: background.stop,
    incidents: createIncidents(db, now),
    tests: createAlertTests({
      db,
      leases: options.leases,
      notifier,
      now,
      kick: options.kick,
      waitMs: options.testWaitMs ?? TEST_WAIT_MS,
    }),
    dashboardUrl: options.dashboardUrl,

    /**
     * Maintenance ended (by hand, by its estimate or a window's end) at `endedAt`: the listener should look again at
     * once.
     */
    onMaintenanceEnd(listener: (endedAt: number) => void): void {
      endListeners.add(listener);
    },

    /**
     * A tracker for the sources one owner checks; its notices go out as soon as they are queued; its owner hears when
     * maintenance ends. With `foreign`, it shares the targets with other instances and decides only on its own.
     */
    tracker(sources: readonly Source[], foreign?: ForeignTargets) {
      const tracker = createIncidentTracker({
        db,
        notifier,
        now,
        dashboardUrl: options.dashboardUrl,
        sources,
        context,
        foreign,
      });
      return ownedTracker(tracker, options.kick, endListeners);
    },
  };
}

export type Alerting = ReturnType<typeof createAlerting>;
export type Tracker = ReturnType<Alerting["tracker"]>;
