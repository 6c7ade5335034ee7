// One round of the engine: every host of its services checked (starts spread
// over the round, sub-services beside their host), the hosts checked from
// remote locations too judged once their results are in (round-judgement.ts),
// the parents of what failed late in the round asked again, then every host's
// new state and raw result stored in one transaction and what was checked
// handed to the incident tracker. A round runs marked in flight, and
// housekeeping follows it.
import type { CheckOutcome, Target } from "./checks/check-types.ts";
import { dependencyParents } from "./dependencies.ts";
import { decidableServices, loadOwnStates } from "./engine-shards.ts";
import { limited, type EngineContext } from "./engine-state.ts";
import { paced } from "./round-pacing.ts";
import { RoundResults } from "./round-results.ts";
import { recordCheck, recordRound } from "./monitor-metrics.ts";
import { checkSettings, initialHostState, type HostState } from "./host-state.ts";
import { LOCAL } from "./locations/locations-config.ts";
import type { PushWatch } from "./push-ledger.ts";
import { jobsOf, parentsToAskAgain, pushTokens, type Job } from "./round-jobs.ts";
import { judgeWaiting, observeLocations, watchReach } from "./round-judgement.ts";
import { endpointKey, failedHere, recordHost, recordSubServices, type ServiceRound } from "./round-record.ts";
import { configuredKeys, hostKey } from "./service-targets.ts";
import { intervalOf, timeoutOf, type ServiceConfig } from "./services-config.ts";

export { endpointKey } from "./round-record.ts";

const NO_LOCATIONS: ReadonlySet<string> = new Set();

type LocationsObserved = Awaited<ReturnType<typeof observeLocations>>;

/**
 * Runs a round of these services, marked in flight until it ends. A requested one ("check now") takes the remote
 * locations' latest results as they are instead of waiting for those of a slot.
 */
export function startRound(
  engine: EngineContext,
  services: readonly ServiceConfig[],
  spread: number,
  requested = false,
): Promise<void> {
  const { state } = engine;
  for (const service of services) state.inFlight.add(service.id);
  const round: Promise<void> = runRound(engine, services, spread, requested)
    .catch((error: unknown) => engine.options.logger.error({ err: error }, "monitor cycle failed"))
    .finally(() => {
      for (const service of services) state.inFlight.delete(service.id);
      state.rounds.delete(round);
      tidyUp(engine);
    });
  state.rounds.add(round);
  return round;
}

/** One round: every host of these services, starts spread over `spread` ms, then alerts. */
async function runRound(
  engine: EngineContext,
  services: readonly ServiceConfig[],
  spread: number,
  requested: boolean,
): Promise<void> {
  const round = await prepareRound(engine, services, requested);
  await paced(engine, round.jobs, spread, round.config.defaults.concurrency, (job) => checkJob(engine, round, job));
  if (round.waiting.length > 0) await judgeWaiting(engine, round, spread);
  await askParentsAgain(engine, round);
  if (engine.state.stopping.signal.aborted) return;
  await finishRound(engine, round);
}

/** The round's jobs, their endpoints' ids and the push calls they read; the hosts' states once per lease. */
async function prepareRound(
  engine: EngineContext,
  services: readonly ServiceConfig[],
  requested: boolean,
): Promise<ServiceRound> {
  const { options, state } = engine;
  const config = options.config();
  const started = options.now();
  state.states ??= await loadOwnStates(options);
  const circuit = { failures: config.defaults.circuitFailures };
  const parents = dependencyParents(config.services);
  const jobs = jobsOf(services);
  const endpointIds = await options.store.knownIds(
    jobs.flatMap(({ service, host, subs }) => [
      { serviceId: service.id, host },
      ...subs.map((sub) => ({ serviceId: service.id, host: `${host}/${sub.name}` })),
    ]),
  );
  const tokens = pushTokens(jobs);
  const pushes = tokens.length > 0 ? await options.pushes.watch(tokens, started) : new Map<string, PushWatch>();
  const push = (token: string) => pushes.get(token) ?? { receipt: undefined, watchedSince: started };
  return {
    config,
    started,
    requested,
    now: options.now,
    states: state.states,
    circuit,
    parents,
    jobs,
    endpointIds,
    push,
    saved: new Map(),
    results: new RoundResults(),
    observations: new Map(),
    doneAt: new Map(),
    reach: watchReach(engine, config),
    waiting: [],
  };
}

