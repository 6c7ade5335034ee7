// The monitoring engine. One process among all workers and instances holds
// the "monitor-cycles" lease and checks each service on its own interval, on
// a fixed schedule (no drift): every second it starts a round of the services
// that are due, with a cap on checks in flight and their starts spread over
// the first part of the round. Rounds may overlap (a 15 s service does not
// wait behind a slow 60 s one), never for the same service. Every host is
// checked in every round of its service, whatever its circuit says: an open
// circuit only makes the check cheaper (host-state.ts). A host that answered
// early in a round is asked again when something depending on it failed
// later in that round (dependencies.ts). Each round stores
// every host's new state and raw result in one transaction, then hands what it
// checked to the incident tracker: alerts are decided only from checks of
// this round. A requested round (Refresh, the end of maintenance) checks
// every service at once.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Logger } from "pino";
import type { Observation } from "#server/alerting/incident-tracker.ts";
import type { Tracker } from "#server/alerting/alerting.ts";
import type { CheckOutcome, CheckTarget, Target } from "./checks/check-types.ts";
import { applyOutcome, checkSettings, initialHostState, type HostState, type SubServiceResult } from "./host-state.ts";
import type { Leases } from "#server/db/leases.ts";
import { limiter } from "#server/scheduling/limiter.ts";
import { createTicker, waitAtMost } from "#server/scheduling/ticker.ts";
import type { createMeta } from "./monitor-meta.ts";
import type { MonitorStore, StoredResult } from "./monitor-store.ts";
import type { PushLedger, PushWatch } from "./push-ledger.ts";
import { dependencyParents } from "./dependencies.ts";
import { jobsOf, parentsToAskAgain, pushTokens, type Job } from "./round-jobs.ts";
import { configuredKeys, hostKey, hostObservation, subServiceKey, subServiceObservation } from "./service-targets.ts";
import { intervalOf, timeoutOf, type Defaults, type ServiceConfig, type ServicesConfig } from "./services-config.ts";

export const CYCLE_LEASE = "monitor-cycles";
const TICK_MS = 1_000;
/** On shutdown, a round in flight gets this long before it is abandoned (unsaved; the next leader redoes it). */
const STOP_GRACE_MS = 2_000;

export type EngineOptions = {
  store: MonitorStore;
  tracker: Pick<Tracker, "observe" | "retire" | "reset">;
  leases: Leases;
  meta: ReturnType<typeof createMeta>;
  pushes: PushLedger;
  check: CheckTarget;
  now: () => number;
  logger: Logger;
  config: () => ServicesConfig;
};

/** The endpoint key of a host, and of a sub-service checked on it (its history is kept like a host's). */
export const endpointKey = (serviceId: string, host: string, sub?: string) =>
  `${serviceId}/${host}${sub === undefined ? "" : `/${sub}`}`;

/**
 * Starts of a service's checks are spread over this much of its round: a quarter of its interval, at most 15 s, unless
 * set.
 */
export function staggerMs(defaults: Defaults, intervalMs: number): number {
  return (defaults.staggerSeconds ?? Math.min(15, intervalMs / 4000)) * 1000;
}

