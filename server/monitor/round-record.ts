// What a round has found so far, and how a host's or sub-service's result is
// kept: its new state, its raw result, and what it says handed to the
// tracker at the round's end. It needs nothing but the round. A host judged from several locations carries
// each location's word; failing from fewer than its quorum ("partial") it
// is shown degraded and observed as ok, so it never alerts.
import type { Observation } from "#server/alerting/incident-tracker.ts";
import { LOCAL_LOCATION, type HostLocationResult } from "#shared/monitor/locations.ts";
import type { CheckOutcome } from "./checks/check-types.ts";
import { applyOutcome, initialHostState, type HostState, type SubServiceResult } from "./host-state.ts";
import type { Reach } from "./locations/local-connectivity.ts";
import type { RoundResults } from "./round-results.ts";
import type { PushWatch } from "./push-ledger.ts";
import type { Job } from "./round-jobs.ts";
import { hostKey, hostObservation, subServiceKey, subServiceObservation } from "./service-targets.ts";
import type { ServicesConfig } from "./services-config.ts";

/** The endpoint key of a host, and of a sub-service checked on it (its history is kept like a host's). */
export const endpointKey = (serviceId: string, host: string, sub?: string) =>
  `${serviceId}/${host}${sub === undefined ? "" : `/${sub}`}`;

/**
 * A host whose verdict waits for the round's end: one checked from remote locations too, or one failing here while
 * local's own network is watched. `outcome` is absent when it is not checked here.
 */
export type WaitingHost = {
  job: Job;
  previous: HostState;
  outcome?: CheckOutcome;
  subOutcomes?: readonly CheckOutcome[];
};

/** What a round checks, and what it has found so far. */
export type ServiceRound = {
  config: ServicesConfig;
  started: number;
  /** A "check now": remote locations are heard through their latest results, not waited for. */
  requested: boolean;
  now: () => number;
  /** Every host's state as this round found it, and as it leaves it. */
  states: Map<string, HostState>;
  circuit: { failures: number };
  parents: ReadonlyMap<string, readonly string[]>;
  jobs: Job[];
  endpointIds: ReadonlyMap<string, number>;
  push: (token: string) => PushWatch;
  /** Hosts' new states by endpoint id. */
  saved: Map<number, HostState>;
  results: RoundResults;
  observations: Map<string, Observation>;
  /** When the check of each target in a dependency (a parent or a child) ended in this round. */
  doneAt: Map<string, number>;
  /** Local's reach, when it has a reference target: taken at the round's start, again at its end after a failure. */
  reach: Promise<Reach> | undefined;
  waiting: WaitingHost[];
};

/** A host's verdict from its locations: each one's word, and those it fails from alone. */
export type Judged = { locations: HostLocationResult[]; partial: readonly string[] };

/** Whether a host or one of its sub-services failed in this server's check. */
export const failedHere = (outcome: CheckOutcome, subOutcomes: readonly CheckOutcome[]) =>
  outcome.status === "unhealthy" || subOutcomes.some((sub) => sub.status === "unhealthy");

/** A host checked from this server alone: one array for every such state (never changed). */
const LOCAL_ONLY: string[] = [LOCAL_LOCATION];

/** The locations that had a word on the host in time for its verdict. */
const heardFrom = (locations: readonly HostLocationResult[]) =>
  locations
    .filter((result) => result.status !== "unknown" && result.status !== "offline")
    .map((result) => result.location);

/** What a partial failure is observed as: a good check. */
const PARTIAL_OBSERVED = { status: "healthy", errorMessage: null } as const;

/** The targets some other target depends on, once per round's map of parents. */
const parentKeysOf = new WeakMap<ReadonlyMap<string, readonly string[]>, ReadonlySet<string>>();
function parentKeys(parents: ReadonlyMap<string, readonly string[]>): ReadonlySet<string> {
  let keys = parentKeysOf.get(parents);
  if (!keys) {
    keys = new Set([...parents.values()].flat());
    parentKeysOf.set(parents, keys);
  }
  return keys;
}

/**
 * What a target said, kept for the round's end. When it was said matters only in a dependency (a parent asked again
 * after its child failed), so only those times are kept: 50,000 of them were a map the round held to its end.
 */
export function observe(round: ServiceRound, observation: Observation): void {
  round.observations.set(observation.key, observation);
  if (observation.dependsOn || parentKeys(round.parents).has(observation.key))
    round.doneAt.set(observation.key, round.now());
}

/** A host's check: its new state stored, its result kept, what it says observed. */
export function recordHost(
  round: ServiceRound,
  job: Job,
  previous: HostState,
  outcome: CheckOutcome,
  subResults: SubServiceResult[],
  judged?: Judged,
): void {
  const key = endpointKey(job.service.id, job.host);
  let next: HostState = {
    ...applyOutcome(previous, outcome, round.now(), round.circuit, subResults),
    measuredFrom: judged ? heardFrom(judged.locations) : LOCAL_ONLY,
  };
  if (judged)
    next = {
      ...next,
      locations: judged.locations,
      ...(judged.partial.length > 0 ? { partial: [...judged.partial] } : {}),
    };
  round.states.set(key, next);
  const parents = round.parents.get(hostKey(job.service.id, job.host));
  const said = judged && judged.partial.length > 0 ? PARTIAL_OBSERVED : next;
  observe(round, hostObservation(job.service, round.config.defaults, job.host, said, parents));
  const endpointId = round.endpointIds.get(key)!;
  round.saved.set(endpointId, next);
  round.results.push({
    endpointId,
    checkedAt: next.lastChecked!,
    status: next.status,
    responseTime: next.responseTime,
  });
}

/**
 * Each sub-service's result kept and observed; returned for its host's state. An absent or pending outcome keeps
 * nothing; a sub-service named in `partial` is observed as a good check.
 */
export function recordSubServices(
  round: ServiceRound,
  { service, host, subs }: Job,
  subOutcomes: readonly (CheckOutcome | undefined)[],
  partial?: ReadonlySet<string>,
): SubServiceResult[] {
  const { defaults } = round.config;
  const subResults: SubServiceResult[] = [];
  subs.forEach((sub, position) => {
    const result = subOutcomes[position];
    if (!result || result.pending) return;
    const state = applyOutcome(initialHostState(host), result, round.now(), round.circuit);
    subResults.push({
      name: sub.name,
      status: state.status,
      responseTime: state.responseTime,
      healthScore: state.healthScore,
      errorMessage: state.errorMessage,
    });
    round.results.push({
      endpointId: round.endpointIds.get(endpointKey(service.id, host, sub.name))!,
      checkedAt: state.lastChecked!,
      status: state.status,
      responseTime: state.responseTime,
    });
    const parents = round.parents.get(subServiceKey(service.id, sub.name));
    const said = partial?.has(sub.name) ? PARTIAL_OBSERVED : state;
    observe(round, subServiceObservation(service, defaults, sub.name, said, parents));
  });
  return subResults;
}
