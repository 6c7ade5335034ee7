// Maintenance told (`alerts.maintenanceNotices: true`): a notice when
// maintenance starts (who, why, the expected end, what it covers) and when it
// ends (who or what ended it, and what it covered that is still failing), for
// manual maintenance and scheduled windows alike. Their source is
// "maintenance": a route may send them to some channels only.
//
// Every process watches maintenance (alerting.ts); each start and end is an
// event with a key of its own, and the first process to record the key queues
// the notice in the same transaction, so it goes out once however many look.
import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { AlertsConfig } from "./alerts-config.ts";
import type { InForce, MaintenanceStatus, WindowView } from "./maintenance.ts";
import type { Notice, NoticeIncident } from "./notice.ts";
import { clock } from "./notice-text.ts";
import type { Notifier } from "./notifier.ts";

/** A start or end between two looks at maintenance: the manual one, or one occurrence of a window. */
export type MaintenanceChange = { kind: "started" | "ended" } & (
  { manual: MaintenanceStatus } | { window: WindowView }
);

const at = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/**
 * What started and ended between two looks. Without an earlier look (a
 * process that just started), what is in force counts as started: the
 * event's key keeps it from being told twice.
 */
export function maintenanceChanges(before: InForce | undefined, after: InForce): MaintenanceChange[] {
  const changes: MaintenanceChange[] = [];
  const was = before?.manual.is_active ? before.manual : null;
  const is = after.manual.is_active ? after.manual : null;
  if (was && was.enabled_at !== is?.enabled_at) changes.push({ kind: "ended", manual: was });
  if (is && is.enabled_at !== was?.enabled_at) changes.push({ kind: "started", manual: is });
  const key = (window: WindowView) => `${window.name}@${window.startsAt}`;
  const now = new Set(after.windows.map(key));
  const earlier = new Set((before?.windows ?? []).map(key));
  for (const window of before?.windows ?? []) if (!now.has(key(window))) changes.push({ kind: "ended", window });
  for (const window of after.windows) if (!earlier.has(key(window))) changes.push({ kind: "started", window });
  return changes;
}

function eventKey(change: MaintenanceChange): string {
  return "manual" in change
    ? `manual-${change.kind === "started" ? "start" : "end"}@${at(change.manual.enabled_at)}`
    : `window-${change.kind === "started" ? "start" : "end"}:${change.window.name}@${change.window.startsAt}`;
}

/** The services it covers in words: every one, or the listed ones. */
const covers = (services: readonly string[] | null) => (services === null ? "every service" : services.join(", "));

type Ending = { by: string; reason: string | null };

function startedText(change: MaintenanceChange & { kind: "started" }): { title: string; lines: string[] } {
  if ("manual" in change) {
    const { manual } = change;
    const ends = at(manual.ends_at);
    return {
      title: `[MAINTENANCE] Maintenance started: ${manual.reason}`,
      lines: [
        `Maintenance started at ${clock(at(manual.enabled_at)!)} by ${manual.enabled_by}: ${manual.reason}.`,
        ends === null
          ? "No expected end: it lasts until someone turns it off."
          : `Expected end: ${clock(ends)} (it ends by itself then).`,
        `It covers ${covers(null)}: alert notices are held back, checks go on.`,
        ...(manual.notes ? [`Notes: ${manual.notes}`] : []),
      ],
    };
  }
  const { window } = change;
  return {
    title: `[MAINTENANCE] Scheduled maintenance started: ${window.name}`,
    lines: [
      `Scheduled maintenance "${window.name}" started at ${clock(Date.parse(window.startsAt))}.`,
      `Expected end: ${clock(Date.parse(window.endsAt))}.`,
      `It covers ${covers(window.services)}: alert notices are held back, checks go on.`,
    ],
  };
}