export function createEngine(options: EngineOptions) {
  const { store, tracker, leases, meta, check, now, logger } = options;
  const holder = randomUUID();
  let states: Map<string, HostState> | undefined;
  let leader = false;
  /** Rounds in flight, and the services each is checking. */
  const rounds = new Set<Promise<void>>();
  const inFlight = new Set<string>();
  /** When each service's next scheduled round is due. */
  const due = new Map<string, number>();
  /**
   * A "check now" being served: the services still to start (each once its running round ends), and the rounds started
   * for it.
   */
  let request: { at: number; waiting: Set<string>; rounds: Promise<void>[]; finishing: boolean } | undefined;
  let housekeeping: Promise<void> | undefined;
  let lastLeaseAt = 0;
  /** The next slot as last written: it is written again only when it moves, not every second. */
  let nextWritten: number | undefined;
  /**
   * When a round last ended with its results stored (this process): the heartbeat's evidence that rounds run on time.
   */
  let lastRoundEndedAt: number | null = null;
  let limit = { max: 0, run: limiter(1) };
  const stopping = new AbortController();
  // One listener per pause in flight (one per check of a round): many, but each removed when its pause ends.
  setMaxListeners(0, stopping.signal);

  /**
   * A pause that ends early when the engine stops. Its abort listener goes
   * when the pause ends, however it ends: a round starts hundreds of pauses,
   * and listeners left on the one signal would pile up round after round.
   */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(wait);
        stopping.signal.removeEventListener("abort", done);
        resolve();
      };
      const wait = setTimeout(done, ms);
      stopping.signal.addEventListener("abort", done);
    });

  /** The cap on checks in flight, shared by overlapping rounds; a reload may change it. */
  function limited<T>(config: ServicesConfig, task: () => Promise<T>): Promise<T> {
    if (limit.max !== config.defaults.concurrency)
      limit = { max: config.defaults.concurrency, run: limiter(config.defaults.concurrency) };
    return limit.run(task);
  }

  /** One round: every host of these services, starts spread over `spread` ms, then alerts. */
  async function runRound(services: readonly ServiceConfig[], spread: number): Promise<void> {
    const config = options.config();
    const { defaults } = config;
    const started = now();
    states ??= await store.loadStates();
    const circuit = { failures: defaults.circuitFailures };
    const parents = dependencyParents(config.services);
    const jobs = jobsOf(services);
    const endpointIds = await store.endpointIds(
      jobs.flatMap(({ service, host, subs }) => [
        { serviceId: service.id, host },
        ...subs.map((sub) => ({ serviceId: service.id, host: `${host}/${sub.name}` })),
      ]),
    );
    const tokens = pushTokens(jobs);
    const pushes = tokens.length > 0 ? await options.pushes.watch(tokens, started) : new Map<string, PushWatch>();
    const push = (token: string) => pushes.get(token) ?? { receipt: undefined, watchedSince: started };

    const saved = new Map<number, HostState>();
    const results: StoredResult[] = [];
    const observations = new Map<string, Observation>();
    /** When each target's check of this round ended. */
    const doneAt = new Map<string, number>();
    const checkOne = (service: ServiceConfig, target: Target, state?: HostState) => {
      const settings = checkSettings(state, {
        timeoutMs: timeoutOf(target, service, defaults),
        retries: defaults.retries,
      });
      return limited(config, () =>
        check(target, { ...settings, now, intervalMs: intervalOf(service, defaults), push }),
      );
    };
    const observe = (observation: Observation) => {
      observations.set(observation.key, observation);
      doneAt.set(observation.key, now());
    };
    /** A host's check: its new state stored, its result kept, what it says observed. */
    const record = (job: Job, previous: HostState, outcome: CheckOutcome, subResults: SubServiceResult[]) => {
      const key = endpointKey(job.service.id, job.host);
      const next = applyOutcome(previous, outcome, now(), circuit, subResults);
      states!.set(key, next);
      observe(hostObservation(job.service, defaults, job.host, next, parents.get(hostKey(job.service.id, job.host))));
      const endpointId = endpointIds.get(key)!;
      saved.set(endpointId, next);
      results.push({ endpointId, checkedAt: next.lastChecked!, status: next.status, responseTime: next.responseTime });
    };

    await Promise.all(
      jobs.map(async ({ service, host, target, subs }, index) => {
        const key = endpointKey(service.id, host);
        if (spread > 0 && jobs.length > 1) await pause((index / jobs.length) * spread);
        if (stopping.signal.aborted) return;
        const previous = states!.get(key) ?? initialHostState(host);
        const [outcome, ...subOutcomes] = await Promise.all([
          checkOne(service, target, previous),
          ...subs.map((sub) => checkOne(service, sub.target)),
        ]);
        const subResults: SubServiceResult[] = [];
        subs.forEach((sub, position) => {
          const result = subOutcomes[position]!;
          if (result.pending) return;
          const state = applyOutcome(initialHostState(host), result, now(), circuit);
          subResults.push({
            name: sub.name,
            status: state.status,
            responseTime: state.responseTime,
            healthScore: state.healthScore,
            errorMessage: state.errorMessage,
          });
          results.push({
            endpointId: endpointIds.get(endpointKey(service.id, host, sub.name))!,
            checkedAt: state.lastChecked!,
            status: state.status,
            responseTime: state.responseTime,
          });
          observe(
            subServiceObservation(service, defaults, sub.name, state, parents.get(subServiceKey(service.id, sub.name))),
          );
        });
        if (outcome!.pending) return; // nothing to judge yet: the host keeps its state
        record({ service, host, target, subs }, previous, outcome!, subResults);
      }),
    );
    // A target that failed after a host it depends on answered in this round: that host may have died since
    // (a round's checks are spread over its stagger). Ask it again, so its verdict comes after the failure.
    const again = parentsToAskAgain(
      observations,
      doneAt,
      new Map(jobs.map((job) => [hostKey(job.service.id, job.host), job])),
    );
    await Promise.all(
      again.map(async (job) => {
        if (stopping.signal.aborted) return;
        const previous = states!.get(endpointKey(job.service.id, job.host))!;
        const outcome = await checkOne(job.service, job.target, previous);
        if (!outcome.pending) record(job, previous, outcome, previous.subServices);
      }),
    );
    if (stopping.signal.aborted) return;
    await store.saveCycle(
      [...saved].map(([endpointId, state]) => ({ endpointId, state })),
      results,
      now(),
    );

    // Only the lease holder decides, so two processes never both notify.
    if (await leases.holds(CYCLE_LEASE, holder)) {
      await tracker.observe([...observations.values()]);
      await tracker.retire("service", configuredKeys(config.services));
    }
    await meta.set("last_cycle_at", started);
    lastRoundEndedAt = now();
    logger.debug(
      { checks: results.length, ms: now() - started, heapMb: Math.round(process.memoryUsage().heapUsed / 1048576) },
      "monitor cycle done",
    );
  }

  /** Rollups and pruning after a round, one at a time, never awaited by the schedule. */
  function tidyUp(): void {
    housekeeping ??= (async () => {
      try {
        await store.rollUp(now());
        await store.prune(now());
      } catch (error) {
        logger.error({ err: error }, "monitor history housekeeping failed");
      } finally {
        housekeeping = undefined;
      }
    })();
  }

  /** Runs a round of these services, marked in flight until it ends. */
  function startRound(services: readonly ServiceConfig[], spread: number): Promise<void> {
    for (const service of services) inFlight.add(service.id);
    const round: Promise<void> = runRound(services, spread)
      .catch((error: unknown) => logger.error({ err: error }, "monitor cycle failed"))
      .finally(() => {
        for (const service of services) inFlight.delete(service.id);
        rounds.delete(round);
        tidyUp();
      });
    rounds.add(round);
    return round;
  }

  /** Takes or renews the cycle lease (valid one default interval). */
  async function lead(): Promise<boolean> {
    leader = await leases.acquire(CYCLE_LEASE, holder, options.config().defaults.intervalSeconds * 1000);
    return leader;
  }

  /**
   * Starts the services whose slot has come, a round per interval (each
   * spread over its own stagger, so a 60 s service never holds 15 s ones
   * back), and moves each to its next slot after now.
   */
  async function startDue(config: ServicesConfig, time: number): Promise<void> {
    const groups = new Map<number, ServiceConfig[]>();
    for (const service of config.services) {
      if ((due.get(service.id) ?? time) > time || inFlight.has(service.id) || request?.waiting.has(service.id))
        continue;
      const interval = intervalOf(service, config.defaults);
      let slot = due.get(service.id) ?? time;
      // Fixed schedule: the next slot after now, however long this round takes.
      while (slot <= time) slot += interval;
      due.set(service.id, slot);
      groups.set(interval, [...(groups.get(interval) ?? []), service]);
    }
    for (const [interval, services] of groups) void startRound(services, staggerMs(config.defaults, interval));
    const next = config.services.reduce((soonest, service) => Math.min(soonest, due.get(service.id) ?? time), Infinity);
    if (Number.isFinite(next) && next !== nextWritten) {
      await meta.set("next_cycle_at", next);
      nextWritten = next;
    }
  }

  /**
   * Serves a "check now": every service once, at once; a
   * service whose round is running starts again when that round ends (its
   * round may have begun before what was asked about). Served when all have run.
   */
  async function serveRequest(config: ServicesConfig): Promise<void> {
    const requested = (await meta.get("run_requested_at")) ?? 0;
    if (!request && requested > ((await meta.get("run_served_at")) ?? 0)) {
      request = {
        at: requested,
        waiting: new Set(config.services.map((service) => service.id)),
        rounds: [],
        finishing: false,
      };
    }
    if (!request) return;
    const current = request;
    const ready = config.services.filter((service) => current.waiting.has(service.id) && !inFlight.has(service.id));
    const configured = new Set(config.services.map((service) => service.id));
    for (const id of current.waiting) if (!configured.has(id)) current.waiting.delete(id);
    if (ready.length > 0) {
      for (const service of ready) current.waiting.delete(service.id);
      current.rounds.push(startRound(ready, staggerMs(config.defaults, config.defaults.intervalSeconds * 1000)));
    }
    if (current.waiting.size > 0 || current.finishing) return;
    current.finishing = true;
    void Promise.all(current.rounds)
      .then(() => meta.set("run_served_at", current.at))
      .catch((error: unknown) => logger.error({ err: error }, "recording a served check request failed"))
      .finally(() => {
        if (request === current) request = undefined;
      });
  }

  /** Every second: keep or seek the lease, run what is due, answer "run now". */
  async function tick(): Promise<void> {
    const config = options.config();
    const time = now();
    if (time - lastLeaseAt >= (config.defaults.intervalSeconds * 1000) / 3) {
      lastLeaseAt = time;
      const was = leader;
      if ((await lead()) && !was) {
        logger.info("monitor: this process runs the health checks");
        // Another process may have run rounds meanwhile: start afresh, every service due now.
        states = undefined;
        tracker.reset();
        due.clear();
        nextWritten = undefined;
      }
    }
    if (!leader) return;
    await serveRequest(config);
    await startDue(config, time);
  }

  const ticker = createTicker(tick, TICK_MS, logger, "monitor tick");

  return {
    holder,
    /** A round of every service now, awaited: tests and tools call it directly. */
    runCycle: () => {
      const config = options.config();
      return startRound(config.services, staggerMs(config.defaults, config.defaults.intervalSeconds * 1000));
    },
    /** Takes the cycle lease now (a tick does this on its own; tests call it directly). */
    lead,
    /** One tick of the schedule, as the ticker runs it every second (tests drive it on a fake clock). */
    tick,
    /**
     * Whether this process runs the rounds and they run on time: it holds the
     * lease (asked of the database, so a database that fails says no) and a
     * round ended within two of the shortest intervals (plus its stagger).
     */
    async vitals(): Promise<{ leading: boolean; onTime: boolean; lastRoundEndedAt: number | null }> {
      const config = options.config();
      const leading = leader && (await leases.holds(CYCLE_LEASE, holder));
      if (!leading) return { leading, onTime: false, lastRoundEndedAt };
      if (config.services.length === 0) return { leading, onTime: true, lastRoundEndedAt };
      const fastest = Math.min(...config.services.map((service) => intervalOf(service, config.defaults)));
      const onTime =
        lastRoundEndedAt !== null && now() - lastRoundEndedAt <= 2 * fastest + staggerMs(config.defaults, fastest);
      return { leading, onTime, lastRoundEndedAt };
    },
    /** Resolves when no round is running. */
    settled: async () => {
      while (rounds.size > 0) await Promise.all([...rounds]);
    },
    start: () => ticker.start(),
    async stop() {
      ticker.stop();
      stopping.abort();
      await waitAtMost(Promise.all([...rounds, housekeeping]), STOP_GRACE_MS);
      if (leader) await leases.release(CYCLE_LEASE, holder).catch(() => undefined);
      leader = false;
    },
    /** "Check every service now" from any process: the lease holder starts it within a second. */
    async requestCycle(): Promise<number> {
      const at = now();
      await meta.set("run_requested_at", at);
      return at;
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
