// Incidents from observations: every source of alerts (services' hosts and
// sub-services, certificates, nginx, HAProxy, AI services) hands what it has
// just checked to a tracker, which applies the rules (incident-rules.ts) and
// writes the incidents, the streaks and the notices in one transaction.
//
// A tracker belongs to the one process that holds its sources' lease (the
// cycle runner for services, the sampler for integrations), so it keeps the
// streaks, the open incidents and the groups' last notice times in memory and
// writes only what changed: a steady fleet costs no write at all. It reloads
// from the database whenever its owner takes the lease anew. Acknowledgements
// come from other processes, so they are read from the database when a
// reminder or a late opening could go out.
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { decideGroup, stepTarget, type GroupItem, type ObservedStatus, type Resolution, type Severity, type TargetEvent } from "./incident-rules.ts";
import type { NoticeKind, Source } from "./notice.ts";
import { composeNotice, type ToldIncident } from "./notice-text.ts";
import type { Notifier } from "./notifier.ts";

/** What can fail and be alerted on, as its source describes it. */
export type AlertTarget = {
  /** Unique and stable: "service:mail-relay/centron", "certificate:example.com@192.0.2.10:443". */
  key: string;
  source: Source;
  /** Notices are per group: a service's hosts and sub-services share one. */
  group: { key: string; name: string };
  /** The target in words: "Mail relay on centron". */
  name: string;
  /** Its part of the group: "centron"; "" when the group is the target. */
  label: string;
  serviceId: string | null;
  profile: string | null;
  thresholds: { failure: number; success: number };
};

export type Observation = AlertTarget & {
  status: ObservedStatus;
  /** How bad a failure is (ignored when not failing). */
  severity: Severity;
  /** What is wrong, after the group's name: "is unhealthy", "expires in 5 days". */
  summary: string;
  message: string | null;
};

export type ObserveContext = {
  cooldownMs: number;
  /** How often a still-open incident of this source is told again (0: never). */
  reminderMs: (source: Source) => number;
  /** Whether maintenance holds this target's notices back now. */
  held: (target: AlertTarget) => boolean;
};

type Cached = ToldIncident & { groupKey: string; groupName: string; source: Source; serviceId: string | null; profile: string | null; announced: boolean; suppressed: boolean };
type Cache = { streaks: Map<string, number>; open: Map<string, Cached>; groupNoticeAt: Map<string, number> };

const CHUNK = 200;
const chunks = <T>(list: readonly T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, index) => list.slice(index * CHUNK, (index + 1) * CHUNK));

