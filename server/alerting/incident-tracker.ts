// Incidents from observations: every source of alerts (services' hosts and
// sub-services, certificates, nginx, HAProxy, AI services) hands what it has
// just checked to a tracker, which applies the rules (incident-rules.ts) and
// the dependencies between targets (dependency-round.ts), and writes the
// incidents, the streaks, the affected targets and the notices in one
// transaction.
//
// A tracker belongs to the one process that holds its sources' lease (the
// cycle runner for services, the sampler for integrations), so it keeps the
// streaks, the open incidents and the groups' last notice times in memory and
// writes only what changed: a steady fleet costs no write at all. It reloads
// from the database whenever its owner takes the lease anew. Acknowledgements
// come from other processes, so they are read from the database when a
// reminder or a late opening could go out.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { createDependencyRound, parentsFirst } from "./dependency-round.ts";
import {
  decideGroup,
  stepTarget,
  type GroupItem,
  type ObservedStatus,
  type Resolution,
  type Severity,
  type TargetEvent,
} from "./incident-rules.ts";
import type { IncidentNoticeKind, Source } from "./notice.ts";
import { composeNotice, type ToldIncident } from "./notice-text.ts";
import type { Notifier } from "./notifier.ts";
import { affectedIndex, affectedTarget, NONE, rememberAffected, sameSet } from "./affected-targets.ts";
import { loadTrackerMemory, type Affected, type Cached, type TrackerMemory } from "./tracker-memory.ts";
import { chunks, insertIncidents, writeAffected, writeStreaks } from "./tracker-writes.ts";

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
  /**
   * The targets this one depends on (their keys): while one has an open incident, its notices tell this one's failures.
   */
  dependsOn?: readonly string[];
  /** How often it is checked: a target depending on it waits at most two of these for its verdict. */
  intervalMs?: number;
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
  let cache: TrackerMemory | undefined;

  async function load(): Promise<TrackerMemory> {
    cache ??= await loadTrackerMemory(db, options.sources);
    return cache;
  }

  /** Acknowledged incidents among these (written by other processes, so read now). */
  async function acknowledged(ids: number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const part of chunks(ids)) {
      const rows = await db
        .selectFrom("incidents")
        .select("id")
        .where("id", "in", part)
        .where("acknowledged_at", "is not", null)
        .execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  type Item = {
    observation: Observation | null;
    event: Exclude<TargetEvent, null> | { type: "remove" };
    incident: Cached | null;
    affected: boolean;
  };
  /**
   * What a round changes: incident events, streaks, and the targets whose affected roots changed (an empty set: no
   * longer affected).
   */
  type Round = { items: Item[]; streaks: Map<string, number>; relations: Map<string, Affected> };

  /** Applies a round in one transaction, then updates the memory. Returns how many outbox rows were queued. */
  async function apply(c: TrackerMemory, { items, streaks, relations }: Round): Promise<number> {
    const context: ObserveContext =
      items.length > 0 ? await options.context() : { cooldownMs: 0, reminderMs: () => 0, held: () => false };
    const time = now();
    const candidates = items
      .filter((item) => item.incident && (item.event.type === "failing" || item.event.type === "escalate"))
      .map((item) => item.incident!.id);
    const acked = candidates.length > 0 ? await acknowledged(candidates) : new Set<number>();
    let queued = 0;
    const opened = new Map<string, Cached>();
    const resolved = new Map<string, Resolution | "removed">();
    const groupNoticeAt = new Map<string, number>();
    const told = new Set<number>();
    const held = new Set<number>();
    const affected = affectedIndex(c.affected, relations);

    await db.transaction().execute(async (trx) => {
      // New incidents first: their ids are in the notices.
      for (const incident of await insertIncidents(
        trx,
        items.filter((item) => item.event.type === "open").map((item) => item.observation!),
        time,
      )) {
        opened.set(incident.target, incident);
      }
      for (const item of items) item.incident ??= opened.get(item.observation!.key)!;

      const groups = new Map<string, Item[]>();
      for (const item of items)
        groups.set(item.incident!.groupKey, [...(groups.get(item.incident!.groupKey) ?? []), item]);
      for (const [groupKey, members] of groups) {
        const decided = decideGroup(
          members.map((item): GroupItem => {
            const incident = item.incident!;
            const event =
              item.event.type === "remove" ? { type: "resolve" as const, resolution: "healthy" as const } : item.event;
            return {
              incidentId: incident.id,
              event,
              announced: incident.announced,
              acknowledged: acked.has(incident.id),
              suppressed: incident.suppressed,
              held: item.observation ? context.held(item.observation) : false,
              affected: item.affected,
            };
          }),
          {
            now: time,
            cooldownMs: context.cooldownMs,
            reminderMs: context.reminderMs(members[0]!.incident!.source),
            lastNoticeAt: c.groupNoticeAt.get(groupKey) ?? null,
          },
        );
        if (decided.lastNoticeAt !== null && decided.lastNoticeAt !== c.groupNoticeAt.get(groupKey))
          groupNoticeAt.set(groupKey, decided.lastNoticeAt);
        const byId = new Map(members.map((item) => [item.incident!.id, item]));

        // The incidents' own changes.
        for (const item of members) {
          const incident = item.incident!;
          const o = item.observation;
          if (item.event.type === "resolve" || item.event.type === "remove") {
            const resolution = item.event.type === "remove" ? "removed" : item.event.resolution;
            resolved.set(incident.target, resolution);
            await trx
              .updateTable("incidents")
              .set({ resolved_at: time, resolution })
              .where("id", "=", incident.id)
              .execute();
          } else if (
            o &&
            item.event.type !== "open" &&
            (o.message !== incident.message || o.summary !== incident.summary || item.event.type === "escalate")
          ) {
            await trx
              .updateTable("incidents")
              .set({
                message: o.message,
                summary: o.summary,
                ...(item.event.type === "escalate" ? { severity: o.severity } : {}),
              })
              .where("id", "=", incident.id)
              .execute();
            Object.assign(incident, {
              message: o.message,
              summary: o.summary,
              ...(item.event.type === "escalate" ? { severity: o.severity } : {}),
            });
          }
        }
        const toldNow = [...decided.opened, ...decided.reminded, ...decided.escalated];
        if (toldNow.length > 0)
          await trx
            .updateTable("incidents")
            .set({ announced: 1, last_notice_at: time })
            .where("id", "in", toldNow)
            .execute();
        if (decided.suppressed.length > 0)
          await trx
            .updateTable("incidents")
            .set({ suppressed_at: time })
            .where("id", "in", decided.suppressed)
            .execute();
        for (const id of toldNow) told.add(id);
        for (const id of decided.suppressed) held.add(id);

        // One notice per kind for the group, on the channels its route picks.
        const first = members[0]!.incident!;
        const group = { key: groupKey, name: first.groupName, source: first.source, serviceId: first.serviceId };
        const channels = notifier.channelsFor({
          source: first.source,
          serviceId: first.serviceId,
          profile: first.profile,
        });
        for (const [kind, ids] of [
          ["opened", decided.opened],
          ["escalated", decided.escalated],
          ["reminder", decided.reminded],
          ["resolved", decided.resolved],
        ] as [IncidentNoticeKind, number[]][]) {
          if (ids.length === 0) continue;
          const incidents = ids.map((id): ToldIncident => {
            const incident = byId.get(id)!.incident!;
            const state = resolved.get(incident.target);
            return {
              ...incident,
              state: state === undefined ? "failing" : state,
              resolvedAt: state === undefined ? null : time,
            };
          });
          const roots = incidents.map((incident) => incident.target);
          const notice = composeNotice({
            id: randomUUID(),
            kind,
            group,
            incidents,
            affected: kind === "resolved" ? affected.everAffectedBy(roots) : affected.affectedBy(roots),
            at: time,
            dashboardUrl: options.dashboardUrl,
          });
          queued += (await notifier.queue(trx, notice, channels, ids)).length;
        }
      }
      const incidentOf = (key: string) => opened.get(key)?.id ?? c.open.get(key)?.id;
      await writeAffected(
        trx,
        relations,
        { before: (key) => c.affected.get(key)?.roots, incidentOf, resolved: (key) => resolved.has(key) },
        time,
      );
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
    rememberAffected(c.affected, relations, new Set(resolved.keys()));
    return queued;
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
    const time = now();
    const round: Round = { items: [], streaks: new Map(), relations: new Map() };
    let opening = false;
    const dependencies = createDependencyRound(
      {
        isOpen: (key) => c.open.has(key),
        rootsOf: (key) => c.affected.get(key)?.roots,
        seen: (key) => c.seen.get(key),
      },
      time,
    );
    // Parents first (what a target depends on is decided before it), otherwise in key order, so a notice about
    // several targets names them the same way whatever order the checks finished in.
    for (const observation of parentsFirst(observations)) {
      const { key } = observation;
      const incident = c.open.get(key) ?? null;
      const before = c.streaks.get(key) ?? 0;
      const failing = observation.status === "failing";
      const previous = c.seen.get(key);
      const since = failing && previous?.failing ? previous.since : time;
      const parents = observation.dependsOn ?? [];
      const dependent = parents.length > 0 ? { parents, target: affectedTarget(observation) } : undefined;
      c.seen.set(key, {
        at: time,
        failing,
        since,
        intervalMs: observation.intervalMs ?? null,
        ...(dependent ? { dependent } : {}),
      });
      const roots = failing && parents.length > 0 ? dependencies.rootsFor(parents) : NONE;
      if (!sameSet(roots, c.affected.get(key)?.roots ?? NONE))
        round.relations.set(key, { roots, target: dependent?.target ?? affectedTarget(observation) });
      const state = {
        streak: before,
        open: incident && {
          id: incident.id,
          severity: incident.severity,
          announced: incident.announced,
          acknowledged: false,
          suppressed: incident.suppressed,
        },
      };
      let { streak, event } = stepTarget(state, observation, observation.thresholds);
      if (roots.size > 0 && !incident) {
        // Affected: the parent's notices tell it, and once the parent resolves it counts its failures from zero.
        streak = 0;
        event = null;
      } else if (event?.type === "open" && parents.length > 0 && dependencies.waitsFor(parents, since)) {
        // A parent's verdict is not in yet: open at the next failing check, or be affected.
        streak = observation.thresholds.failure - 1;
        event = null;
      }
      dependencies.record(key, { open: incident ? event?.type !== "resolve" : event?.type === "open", roots });
      if (streak !== before) round.streaks.set(key, streak);
      if (event) round.items.push({ observation, event, incident, affected: roots.size > 0 });
      if (event?.type === "open") opening = true;
    }
    if (opening) affectWaiting(c, round, dependencies, new Set(observations.map((observation) => observation.key)));
    if (round.items.length === 0 && round.streaks.size === 0 && round.relations.size === 0) return 0;
    return run(() => apply(c, round));
  }

  /**
   * An incident opened this round: targets not checked this round that fail
   * under it (waiting for its verdict, on a longer interval or checked in
   * another round) are affected now, so its first notice names them.
   */
  function affectWaiting(
    c: TrackerMemory,
    round: Round,
    dependencies: ReturnType<typeof createDependencyRound>,
    checked: ReadonlySet<string>,
  ): void {
    for (const [key, seen] of c.seen) {
      if (!seen.dependent || checked.has(key) || c.open.has(key) || !dependencies.stillFailing(seen)) continue;
      const roots = dependencies.rootsFor(seen.dependent.parents);
      if (roots.size === 0 || sameSet(roots, c.affected.get(key)?.roots ?? NONE)) continue;
      round.relations.set(key, { roots, target: seen.dependent.target });
      if ((c.streaks.get(key) ?? 0) > 0) round.streaks.set(key, 0);
    }
  }

  async function retire(source: Source, live: ReadonlySet<string>): Promise<number> {
    const c = await load();
    const prefix = `${source}:`;
    const gone = (key: string) => key.startsWith(prefix) && !live.has(key);
    const items: Item[] = [...c.open.values()]
      .filter((incident) => gone(incident.target))
      .map((incident) => ({ observation: null, event: { type: "remove" }, incident, affected: false }));
    const streaks = new Map([...c.streaks.keys()].filter(gone).map((key) => [key, 0]));
    const relations = new Map(
      [...c.affected]
        .filter(([key]) => gone(key))
        .map(([key, entry]): [string, Affected] => [key, { roots: NONE, target: entry.target }]),
    );
    for (const key of [...c.seen.keys()].filter(gone)) c.seen.delete(key);
    if (items.length === 0 && streaks.size === 0 && relations.size === 0) return 0;
    return run(() => apply(c, { items, streaks, relations }));
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
