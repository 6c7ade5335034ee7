// The part of a round that looks beyond this server: local's own network
// (its reference target, when it has one), the remote locations' results for
// the hosts checked from them, each such host's verdict from all its
// locations (locations/location-verdict.ts), and the locations' own state,
// written for local and observed as incidents of their own. A fleet checked
// from this server alone, without a reference target, never comes here.
import type { Observation } from "#server/alerting/incident-tracker.ts";
import type { LocationState } from "#shared/monitor/locations.ts";
import type { CheckOutcome } from "./checks/check-types.ts";
import { pause, type EngineOptions, type LocationMemory, type Rounds } from "./engine-state.ts";
import { localReach, type Reach } from "./locations/local-connectivity.ts";
import { locationKeys, locationObservations } from "./locations/location-incidents.ts";
import { judgeHost, type LocationEvidence, type Verdict } from "./locations/location-verdict.ts";
import { LOCAL, type LocationConfig } from "./locations/locations-config.ts";
import type { LocationReport, LocationResult } from "./locations/probe-results.ts";
import { locationInterval, locationState } from "./locations/location-state.ts";
import { evidenceDeadline, remoteEvidence } from "./locations/remote-evidence.ts";
import {
  endpointKey,
  failedHere,
  recordHost,
  recordSubServices,
  type ServiceRound,
  type WaitingHost,
} from "./round-record.ts";
import { intervalOf, timeoutOf, type ServicesConfig } from "./services-config.ts";

/**
 * What judging by location needs of the engine: how to check (local's reference target), the clock, the probes'
 * results, and what it remembers of the locations between rounds; and when the engine stops.
 */
export type JudgeContext = {
  options: Pick<EngineOptions, "check" | "now" | "probeResults">;
  state: LocationMemory & Pick<Rounds, "stopping" | "pauses">;
};

/**
 * What the remote locations said: each one's state, and the newest results by endpoint and location; with their
 * names, for the verdicts' messages.
 */
type Heard = {
  states: Map<string, LocationState>;
  found: Map<number, Map<string, LocationResult>>;
  nameOf: (id: string) => string;
};

const localOf = (config: ServicesConfig): LocationConfig | undefined =>
  config.locations?.find((location) => location.id === LOCAL);

/** Local's reach for a round starting now, when local has a reference target (shared by rounds that overlap). */
export function watchReach(engine: JudgeContext, config: ServicesConfig, fresh = false): Promise<Reach> | undefined {
  const target = localOf(config)?.connectivity;
  if (!target) return undefined;
  const { options, state } = engine;
  const context = { check: options.check, now: options.now, intervalMs: config.defaults.intervalSeconds * 1000 };
  const { answer, memory } = localReach(target, state.reach, context, fresh);
  state.reach = memory;
  return answer;
}

/** Every remote location's state now, from its last word about itself. */
async function locationStates({ options, state }: JudgeContext, config: ServicesConfig) {
  const reports = await options.probeResults.reports();
  const now = options.now();
  const states = new Map<string, LocationState>();
  for (const { id } of config.locations ?? []) {
    if (id === LOCAL) continue;
    if (!state.watchedSince.has(id)) state.watchedSince.set(id, now);
    const interval = locationInterval(config, id);
    states.set(id, locationState(reports.get(id), now, interval, state.watchedSince.get(id)!));
  }
  return { states, reports };
}

/** The remote results for these hosts: each location that is online and reporting is waited for, up to a deadline. */
async function hearRemote(engine: JudgeContext, round: ServiceRound, remote: WaitingHost[], spread: number) {
  const { options, state } = engine;
  const { config } = round;
  const { states, reports } = await locationStates(engine, config);
  const awaited = new Map<number, string[]>();
  let intervalMs = Infinity;
  let timeoutMs = 0;
  for (const { job } of remote) {
    const from = job.placement!.locations.filter((id) => states.get(id) === "online" && reports.has(id));
    const keys = [
      endpointKey(job.service.id, job.host),
      ...job.subs.map((sub) => endpointKey(job.service.id, job.host, sub.name)),
    ];
    for (const key of keys) awaited.set(round.endpointIds.get(key)!, from);
    intervalMs = Math.min(intervalMs, intervalOf(job.service, config.defaults));
    timeoutMs = Math.max(timeoutMs, timeoutOf(job.target, job.service, config.defaults));
  }
  const wait = {
    probeResults: options.probeResults,
    now: options.now,
    pause: (ms: number) => pause(state, ms),
    stopped: () => state.stopping.signal.aborted,
  };
  // A "check now" falls between the probes' slots: what they said last is the news, nothing newer is coming soon.
  const deadline = round.requested ? round.started : evidenceDeadline(round.started, spread, timeoutMs, intervalMs);
  const found = await remoteEvidence(wait, awaited, round.started, deadline, intervalMs);
  const names = new Map((config.locations ?? []).map((location) => [location.id, location.name]));
  return { states, found, nameOf: (id: string) => names.get(id) ?? id } satisfies Heard;
}

