// The monitoring engine. One process among all workers and instances holds
// the "monitor-cycles" lease and runs a cycle every interval, on a fixed
// schedule (no drift), with a cap on checks in flight and their starts spread
// over the first part of the cycle. Each cycle stores every host's new state
// and raw result in one transaction, then hands what it checked to the
// incident tracker: alerts are decided only from checks of this cycle, never
// from the stored state of a host that was not checked (its circuit is open).
// A requested cycle (Refresh, the end of maintenance) checks open circuits too.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Logger } from "pino";
import { HOSTS, type HostName } from "../../shared/monitor/health.ts";
import type { Observation } from "../alerting/incident-tracker.ts";
import type { Tracker } from "../alerting/alerting.ts";
import type { CheckTarget } from "./checks/check.ts";
import { applyOutcome, initialHostState, shouldCheck, type HostState, type SubServiceResult } from "./host-state.ts";
import type { Leases } from "../db/leases.ts";
import { limiter } from "../scheduling/limiter.ts";
import { createTicker, waitAtMost } from "../scheduling/ticker.ts";
import type { createMeta } from "./monitor-meta.ts";
import type { MonitorStore, StoredResult } from "./monitor-store.ts";
import { configuredKeys, hostObservation, subServiceObservation } from "./service-targets.ts";
import type { ServiceConfig, ServicesConfig, Target } from "./services-config.ts";

export const CYCLE_LEASE = "monitor-cycles";
const TICK_MS = 1_000;
/** On shutdown, a cycle in flight gets this long before it is abandoned (unsaved; the next leader redoes it). */
const STOP_GRACE_MS = 2_000;

export type EngineOptions = {
  store: MonitorStore;
  tracker: Pick<Tracker, "observe" | "retire" | "reset">;
  leases: Leases;
  meta: ReturnType<typeof createMeta>;
  check: CheckTarget;
  now: () => number;
  logger: Logger;
  config: () => ServicesConfig;
};

export function staggerMs(config: ServicesConfig): number {
  const { staggerSeconds, intervalSeconds } = config.defaults;
  return (staggerSeconds ?? Math.min(15, intervalSeconds / 4)) * 1000;
}

