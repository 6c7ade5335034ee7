// What the engine keeps between ticks, in one object its steps share (the
// rounds in engine-round.ts, the schedule in engine-schedule.ts): the hosts'
// states, the rounds in flight and each service's next slot. Nothing here is module-level: every engine has its own.
import { limiter } from "#server/scheduling/limiter.ts";
import type { Logger } from "pino";
import type { Tracker } from "#server/alerting/alerting.ts";
import type { ProbeLease } from "#server/scheduling/probe-lease.ts";
import type { CheckTarget } from "./checks/check-types.ts";
import type { ProbeResults } from "./locations/probe-results.ts";
import type { createMeta } from "./monitor-meta.ts";
import type { MonitorStore } from "./monitor-store.ts";
import type { PushLedger } from "./push-ledger.ts";
import type { HostState } from "./host-state.ts";
import type { ReachMemory } from "./locations/local-connectivity.ts";
import type { ServicesConfig } from "./services-config.ts";

/** What the engine is built with (engine.ts). */
export type EngineOptions = {
  store: MonitorStore;
  tracker: Pick<Tracker, "observe" | "retire" | "reset">;
  /** The lease the probe scheduler keeps: only its holder decides on incidents. */
  lease: ProbeLease;
  meta: ReturnType<typeof createMeta>;
  pushes: PushLedger;
  /** What the remote probes sent, and where local's own state is written. */
  probeResults: ProbeResults;
  check: CheckTarget;
  now: () => number;
  logger: Logger;
  config: () => ServicesConfig;
};

/**
 * A "check now" being served: the services still to start (each once its running round ends), and the rounds started
 * for it.
 */
export type CheckRequest = { at: number; waiting: Set<string>; rounds: Promise<void>[]; finishing: boolean };

/** When rounds start (engine-schedule.ts): each service's next slot, and a "check now" being served. */
export type Slots = {
  /** When each service's next scheduled round is due. */
  due: Map<string, number>;
  request: CheckRequest | undefined;
  /** The next slot as last written: it is written again only when it moves, not every second. */
  nextWritten: number | undefined;
};

/** The rounds in flight (engine-round.ts), and what ends them. */
export type Rounds = {
  /** Rounds in flight, and the services each is checking. */
  rounds: Set<Promise<void>>;
  inFlight: Set<string>;
  housekeeping: Promise<void> | undefined;
  /**
   * When a round last ended with its results stored (this process): the heartbeat's evidence that rounds run on time.
   */
  lastRoundEndedAt: number | null;
  limit: { max: number; run: ReturnType<typeof limiter> };
  stopping: AbortController;
  /** The pauses in flight, each ended by the one abort listener on `stopping` (see pause). */
  pauses: Set<() => void>;
};

/** What the engine remembers of the locations between rounds (round-judgement.ts). */
export type LocationMemory = {
  /** Local's last look at its reference target, shared by rounds that overlap. */
  reach: ReachMemory;
  /** Since when each remote location has been watched: one never heard is "not reporting" counted from then. */
  watchedSince: Map<string, number>;
};

export type EngineState = Slots &
  Rounds &
  LocationMemory & {
    /** Every host's state, loaded once per lease; a round works on the map it started with. */
    states: Map<string, HostState> | undefined;
  };

/**
 * What the round coordinator (engine-round.ts) is handed: what the engine was built with, and what it keeps. The
 * other steps take named parts of it: the schedule its slots (ScheduleContext), the judging by location its memory
 * (JudgeContext), the recording only the round (round-record.ts).
 */
export type EngineContext = { options: EngineOptions; state: EngineState };

export function createEngineState(): EngineState {
  const stopping = new AbortController();
  const pauses = new Set<() => void>();
  stopping.signal.addEventListener("abort", () => pauses.forEach((end) => end()), { once: true });
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
    pauses,
    reach: undefined,
    watchedSince: new Map(),
  };
}

/**
 * A pause that ends early when the engine stops. A round starts a pause per
 * check: each joins the engine's set of pauses rather than adding a listener
 * to the stop signal, whose listeners an EventTarget scans on every add (10,000
 * of them made that scan a twentieth of a round's CPU).
 */
export const pause = (state: Pick<Rounds, "stopping" | "pauses">, ms: number) =>
  new Promise<void>((resolve) => {
    if (state.stopping.signal.aborted) return resolve();
    const done = () => {
      clearTimeout(wait);
      state.pauses.delete(done);
      resolve();
    };
    const wait = setTimeout(done, ms);
    state.pauses.add(done);
  });

/** The cap on checks in flight, shared by overlapping rounds; a reload may change it. */
export function limited<T>(state: Pick<Rounds, "limit">, config: ServicesConfig, task: () => Promise<T>): Promise<T> {
  if (state.limit.max !== config.defaults.concurrency)
    state.limit = { max: config.defaults.concurrency, run: limiter(config.defaults.concurrency) };
  return state.limit.run(task);
}
