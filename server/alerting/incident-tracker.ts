// Incidents from observations: every source of alerts (services' hosts and
// sub-services, certificates, nginx, HAProxy, AI services) hands what it has
// just checked to a tracker, which applies the rules (incident-rules.ts) and
// the dependencies between targets (dependency-round.ts), and writes the
// incidents, the streaks, the affected targets and the notices in one
// transaction. A round is decided in memory (tracker-round.ts), then written
// (tracker-apply.ts).
//
// A tracker belongs to the one process that holds its sources' lease (the
// cycle runner for services, the sampler for integrations), so it keeps the
// streaks, the open incidents and the groups' last notice times in memory and
// writes only what changed: a steady fleet costs no write at all. It reloads
// from the database whenever its owner takes the lease anew. Acknowledgements
// come from other processes, so they are read from the database when a
// reminder or a late opening could go out. With the services' checks split
// into shards between instances, each instance's tracker decides on its
// shards' targets and reads the others' from the database where its targets
// depend on them (foreign-targets.ts).
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { readForeignParents, type ForeignTargets } from "./foreign-targets.ts";
import type { ObservedStatus, Severity } from "./incident-rules.ts";
import type { Source } from "./notice.ts";
import type { Notifier } from "./notifier.ts";
import { applyRound } from "./tracker-apply.ts";
import { loadTrackerMemory, type TrackerMemory } from "./tracker-memory.ts";
import { isEmptyRound, observeRound, retireRound, type Round } from "./tracker-round.ts";

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
  /** With the checks split between instances: the targets this one decides on (foreign-targets.ts). */
  foreign?: ForeignTargets;
}) {
  let cache: TrackerMemory | undefined;

  async function load(): Promise<TrackerMemory> {
    cache ??= await loadTrackerMemory(options.db, options.sources);
    return cache;
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

  /** A failed round leaves the memory unsure of what was written: reload it next time. */
  async function apply(c: TrackerMemory, round: Round): Promise<number> {
    if (isEmptyRound(round)) return 0;
    try {
      return await applyRound(options, c, round);
    } catch (error) {
      cache = undefined;
      throw error;
    }
  }

  return {
    /** What was just checked: opens, resolves, and queues the notices due. Returns how many outbox rows were queued. */
    observe: (observations: readonly Observation[]): Promise<number> =>
      oneAtATime(async () => {
        const c = await load();
        if (options.foreign) await readForeignParents(options.db, c, observations, options.foreign, options.now());
        return apply(c, observeRound(c, observations, options.now()));
      }),

    /**
     * Targets no longer configured: their open incidents resolve as "no longer monitored", their streaks go. Only
     * those this process decides on, when it shares the targets with others.
     */
    retire: (source: Source, live: ReadonlySet<string>): Promise<number> =>
      oneAtATime(async () => {
        const c = await load();
        return apply(c, retireRound(c, source, live, options.foreign?.owns));
      }),

    /** Forget the memory: another process may have written meanwhile (a new lease). */
    reset(): void {
      cache = undefined;
    },
  };
}

export type IncidentTracker = ReturnType<typeof createIncidentTracker>;
