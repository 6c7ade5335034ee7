// A tracker's round, decided in memory before anything is written: each
// observation steps its target's streak (incident-rules.ts) under what its
// parents decided (dependency-round.ts); retiring a source removes its
// targets. The result is what the round changes, for tracker-apply.ts to
// write in one transaction.
import { affectedTarget, NONE, sameSet } from "./affected-targets.ts";
import { createDependencyRound, parentsFirst } from "./dependency-round.ts";
import { stepTarget, type TargetEvent } from "./incident-rules.ts";
import type { Observation } from "./incident-tracker.ts";
import type { Source } from "./notice.ts";
import type { Affected, Cached, TrackerMemory } from "./tracker-memory.ts";

export type RoundItem = {
  observation: Observation | null;
  event: Exclude<TargetEvent, null> | { type: "remove" };
  incident: Cached | null;
  affected: boolean;
};

/**
 * What a round changes: incident events, streaks, and the targets whose affected roots changed (an empty set: no
 * longer affected).
 */
export type Round = { items: RoundItem[]; streaks: Map<string, number>; relations: Map<string, Affected> };

type DependencyRound = ReturnType<typeof createDependencyRound>;

export const isEmptyRound = (round: Round) =>
  round.items.length === 0 && round.streaks.size === 0 && round.relations.size === 0;

/** What these observations change; remembers each as seen on the way. */
export function observeRound(c: TrackerMemory, observations: readonly Observation[], time: number): Round {
  const round: Round = { items: [], streaks: new Map(), relations: new Map() };
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
  let opening = false;
  for (const observation of parentsFirst(observations)) {
    if (stepObservation(c, round, dependencies, observation, time)) opening = true;
  }
  if (opening) affectWaiting(c, round, dependencies, new Set(observations.map((observation) => observation.key)));
  return round;
}

/** One target's step of the round; true when it opens an incident. */
function stepObservation(
  c: TrackerMemory,
  round: Round,
  dependencies: DependencyRound,
  observation: Observation,
  time: number,
): boolean {
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
  return event?.type === "open";
}

/**
 * An incident opened this round: targets not checked this round that fail
 * under it (waiting for its verdict, on a longer interval or checked in
 * another round) are affected now, so its first notice names them.
 */
function affectWaiting(
  c: TrackerMemory,
  round: Round,
  dependencies: DependencyRound,
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

/**
 * What retiring a source's targets that are not live changes (of those this process decides on); forgets them as seen
 * on the way.
 */
export function retireRound(
  c: TrackerMemory,
  source: Source,
  live: ReadonlySet<string>,
  owns: (key: string) => boolean = () => true,
): Round {
  const prefix = `${source}:`;
  const gone = (key: string) => key.startsWith(prefix) && !live.has(key) && owns(key);
  const items: RoundItem[] = [...c.open.values()]
    .filter((incident) => gone(incident.target))
    .map((incident) => ({ observation: null, event: { type: "remove" }, incident, affected: false }));
  const streaks = new Map([...c.streaks.keys()].filter(gone).map((key) => [key, 0]));
  const relations = new Map(
    [...c.affected]
      .filter(([key]) => gone(key))
      .map(([key, entry]): [string, Affected] => [key, { roots: NONE, target: entry.target }]),
  );
  for (const key of [...c.seen.keys()].filter(gone)) c.seen.delete(key);
  return { items, streaks, relations };
}
