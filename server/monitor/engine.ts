// The monitoring engine: the services' checks, one family of the probe
// scheduler (server/scheduling/probe-scheduler.ts). The process that holds
// the probe lease checks each service on its own interval, on a fixed
// schedule (no drift): every second it starts a round of the services
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
import type { ProbeFamily } from "#server/scheduling/probe-scheduler.ts";
import { startRound } from "./engine-round.ts";
import { serveRequest, startDue, type ScheduleContext } from "./engine-schedule.ts";
import { createEngineState, type EngineContext, type EngineOptions } from "./engine-state.ts";
import { intervalOf } from "./services-config.ts";
import { staggerMs } from "./stagger.ts";

// Callers know these by the engine's name.
export type { EngineOptions } from "./engine-state.ts";
export { endpointKey } from "./engine-round.ts";
export { staggerMs } from "./stagger.ts";

export function createEngine(options: EngineOptions) {
  const { tracker, lease, now } = options;
  const state = createEngineState();
  const engine: EngineContext = { options, state };
  const schedule: ScheduleContext = {
    options,
    state,
    startRound: (services, spread, requested) => startRound(engine, services, spread, requested),
  };

  /** The services' checks as a family of the probe scheduler (server/scheduling/probe-scheduler.ts). */
  const family: ProbeFamily = {
    name: "the health checks",
    takeOver() {
      // Another process may have run rounds meanwhile: start afresh, every service due now.
      state.states = undefined;
      tracker.reset();
      state.due.clear();
      state.nextWritten = undefined;
    },
    async runDue(time) {
      const config = options.config();
      await serveRequest(schedule, config);
      await startDue(schedule, config, time);
    },
    async drain() {
      state.stopping.abort();
      await Promise.all([...state.rounds, state.housekeeping]);
    },
  };

  return {
    family,
    /** A round of every service now, awaited: tests and tools call it directly. */
    runCycle: () => {
      const config = options.config();
      return startRound(engine, config.services, staggerMs(config.defaults, config.defaults.intervalSeconds * 1000));
    },
    /**
     * Whether this process runs the rounds and they run on time: it holds the
     * lease (asked of the database, so a database that fails says no) and a
     * round ended within two of the shortest intervals (plus its stagger).
     */
    async vitals(): Promise<{ leading: boolean; onTime: boolean; lastRoundEndedAt: number | null }> {
      const config = options.config();
      const leading = lease.leading() && (await lease.holds());
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
    /** "Check every service now" from any process: the lease holder starts it within a second. */
    async requestCycle(): Promise<number> {
      const at = now();
      await options.meta.set("run_requested_at", at);
      return at;
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
