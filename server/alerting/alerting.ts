// Alerting as the rest of the server sees it: one path from "this target was
// just checked" to notices on the channels. The service engine and the
// integrations each own a tracker for their sources and hand it what they
// observed; this module gives every tracker the same notifier, cooldown and
// maintenance, and holds what staff do with incidents (acknowledge, the
// history, Test Email and Test Failure).
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../db/schema.ts";
import type { Leases } from "../db/leases.ts";
import type { SendMail } from "../mail/smtp-sender.ts";
import type { Outbox } from "../outbox/outbox.ts";
import { createTicker } from "../scheduling/ticker.ts";
import { createAlertTests } from "./alert-tests.ts";
import type { AlertsConfig } from "./alerts-config.ts";
import { createIncidentTracker, type ObserveContext, type Observation } from "./incident-tracker.ts";
import { createIncidents } from "./incidents.ts";
import { createMaintenance, holdOf } from "./maintenance.ts";
import type { MaintenanceConfig } from "./maintenance-windows.ts";
import type { Source } from "./notice.ts";
import { createNotifier } from "./notifier.ts";

/** The parts of the monitoring configuration alerting reads. */
export type AlertingConfig = { alerts: AlertsConfig; maintenance: MaintenanceConfig };

/** How long Test Email and Test Failure wait for their delivery before they answer. */
const TEST_WAIT_MS = 15_000;
/** A certificate's incident lasts days (a warning starts 30 days ahead): it is told again once a day at most. */
const CERTIFICATE_REMINDER_MS = 24 * 60 * 60_000;
/** How often maintenance is looked at, so one that runs out (an estimate, a window) ends on time even when nothing else asks. */
const MAINTENANCE_WATCH_MS = 5_000;

export function createAlerting(options: {
  db: Kysely<Database>;
  outbox: Outbox;
  leases: Leases;
  now: () => number;
  logger: Logger;
  config: () => AlertingConfig;
  dashboardUrl: string;
  /** SMTP for the e-mail channels; without it their notices wait. */
  sendMail: SendMail | undefined;
  /** Something was queued: deliver it now rather than at the next poll. */
  kick: () => void;
  testWaitMs?: number;
}) {
  const { db, now, config } = options;
  const endListeners = new Set<() => void>();
  const ended = () => endListeners.forEach((listener) => listener());
  const notifier = createNotifier({ outbox: options.outbox, config: () => config().alerts, sendMail: options.sendMail });
  const maintenance = createMaintenance({ db, now, windows: () => config().maintenance, onEnd: ended });
  /** What held notices back at the previous decision in this process: a window that has ended since should be told at once. */
  let heldBefore = "";

  /** What maintenance holds now; a window that ended since the last look is told to the listeners (manual ends tell them themselves). */
  async function maintenanceNow() {
    const current = await maintenance.current();
    const holding = [current.manual.is_active ? "manual" : "", ...current.windows.map((window) => `${window.name}@${window.startsAt}`)].filter(Boolean).join("|");
    if (heldBefore && holding !== heldBefore && !current.manual.is_active) ended();
    heldBefore = holding;
    return current;
  }

  async function context(): Promise<ObserveContext> {
    const hold = holdOf(await maintenanceNow());
    const { cooldownMinutes, reminderMinutes } = config().alerts;
    const reminderMs = reminderMinutes * 60_000;
    return {
      cooldownMs: cooldownMinutes * 60_000,
      reminderMs: (source) => (reminderMs > 0 && source === "certificate" ? Math.max(reminderMs, CERTIFICATE_REMINDER_MS) : reminderMs),
      held: (target) => hold(target.serviceId),
    };
  }

  const watcher = createTicker(async () => void (await maintenanceNow()), MAINTENANCE_WATCH_MS, options.logger, "maintenance watch");

  return {
    notifier,
    maintenance,
    /** Watches maintenance in the background (the server runs it; tests look when they choose). */
    start: () => watcher.start(),
    stop: () => watcher.stop(),
    incidents: createIncidents(db, now),
    tests: createAlertTests({ db, leases: options.leases, notifier, now, kick: options.kick, waitMs: options.testWaitMs ?? TEST_WAIT_MS }),
    dashboardUrl: options.dashboardUrl,

    /** Maintenance ended (by hand, by its estimate or a window's end): the listener should look again at once. */
    onMaintenanceEnd(listener: () => void): void {
      endListeners.add(listener);
    },

    /** A tracker for the sources one owner checks; its notices go out as soon as they are queued. */
    tracker(sources: readonly Source[]) {
      const tracker = createIncidentTracker({ db, notifier, now, dashboardUrl: options.dashboardUrl, sources, context });
      const sent = (queued: number) => {
        if (queued > 0) options.kick();
        return queued;
      };
      return {
        observe: async (observations: readonly Observation[]) => sent(await tracker.observe(observations)),
        retire: async (source: Source, live: ReadonlySet<string>) => sent(await tracker.retire(source, live)),
        reset: tracker.reset,
      };
    },
  };
}

export type Alerting = ReturnType<typeof createAlerting>;
export type Tracker = ReturnType<Alerting["tracker"]>;
