// What the engine keeps between ticks, in one object its steps share (the
// rounds in engine-round.ts, the schedule in engine-schedule.ts): the hosts'
// states, the rounds in flight and each service's next slot. Nothing here is module-level: every engine has its own.
import { setMaxListeners } from "node:events";
import { limiter } from "#server/scheduling/limiter.ts";
import type { EngineOptions } from "./engine.ts";
import type { HostState } from "./host-state.ts";
import type { ReachMemory } from "./locations/local-connectivity.ts";
import type { ServicesConfig } from "./services-config.ts";

/**
 * A "check now" being served: the services still to start (each once its running round ends), and the rounds started
 * for it.
 */
export type CheckRequest = { at: number; waiting: Set<string>; rounds: Promise<void>[]; finishing: boolean };

export type EngineState = {
  states: Map<string, HostState> | undefined;
  /** Rounds in flight, and the services each is checking. */
  rounds: Set<Promise<void>>;
  inFlight: Set<string>;
  /** When each service's next scheduled round is due. */
  due: Map<string, number>;
  request: CheckRequest | undefined;
  housekeeping: Promise<void> | undefined;
  /** The next slot as last written: it is written again only when it moves, not every second. */
  nextWritten: number | undefined;
  /**
   * When a round last ended with its results stored (this process): the heartbeat's evidence that rounds run on time.
   */
  lastRoundEndedAt: number | null;
  limit: { max: number; run: ReturnType<typeof limiter> };
  stopping: AbortController;
  /** Local's last look at its reference target, shared by rounds that overlap. */
  reach: ReachMemory;
  /** Since when each remote location has been watched: one never heard is "not reporting" counted from then. */
  watchedSince: Map<string, number>;
};

/** What every step of the engine is handed: what it was built with, and what it keeps. */
export type EngineContext = { options: EngineOptions; state: EngineState };

export function createEngineState(): EngineState {
  const stopping = new AbortController();
  // One listener per pause in flight (one per check of a round): many, but each removed when its pause ends.
  setMaxListeners(0, stopping.signal);
  return {
    states: undefined,
    rounds: new Set(),
    inFlight: new Set(),
    due: new Map(),
    request: undefined,
    housekeeping: undefined,
    nextWritten: undefined,
    lastRoundEndedAt: null,
    limit: { max: 0, run: limiter(1) },
    stopping,
    reach: undefined,
    watchedSince: new Map(),
  };
}

/**
 * A pause that ends early when the engine stops. Its abort listener goes
 * when the pause ends, however it ends: a round starts hundreds of pauses,
 * and listeners left on the one signal would pile up round after round.
 */
export const pause = (state: EngineState, ms: number) =>
  new Promise<void>((resolve) => {
    const { signal } = state.stopping;
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(wait);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const wait = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });

/** The cap on checks in flight, shared by overlapping rounds; a reload may change it. */
export function limited<T>(state: EngineState, config: ServicesConfig, task: () => Promise<T>): Promise<T> {
  if (state.limit.max !== config.defaults.concurrency)
    state.limit = { max: config.defaults.concurrency, run: limiter(config.defaults.concurrency) };
  return state.limit.run(task);
}