export function createEngine(options: EngineOptions) {
  const { store, tracker, leases, meta, check, now, logger } = options;
  const holder = randomUUID();
  let states: Map<string, HostState> | undefined;
  let leader = false;
  let cycle: Promise<void> | undefined;
  let housekeeping: Promise<void> | undefined;
  let nextCycleAt = 0;
  let lastLeaseAt = 0;
  const stopping = new AbortController();
  // One listener per pause in flight (one per check of a cycle): many, but each removed when its pause ends.
  setMaxListeners(0, stopping.signal);

  /**
   * A pause that ends early when the engine stops. Its abort listener goes
   * when the pause ends, however it ends: a cycle starts hundreds of pauses,
   * and listeners left on the one signal would pile up cycle after cycle.
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

  async function checkOne(target: Target, config: ServicesConfig) {
    return check(target, { timeoutMs: target.timeoutMs ?? config.defaults.timeoutMs, retries: config.defaults.retries });
  }

  /** One full cycle: every host of every service, then alerts. `probeAll`: check open circuits too. */
  async function runCycle(probeAll: boolean): Promise<void> {
    const config = options.config();
    const started = now();
    states ??= await store.loadStates();
    const circuit = { failures: config.defaults.circuitFailures, backoffMs: config.defaults.circuitBackoffSeconds * 1000 };
    const limit = limiter(config.defaults.concurrency);
    const jobs: { service: ServiceConfig; host: HostName; target: Target }[] = [];
    for (const service of config.services) for (const host of HOSTS) if (service.hosts[host]) jobs.push({ service, host, target: service.hosts[host]! });
    const spread = staggerMs(config);
    const endpointIds = await store.endpointIds(jobs.map(({ service, host }) => ({ serviceId: service.id, host })));

    const saved: { endpointId: number; state: HostState }[] = [];
    const results: StoredResult[] = [];
    const observations: Observation[] = [];
    await Promise.all(
      jobs.map(async ({ service, host, target }, index) => {
        const key = `${service.id}/${host}`;
        const previous = states!.get(key) ?? initialHostState(host);
        const endpointId = endpointIds.get(key)!;
        if (!probeAll && !shouldCheck(previous, now())) return; // circuit open: wait out the back-off
        if (spread > 0 && jobs.length > 1) await pause((index / jobs.length) * spread);
        if (stopping.signal.aborted) return;
        const outcome = await limit(() => checkOne(target, config));
        const subServices: SubServiceResult[] =
          host === "centron"
            ? await Promise.all(
                service.subServices.map(async (sub) => {
                  const result = await limit(() => checkOne(sub.centron, config));
                  const state = applyOutcome(initialHostState("centron"), result, now(), circuit);
                  return { name: sub.name, status: state.status, responseTime: state.responseTime, healthScore: state.healthScore, errorMessage: state.errorMessage };
                }),
              )
            : [];
        const next = applyOutcome(previous, outcome, now(), circuit, subServices);
        states!.set(key, next);
        observations.push(hostObservation(service, config.defaults, host, next));
        for (const sub of subServices) observations.push(subServiceObservation(service, config.defaults, sub.name, sub));
        saved.push({ endpointId, state: next });
        results.push({ endpointId, checkedAt: next.lastChecked!, status: next.status, responseTime: next.responseTime });
      }),
    );
    if (stopping.signal.aborted) return;
    await store.saveCycle(saved, results, now());

    // Only the lease holder decides, so two processes never both notify.
    if (await leases.holds(CYCLE_LEASE, holder)) {
      await tracker.observe(observations);
      await tracker.retire("service", configuredKeys(config.services, HOSTS));
    }
    await meta.set("last_cycle_at", started);
    logger.debug({ checks: results.length, ms: now() - started, heapMb: Math.round(process.memoryUsage().heapUsed / 1048576) }, "monitor cycle done");
  }

  /** Rollups and pruning after a cycle, one at a time, never awaited by the schedule. */
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

  /** Takes or renews the cycle lease (valid one interval). */
  async function lead(): Promise<boolean> {
    leader = await leases.acquire(CYCLE_LEASE, holder, options.config().defaults.intervalSeconds * 1000);
    return leader;
  }

  function startCycle(probeAll = false): Promise<void> {
    cycle ??= runCycle(probeAll)
      .catch((error: unknown) => logger.error({ err: error }, "monitor cycle failed"))
      .finally(() => {
        cycle = undefined;
        tidyUp();
      });
    return cycle;
  }

  /** Every second: keep or seek the lease, run what is due, answer "run now". */
  async function tick(): Promise<void> {
    const config = options.config();
    const intervalMs = config.defaults.intervalSeconds * 1000;
    const time = now();
    if (time - lastLeaseAt >= intervalMs / 3) {
      lastLeaseAt = time;
      const was = leader;
      if ((await lead()) && !was) {
        logger.info("monitor: this process runs the health checks");
        // Another process may have run cycles meanwhile.
        states = undefined;
        tracker.reset();
        nextCycleAt = time;
      }
    }
    if (!leader) return;
    const requested = (await meta.get("run_requested_at")) ?? 0;
    const lastRun = (await meta.get("last_cycle_at")) ?? 0;
    if ((time >= nextCycleAt || requested > lastRun) && !cycle) {
      // Fixed schedule: the next slot after now, however long this one takes.
      while (nextCycleAt <= time) nextCycleAt += intervalMs;
      await meta.set("next_cycle_at", nextCycleAt);
      void startCycle(requested > lastRun);
    }
  }

  const ticker = createTicker(tick, TICK_MS, logger, "monitor tick");

  return {
    holder,
    runCycle: startCycle,
    /** Takes the cycle lease now (a tick does this on its own; tests call it directly). */
    lead,
    start: () => ticker.start(),
    async stop() {
      ticker.stop();
      stopping.abort();
      await waitAtMost(Promise.all([cycle, housekeeping]), STOP_GRACE_MS);
      if (leader) await leases.release(CYCLE_LEASE, holder).catch(() => undefined);
      leader = false;
    },
    /** "Run a cycle now, open circuits included" from any process: the lease holder picks it up within a second. */
    async requestCycle(): Promise<number> {
      const at = now();
      await meta.set("run_requested_at", at);
      return at;
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