export function createIncidentTracker(options: {
  db: Kysely<Database>;
  notifier: Notifier;
  now: () => number;
  dashboardUrl: string;
  sources: readonly Source[];
  /** The cooldown and what maintenance holds, asked only when something happened. */
  context: () => Promise<ObserveContext>;
}) {
  const { db, notifier, now } = options;
  const prefixes = options.sources.map((source) => `${source}:`);
  const mine = (key: string) => prefixes.some((prefix) => key.startsWith(prefix));
  let cache: Cache | undefined;

  async function load(): Promise<Cache> {
    if (cache) return cache;
    const [streaks, open, notices] = await Promise.all([
      db.selectFrom("alert_targets").select(["target", "streak"]).execute(),
      db.selectFrom("incidents").selectAll().where("resolved_at", "is", null).where("test", "=", 0).where("source", "in", options.sources).execute(),
      db
        .selectFrom("incidents")
        .select((eb) => ["group_key", eb.fn.max("last_notice_at").as("at")])
        .where("source", "in", options.sources)
        .where("last_notice_at", "is not", null)
        .groupBy("group_key")
        .execute(),
    ]);
    cache = {
      streaks: new Map(streaks.filter((row) => mine(row.target)).map((row) => [row.target, row.streak])),
      open: new Map(
        open.map((row) => [
          row.target,
          {
            id: row.id,
            target: row.target,
            name: row.name,
            label: row.label,
            summary: row.summary,
            state: "failing",
            severity: row.severity as Severity,
            message: row.message,
            openedAt: Number(row.opened_at),
            resolvedAt: null,
            groupKey: row.group_key,
            groupName: row.group_name,
            source: row.source as Source,
            serviceId: row.service_id,
            profile: row.profile,
            announced: row.announced === 1,
            suppressed: row.suppressed_at !== null,
          },
        ]),
      ),
      groupNoticeAt: new Map(notices.map((row) => [row.group_key, Number(row.at)])),
    };
    return cache;
  }

  /** Acknowledged incidents among these (written by other processes, so read now). */
  async function acknowledged(ids: number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const part of chunks(ids)) {
      const rows = await db.selectFrom("incidents").select("id").where("id", "in", part).where("acknowledged_at", "is not", null).execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  type Item = { observation: Observation | null; event: Exclude<TargetEvent, null> | { type: "remove" }; incident: Cached | null };

  /** Applies a round of events in one transaction, then updates the cache. Returns how many outbox rows were queued. */
  async function apply(c: Cache, items: Item[], streaks: Map<string, number>): Promise<number> {
    const context: ObserveContext = items.length > 0 ? await options.context() : { cooldownMs: 0, reminderMs: () => 0, held: () => false };
    const time = now();
    const candidates = items.filter((item) => item.incident && (item.event.type === "failing" || item.event.type === "escalate")).map((item) => item.incident!.id);
    const acked = candidates.length > 0 ? await acknowledged(candidates) : new Set<number>();
    let queued = 0;
    const opened = new Map<string, Cached>();
    const resolved = new Map<string, Resolution | "removed">();
    const groupNoticeAt = new Map<string, number>();
    const told = new Set<number>();
    const held = new Set<number>();

    await db.transaction().execute(async (trx) => {
      // New incidents first: their ids are in the notices.
      const fresh = items.filter((item) => item.event.type === "open");
      for (const part of chunks(fresh)) {
        const rows = await trx
          .insertInto("incidents")
          .values(
            part.map(({ observation: o }) => ({
              target: o!.key,
              source: o!.source,
              group_key: o!.group.key,
              name: o!.name,
              group_name: o!.group.name,
              label: o!.label,
              summary: o!.summary,
              service_id: o!.serviceId,
              profile: o!.profile,
              severity: o!.severity,
              message: o!.message,
              opened_at: time,
            })),
          )
          .returning(["id", "target"])
          .execute();
        const ids = new Map(rows.map((row) => [row.target, row.id]));
        for (const item of part) {
          const o = item.observation!;
          item.incident = {
            id: ids.get(o.key)!,
            target: o.key,
            name: o.name,
            label: o.label,
            summary: o.summary,
            state: "failing",
            severity: o.severity,
            message: o.message,
            openedAt: time,
            resolvedAt: null,
            groupKey: o.group.key,
            groupName: o.group.name,
            source: o.source,
            serviceId: o.serviceId,
            profile: o.profile,
            announced: false,
            suppressed: false,
          };
          opened.set(o.key, item.incident);
        }
      }

      const groups = new Map<string, Item[]>();
      for (const item of items) groups.set(item.incident!.groupKey, [...(groups.get(item.incident!.groupKey) ?? []), item]);
      for (const [groupKey, members] of groups) {
        const decided = decideGroup(
          members.map((item): GroupItem => {
            const incident = item.incident!;
            const event = item.event.type === "remove" ? { type: "resolve" as const, resolution: "healthy" as const } : item.event;
            return {
              incidentId: incident.id,
              event,
              announced: incident.announced,
              acknowledged: acked.has(incident.id),
              suppressed: incident.suppressed,
              held: item.observation ? context.held(item.observation) : false,
            };
          }),
          { now: time, cooldownMs: context.cooldownMs, reminderMs: context.reminderMs(members[0]!.incident!.source), lastNoticeAt: c.groupNoticeAt.get(groupKey) ?? null },
        );
        if (decided.lastNoticeAt !== null && decided.lastNoticeAt !== c.groupNoticeAt.get(groupKey)) groupNoticeAt.set(groupKey, decided.lastNoticeAt);
        const byId = new Map(members.map((item) => [item.incident!.id, item]));

        // The incidents' own changes.
        for (const item of members) {
          const incident = item.incident!;
          const o = item.observation;
          if (item.event.type === "resolve" || item.event.type === "remove") {
            const resolution = item.event.type === "remove" ? "removed" : item.event.resolution;
            resolved.set(incident.target, resolution);
            await trx.updateTable("incidents").set({ resolved_at: time, resolution }).where("id", "=", incident.id).execute();
          } else if (o && item.event.type !== "open" && (o.message !== incident.message || o.summary !== incident.summary || item.event.type === "escalate")) {
            await trx
              .updateTable("incidents")
              .set({ message: o.message, summary: o.summary, ...(item.event.type === "escalate" ? { severity: o.severity } : {}) })
              .where("id", "=", incident.id)
              .execute();
            Object.assign(incident, { message: o.message, summary: o.summary, ...(item.event.type === "escalate" ? { severity: o.severity } : {}) });
          }
        }
        const toldNow = [...decided.opened, ...decided.reminded, ...decided.escalated];
        if (toldNow.length > 0) await trx.updateTable("incidents").set({ announced: 1, last_notice_at: time }).where("id", "in", toldNow).execute();
        if (decided.suppressed.length > 0) await trx.updateTable("incidents").set({ suppressed_at: time }).where("id", "in", decided.suppressed).execute();
        for (const id of toldNow) told.add(id);
        for (const id of decided.suppressed) held.add(id);

        // One notice per kind for the group, on the channels its route picks.
        const first = members[0]!.incident!;
        const group = { key: groupKey, name: first.groupName, source: first.source, serviceId: first.serviceId };
        const channels = notifier.channelsFor({ source: first.source, serviceId: first.serviceId, profile: first.profile });
        for (const [kind, ids] of [
          ["opened", decided.opened],
          ["escalated", decided.escalated],
          ["reminder", decided.reminded],
          ["resolved", decided.resolved],
        ] as [NoticeKind, number[]][]) {
          if (ids.length === 0) continue;
          const incidents = ids.map((id): ToldIncident => {
            const incident = byId.get(id)!.incident!;
            const state = resolved.get(incident.target);
            return { ...incident, state: state === undefined ? "failing" : state, resolvedAt: state === undefined ? null : time };
          });
          const notice = composeNotice({ id: randomUUID(), kind, group, incidents, at: time, dashboardUrl: options.dashboardUrl });
          queued += (await notifier.queue(trx, notice, channels, ids)).length;
        }
      }
      await writeStreaks(trx, streaks, time);
    });

    // Committed: the memory follows.
    for (const [key, streak] of streaks) {
      if (streak === 0) c.streaks.delete(key);
      else c.streaks.set(key, streak);
    }
    for (const [key, incident] of opened) c.open.set(key, incident);
    for (const key of resolved.keys()) c.open.delete(key);
    for (const [groupKey, at] of groupNoticeAt) c.groupNoticeAt.set(groupKey, at);
    for (const item of items) {
      const incident = item.incident!;
      if (told.has(incident.id)) incident.announced = true;
      if (held.has(incident.id)) incident.suppressed = true;
    }
    return queued;
  }

  async function writeStreaks(trx: Transaction<Database>, streaks: Map<string, number>, time: number): Promise<void> {
    const entries = [...streaks];
    const gone = entries.filter(([, streak]) => streak === 0).map(([key]) => key);
    const kept = entries.filter(([, streak]) => streak > 0);
    for (const part of chunks(gone)) await trx.deleteFrom("alert_targets").where("target", "in", part).execute();
    for (const part of chunks(kept)) {
      await trx
        .insertInto("alert_targets")
        .values(part.map(([target, streak]) => ({ target, streak, updated_at: time })))
        .onConflict((oc) => oc.column("target").doUpdateSet((eb) => ({ streak: eb.ref("excluded.streak"), updated_at: eb.ref("excluded.updated_at") })))
        .execute();
    }
  }

  /**
   * One decision at a time: the engine's rounds overlap (services on several
   * intervals), and two observations deciding on the same memory at once would
   * each load it and lose what the other wrote (an incident opened by one and
   * never resolved by the next).
   */
  let turn: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = turn.then(work, work);
    turn = result.catch(() => undefined);
    return result;
  }

  async function observe(observations: readonly Observation[]): Promise<number> {
    const c = await load();
    const items: Item[] = [];
    const streaks = new Map<string, number>();
    // In key order, so a notice about several targets names them the same way whatever order the checks finished in.
    for (const observation of [...observations].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
      const incident = c.open.get(observation.key) ?? null;
      const before = c.streaks.get(observation.key) ?? 0;
      const state = {
        streak: before,
        open: incident && { id: incident.id, severity: incident.severity, announced: incident.announced, acknowledged: false, suppressed: incident.suppressed },
      };
      const { streak, event } = stepTarget(state, observation, observation.thresholds);
      if (streak !== before) streaks.set(observation.key, streak);
      if (event) items.push({ observation, event, incident });
    }
    if (items.length === 0 && streaks.size === 0) return 0;
    return run(() => apply(c, items, streaks));
  }

  async function retire(source: Source, live: ReadonlySet<string>): Promise<number> {
    const c = await load();
    const prefix = `${source}:`;
    const items: Item[] = [...c.open.values()]
      .filter((incident) => incident.target.startsWith(prefix) && !live.has(incident.target))
      .map((incident) => ({ observation: null, event: { type: "remove" }, incident }));
    const streaks = new Map([...c.streaks.keys()].filter((key) => key.startsWith(prefix) && !live.has(key)).map((key) => [key, 0]));
    if (items.length === 0 && streaks.size === 0) return 0;
    return run(() => apply(c, items, streaks));
  }

  return {
    /** What was just checked: opens, resolves, and queues the notices due. Returns how many outbox rows were queued. */
    observe: (observations: readonly Observation[]): Promise<number> => oneAtATime(() => observe(observations)),

    /** Targets no longer configured: their open incidents resolve as "no longer monitored", their streaks go. */
    retire: (source: Source, live: ReadonlySet<string>): Promise<number> => oneAtATime(() => retire(source, live)),

    /** Forget the memory: another process may have written meanwhile (a new lease). */
    reset(): void {
      cache = undefined;
    },
  };

  /** A failed round leaves the memory unsure of what was written: reload it next time. */
  async function run(work: () => Promise<number>): Promise<number> {
    try {
      return await work();
    } catch (error) {
      cache = undefined;
      throw error;
    }
  }
}

export type IncidentTracker = ReturnType<typeof createIncidentTracker>;