const isPartial = (verdict: Verdict) => verdict.decided && verdict.partial.length > 0;

/** A verdict as a check's outcome (local's retry count kept). */
function outcomeOf(verdict: Verdict & { decided: true }, local: CheckOutcome | undefined): CheckOutcome {
  return { ...verdict.outcome, retryAttempt: local?.retryAttempt ?? 0, basic: false };
}

/** One host (and its sub-services) judged from every location it is checked from. */
function judgeOne(round: ServiceRound, waiting: WaitingHost, heard: Heard, localOnline: boolean) {
  const { job, previous } = waiting;
  const placement = job.placement!;
  const now = round.now();
  const { nameOf } = heard;
  const evidenceOf = (key: string, local: CheckOutcome | undefined): LocationEvidence[] =>
    placement.locations.map((location) =>
      location === LOCAL
        ? {
            location,
            state: localOnline ? "online" : "offline",
            ...(local ? { result: { ...local, checkedAt: now, skewMs: 0 } } : {}),
          }
        : {
            location,
            state: heard.states.get(location) ?? "not-reporting",
            result: heard.found.get(round.endpointIds.get(key)!)?.get(location),
          },
    );
  const subVerdicts = job.subs.map((sub, position) =>
    judgeHost(
      evidenceOf(endpointKey(job.service.id, job.host, sub.name), waiting.subOutcomes?.[position]),
      placement.quorum,
      nameOf,
    ),
  );
  const partialSubs = new Set(
    job.subs.filter((_, position) => isPartial(subVerdicts[position]!)).map((sub) => sub.name),
  );
  const subOutcomes = subVerdicts.map((verdict, position) =>
    verdict.decided ? outcomeOf(verdict, waiting.subOutcomes?.[position]) : undefined,
  );
  const subResults = recordSubServices(round, job, subOutcomes, partialSubs);
  const verdict = judgeHost(
    evidenceOf(endpointKey(job.service.id, job.host), waiting.outcome),
    placement.quorum,
    nameOf,
  );
  if (verdict.decided) {
    const judged = { locations: verdict.locations, partial: verdict.partial };
    recordHost(round, job, previous, outcomeOf(verdict, waiting.outcome), subResults, judged);
    return;
  }
  // Undecided: the host keeps its state and nothing is observed; what each location said is still shown.
  if (previous.lastChecked === null) return;
  const key = endpointKey(job.service.id, job.host);
  const kept = { ...previous, locations: verdict.locations };
  round.states.set(key, kept);
  round.saved.set(round.endpointIds.get(key)!, kept);
}

/**
 * The hosts whose verdict waited for the round's end: local's reach looked at again when one failed here, the remote
 * results heard, then each host judged; one checked from here alone is kept as checked unless local went offline.
 */
export async function judgeWaiting(engine: JudgeContext, round: ServiceRound, spread: number): Promise<void> {
  let reach = round.reach ? await round.reach : undefined;
  const failed = round.waiting.some(({ outcome, subOutcomes }) => outcome && failedHere(outcome, subOutcomes ?? []));
  if (reach?.online && failed) {
    round.reach = watchReach(engine, round.config, true);
    reach = await round.reach;
  }
  const localOnline = reach?.online ?? true;
  const remote = round.waiting.filter((waiting) => waiting.job.placement);
  const heard = remote.length > 0 ? await hearRemote(engine, round, remote, spread) : undefined;
  for (const waiting of round.waiting) {
    if (waiting.job.placement) judgeOne(round, waiting, heard!, localOnline);
    else if (localOnline) {
      const { job, previous, outcome, subOutcomes } = waiting;
      const subResults = recordSubServices(round, job, subOutcomes ?? []);
      if (!outcome!.pending) recordHost(round, job, previous, outcome!, subResults);
    }
  }
}

/**
 * The locations' own state at a round's end, when the configuration names remote locations or local's reference:
 * local's written where every process reads the others' (probe_locations), and each observed as its own incident.
 */
export async function observeLocations(
  engine: JudgeContext,
  round: ServiceRound,
): Promise<{ observations: Observation[]; keys: Set<string> } | undefined> {
  const { options } = engine;
  const { config } = round;
  const locations = config.locations ?? [];
  if (locations.length <= 1 && !localOf(config)?.connectivity) return undefined;
  const reach = round.reach ? await round.reach : undefined;
  await options.probeResults.record({
    location: LOCAL,
    receivedAt: options.now(),
    skewMs: 0,
    connectivity: reach ?? { online: true, checkedAt: null, error: null },
    results: [],
  });
  const heard = locations.length > 1 ? await locationStates(engine, config) : undefined;
  const thresholds = { failure: config.defaults.failureThreshold, success: config.defaults.successThreshold };
  const observations = locationObservations(
    locations,
    heard?.states ?? new Map<string, LocationState>(),
    heard?.reports ?? new Map<string, LocationReport>(),
    reach,
    thresholds,
  );
  return { observations, keys: locationKeys(locations) };
}
