// One round of a probe: the checks of one interval, started over the stagger
// from their slot, with the same code the server runs. The location's own
// network is judged by its reference target at the round's start, and again
// at its end when a check failed: a probe whose network is down would
// otherwise report every target down. Offline, the round's failures are not
// sent (its successes are: a target that answered did answer).
import { runTarget, type Target } from "#server/monitor/checks/check-runners.ts";
import type { ProbeConnectivity, ProbeResult } from "./probe-protocol.ts";

/** A check ready to run: its key, its parsed target and its settings. */
export type ReadyCheck = { key: string; target: Target; intervalSeconds: number; timeoutMs: number; retries: number };

export type RoundContext = {
  now: () => number;
  /** Waits this long (the probe's timers, so a test's clock drives it). */
  sleep: (ms: number) => Promise<void>;
  /** Runs a check when a place is free among `concurrency`. */
  limited: <T>(task: () => Promise<T>) => Promise<T>;
  /** The location's reference target, if it has one, with its settings. */
  connectivity: ReadyCheck | undefined;
};

const NO_PUSH = () => {
  throw new Error("a probe runs no push monitor");
};

async function check(context: RoundContext, job: ReadyCheck): Promise<ProbeResult> {
  const checkedAt = context.now();
  try {
    const outcome = await runTarget(job.target, {
      timeoutMs: job.timeoutMs,
      retries: job.retries,
      now: context.now,
      intervalMs: job.intervalSeconds * 1000,
      push: NO_PUSH,
    });
    return {
      key: job.key,
      checkedAt,
      status: outcome.status,
      responseTime: outcome.responseTime,
      errorMessage: outcome.errorMessage?.slice(0, 500) ?? null,
    };
  } catch (error) {
    return { key: job.key, checkedAt, status: "unhealthy", responseTime: null, errorMessage: (error as Error).message };
  }
}

/** What the reference target says of the location's network now (online when there is none). */
export async function checkConnectivity(context: RoundContext): Promise<ProbeConnectivity> {
  if (!context.connectivity) return { online: true, checkedAt: null, error: null };
  const result = await check(context, context.connectivity);
  return {
    online: result.status !== "unhealthy",
    checkedAt: result.checkedAt,
    error: result.status === "unhealthy" ? (result.errorMessage ?? "Unreachable") : null,
  };
}

/**
 * Runs a round of checks started `delays[i]` after `startAt` (the probe's clock); answers the results to keep and
 * what the network was found to be.
 */
export async function runRound(
  context: RoundContext,
  checks: readonly ReadyCheck[],
  startAt: number,
  delays: readonly number[],
): Promise<{ results: ProbeResult[]; connectivity: ProbeConnectivity }> {
  let connectivity = await checkConnectivity(context);
  const results = await Promise.all(
    checks.map(async (job, index) => {
      const wait = startAt + delays[index]! - context.now();
      if (wait > 0) await context.sleep(wait);
      return context.limited(() => check(context, job));
    }),
  );
  const failed = results.some((result) => result.status === "unhealthy");
  if (failed && context.connectivity && connectivity.online) connectivity = await checkConnectivity(context);
  return {
    results: connectivity.online ? results : results.filter((result) => result.status !== "unhealthy"),
    connectivity,
  };
}