function endedText(
  change: MaintenanceChange & { kind: "ended" },
  ending: Ending | null,
  failing: readonly NoticeIncident[],
  endedAt: number,
): { title: string; lines: string[] } {
  const still = failing.length === 0 ? "nothing failing" : `${failing.length} still failing`;
  const list =
    failing.length === 0
      ? ["Nothing it covered is failing."]
      : [
          "Still failing:",
          ...failing.map(
            (incident) => `- ${incident.name}: ${incident.message ?? "failing"} (since ${clock(incident.openedAt)})`,
          ),
        ];
  if ("manual" in change) {
    const { manual } = change;
    const who = ending ? ` by ${ending.by}${ending.reason ? `: ${ending.reason}` : ""}` : "";
    return {
      title: `[MAINTENANCE] Maintenance ended: ${manual.reason}; ${still}`,
      lines: [
        `Maintenance ended at ${clock(endedAt)}${who}.`,
        `It began at ${clock(at(manual.enabled_at)!)} by ${manual.enabled_by}: ${manual.reason}.`,
        "",
        ...list,
      ],
    };
  }
  const { window } = change;
  return {
    title: `[MAINTENANCE] Scheduled maintenance ended: ${window.name}; ${still}`,
    lines: [
      `Scheduled maintenance "${window.name}" ended at ${clock(Math.min(Date.parse(window.endsAt), endedAt))}.`,
      `It covered ${covers(window.services)}.`,
      "",
      ...list,
    ],
  };
}

export function createMaintenanceNotices(options: {
  db: Kysely<Database>;
  notifier: Notifier;
  config: () => AlertsConfig;
  dashboardUrl: string;
  now: () => number;
}) {
  const { db, notifier, now } = options;

  /**
   * Open incidents (not tests) of what the maintenance covered: every source for manual maintenance and windows of
   * every service.
   */
  async function failing(trx: Transaction<Database>, services: readonly string[] | null): Promise<NoticeIncident[]> {
    let query = trx.selectFrom("incidents").selectAll().where("resolved_at", "is", null).where("test", "=", 0);
    if (services !== null) query = query.where("service_id", "in", services.length > 0 ? [...services] : [""]);
    const rows = await query.orderBy("opened_at").orderBy("id").execute();
    return rows.map((row) => ({
      id: row.id,
      target: row.target,
      name: row.name,
      state: "failing",
      severity: row.severity as NoticeIncident["severity"],
      message: row.message,
      openedAt: Number(row.opened_at),
      resolvedAt: null,
    }));
  }

  /** Who ended the manual maintenance, and why: the history's last "disable". */
  async function ending(trx: Transaction<Database>): Promise<Ending | null> {
    const row = await trx
      .selectFrom("maintenance_history")
      .select(["by_user", "reason"])
      .where("action", "=", "disable")
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    return row ? { by: row.by_user, reason: row.reason } : null;
  }

  async function compose(trx: Transaction<Database>, change: MaintenanceChange, key: string): Promise<Notice> {
    const time = now();
    const incidents =
      change.kind === "ended" ? await failing(trx, "manual" in change ? null : change.window.services) : [];
    const { title, lines } =
      change.kind === "started"
        ? startedText(change as MaintenanceChange & { kind: "started" })
        : endedText(
            change as MaintenanceChange & { kind: "ended" },
            "manual" in change ? await ending(trx) : null,
            incidents,
            time,
          );
    return {
      // Stable for the event (a receiver may drop a repeat), and safe in a Message-ID.
      id: `maintenance-${createHash("sha256").update(key).digest("hex").slice(0, 32)}`,
      kind: change.kind === "started" ? "maintenance-started" : "maintenance-ended",
      test: false,
      severity: "info",
      title,
      text: [...lines, "", `Dashboard: ${options.dashboardUrl}`].join("\n"),
      group: { key: "maintenance", name: "Maintenance", source: "maintenance", serviceId: null },
      incidents,
      affected: [],
      dashboardUrl: options.dashboardUrl,
      at: time,
    };
  }

  return {
    /**
     * Tells each change once across every process (when maintenance notices are on). Returns how many outbox rows were
     * queued.
     */
    async announce(changes: readonly MaintenanceChange[]): Promise<number> {
      if (!options.config().maintenanceNotices || changes.length === 0) return 0;
      let queued = 0;
      for (const change of changes) {
        const key = eventKey(change);
        await db.transaction().execute(async (trx) => {
          const first = await trx
            .insertInto("maintenance_announcements")
            .values({ event: key, at: now() })
            .onConflict((oc) => oc.column("event").doNothing())
            .returning("event")
            .executeTakeFirst();
          if (!first) return;
          const channels = notifier.channelsFor({ source: "maintenance", serviceId: null, profile: null });
          queued += (await notifier.queue(trx, await compose(trx, change, key), channels, [])).length;
        });
      }
      return queued;
    },
  };
}

export type MaintenanceNotices = ReturnType<typeof createMaintenanceNotices>;
