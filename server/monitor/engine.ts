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
// every service at once. Its steps: a round (engine-round.ts), the schedule
// (engine-schedule.ts), and what they share (engine-state.ts).
import type { Logger } from "pino";
import type { Tracker } from "#server/alerting/alerting.ts";
import type { Leases } from "#server/db/leases.ts";
import { createTicker, waitAtMost } from "#server/scheduling/ticker.ts";
import type { CheckTarget } from "./checks/check-types.ts";
import { startRound } from "./engine-round.ts";
import { serveRequest, staggerMs, startDue } from "./engine-schedule.ts";
import { createEngineState, CYCLE_LEASE, type EngineContext } from "./engine-state.ts";
import type { ProbeResults } from "./locations/probe-results.ts";
import type { createMeta } from "./monitor-meta.ts";
import type { MonitorStore } from "./monitor-store.ts";
import type { PushLedger } from "./push-ledger.ts";
import { intervalOf, type ServicesConfig } from "./services-config.ts";

// Callers know these by the engine's name.
export { CYCLE_LEASE } from "./engine-state.ts";
export { endpointKey } from "./engine-round.ts";
export { staggerMs } from "./engine-schedule.ts";

const TICK_MS = 1_000;
/** On shutdown, a round in flight gets this long before it is abandoned (unsaved; the next leader redoes it). */
const STOP_GRACE_MS = 2_000;

export type EngineOptions = {
  store: MonitorStore;
  tracker: Pick<Tracker, "observe" | "retire" | "reset">;
  leases: Leases;
  meta: ReturnType<typeof createMeta>;
  pushes: PushLedger;
  /** What the remote probes sent, and where local's own state is written. */
  probeResults: ProbeResults;
  check: CheckTarget;
  now: () => number;
  logger: Logger;
  config: () => ServicesConfig;
};

export function createEngine(options: EngineOptions) {
  const { tracker, leases, now, logger } = options;
  const state = createEngineState();
  const engine: EngineContext = { options, state };
  const { holder } = state;

  /** Takes or renews the cycle lease (valid one default interval). */
  async function lead(): Promise<boolean> {
    state.leader = await leases.acquire(CYCLE_LEASE, holder, options.config().defaults.intervalSeconds * 1000);
    return state.leader;
  }

  /** Every second: keep or seek the lease, run what is due, answer "run now". */
  async function tick(): Promise<void> {
    const config = options.config();
    const time = now();
    if (time - state.lastLeaseAt >= (config.defaults.intervalSeconds * 1000) / 3) {
      state.lastLeaseAt = time;
      const was = state.leader;
      if ((await lead()) && !was) {
        logger.info("monitor: this process runs the health checks");
        // Another process may have run rounds meanwhile: start afresh, every service due now.
        state.states = undefined;
        tracker.reset();
        state.due.clear();
        state.nextWritten = undefined;
      }
    }
    if (!state.leader) return;
    await serveRequest(engine, config);
    await startDue(engine, config, time);
  }

  const ticker = createTicker(tick, TICK_MS, logger, "monitor tick");

  return {
    holder,
    /** A round of every service now, awaited: tests and tools call it directly. */
    runCycle: () => {
      const config = options.config();
      return startRound(engine, config.services, staggerMs(config.defaults, config.defaults.intervalSeconds * 1000));
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
      const leading = state.leader && (await leases.holds(CYCLE_LEASE, holder));
      const { lastRoundEndedAt } = state;
      if (!leading) return { leading, onTime: false, lastRoundEndedAt };
      if (config.services.length === 0) return { leading, onTime: true, lastRoundEndedAt };
      const fastest = Math.min(...config.services.map((service) => intervalOf(service, config.defaults)));
      const onTime =
        lastRoundEndedAt !== null && now() - lastRoundEndedAt <= 2 * fastest + staggerMs(config.defaults, fastest);
      return { leading, onTime, lastRoundEndedAt };
    },
    /** Resolves when no round is running. */
    settled: async () => {
      while (state.rounds.size > 0) await Promise.all([...state.rounds]);
    },
    start: () => ticker.start(),
    async stop() {
      ticker.stop();
      state.stopping.abort();
      await waitAtMost(Promise.all([...state.rounds, state.housekeeping]), STOP_GRACE_MS);
      if (state.leader) await leases.release(CYCLE_LEASE, holder).catch(() => undefined);
      state.leader = false;
    },
    /** "Check every service now" from any process: the lease holder starts it within a second. */
    async requestCycle(): Promise<number> {
      const at = now();
      await options.meta.set("run_requested_at", at);
      return at;
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