function checkOne(
  { options, state }: EngineContext,
  round: ServiceRound,
  service: ServiceConfig,
  target: Target,
  host?: HostState,
): Promise<CheckOutcome> {
  const { defaults } = round.config;
  const { now } = options;
  const settings = checkSettings(host, { timeoutMs: timeoutOf(target, service, defaults), retries: defaults.retries });
  return limited(state, round.config, async () => {
    const startedAt = performance.now();
    const outcome = await options.check(target, {
      ...settings,
      now,
      intervalMs: intervalOf(service, defaults),
      push: round.push,
    });
    recordCheck(target, outcome, startedAt);
    return outcome;
  });
}

/** A host and its sub-services. */
async function checkJob(engine: EngineContext, round: ServiceRound, job: Job): Promise<void> {
  const { state } = engine;
  const { service, host, target, subs } = job;
  const key = endpointKey(service.id, host);
  if (state.stopping.signal.aborted) return;
  const previous = round.states.get(key) ?? initialHostState(host);
  const { placement } = job;
  if (placement && !placement.locations.includes(LOCAL)) return void round.waiting.push({ job, previous });
  // Local's own network is down: a host checked from here alone is not judged this round.
  if (!placement && round.reach && !(await round.reach).online) return;
  const [outcome, ...subOutcomes] = await Promise.all([
    checkOne(engine, round, service, target, previous),
    ...subs.map((sub) => checkOne(engine, round, service, sub.target)),
  ]);
  if (placement || (round.reach && failedHere(outcome!, subOutcomes)))
    return void round.waiting.push({ job, previous, outcome: outcome!, subOutcomes });
  const subResults = recordSubServices(round, job, subOutcomes);
  if (outcome!.pending) return; // nothing to judge yet: the host keeps its state
  recordHost(round, job, previous, outcome!, subResults);
}

/**
 * A target that failed after a host it depends on answered in this round: that host may have died since (a round's
 * checks are spread over its stagger). Ask it again, so its verdict comes after the failure.
 */
async function askParentsAgain(engine: EngineContext, round: ServiceRound): Promise<void> {
  const { state } = engine;
  // A host judged from several locations is not asked again here alone.
  const jobsByKey = () =>
    new Map(round.jobs.filter((job) => !job.placement).map((job) => [hostKey(job.service.id, job.host), job]));
  const again = parentsToAskAgain(round.observations, round.doneAt, jobsByKey);
  await Promise.all(
    again.map(async (job) => {
      if (state.stopping.signal.aborted) return;
      const previous = round.states.get(endpointKey(job.service.id, job.host))!;
      const outcome = await checkOne(engine, round, job.service, job.target, previous);
      if (!outcome.pending) recordHost(round, job, previous, outcome, previous.subServices);
    }),
  );
}

/** The round stored, then decided by the lease holder. */
async function finishRound(engine: EngineContext, round: ServiceRound): Promise<void> {
  const { options, state } = engine;
  const { now } = options;
  await options.store.saveCycle(round.saved, round.results, now());

  await decideRound(engine, round, await observeLocations(engine, round));
  await options.meta.set("last_cycle_at", round.started);
  state.lastRoundEndedAt = now();
  recordRound(round.requested, round.started, state.lastRoundEndedAt);
  options.logger.debug(
    {
      checks: round.results.length,
      ms: now() - round.started,
      heapMb: Math.round(process.memoryUsage().heapUsed / 1048576),
    },
    "monitor cycle done",
  );
}

/**
 * What the round observed, handed to the tracker where it may be decided, so two processes never both notify: all of
 * it by the probe lease's holder; with shards, each service by the holder of its shard and the locations by the
 * lease's.
 */
async function decideRound(engine: EngineContext, round: ServiceRound, locations: LocationsObserved): Promise<void> {
  const { options } = engine;
  const { tracker, shards } = options;
  const leading = await options.lease.holds();
  const mine = shards ? await decidableServices(shards) : () => leading;
  const observed = [...round.observations.values()].filter((observation) => mine(observation.serviceId));
  if (observed.length === 0 && !leading) return;
  await tracker.observe(locations && leading ? [...observed, ...locations.observations] : observed);
  // With shards, the tracker retires only the targets of the shards it holds (its `owns`).
  await tracker.retire("service", configuredKeys(round.config.services));
  if (leading) await tracker.retire("location", locations?.keys ?? NO_LOCATIONS);
}

/**
 * Rollups and pruning after a round, one at a time, never awaited by the schedule. They cover every endpoint: with
 * shards, only the probe lease's holder does them.
 */
function tidyUp({ options, state }: EngineContext): void {
  if (options.shards && !options.lease.leading()) return;
  state.housekeeping ??= (async () => {
    try {
      await options.store.rollUp(options.now());
      await options.store.prune(options.now());
    } catch (error) {
      options.logger.error({ err: error }, "monitor history housekeeping failed");
    } finally {
      state.housekeeping = undefined;
    }
  })();
}
