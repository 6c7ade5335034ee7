// What the engine remembers about one host of one service between cycles,
// and how a check result moves it on: counters, score and the circuit
// breaker (closed; open after N failures in a row, probed again after a
// back-off that doubles; half-open until the probe's answer).
import { hostScore, type CircuitState, type HealthStatus, type HostName } from "#shared/monitor/health.ts";
import type { CheckOutcome } from "./checks/check-types.ts";

export type SubServiceResult = { name: string; status: HealthStatus; responseTime: number | null; healthScore: number; errorMessage: string | null };

export type HostState = {
  host: HostName;
  status: HealthStatus;
  responseTime: number | null;
  lastChecked: number | null;
  errorMessage: string | null;
  healthScore: number;
  retryAttempt: number;
  circuitBreakerState: CircuitState;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  /** While open: when the next probe may run. */
  circuitOpenUntil: number | null;
  /** The current back-off; doubles each time a probe fails. */
  circuitBackoffMs: number;
  subServices: SubServiceResult[];
};

export type CircuitSettings = { failures: number; backoffMs: number };
const MAX_BACKOFF_MS = 30 * 60_000;

export function initialHostState(host: HostName): HostState {
  return {
    host,
    status: "unhealthy",
    responseTime: null,
    lastChecked: null,
    errorMessage: "Not checked yet",
    healthScore: 0,
    retryAttempt: 0,
    circuitBreakerState: "closed",
    consecutiveFailures: 0,
    consecutiveSuccesses: 0,
    circuitOpenUntil: null,
    circuitBackoffMs: 0,
    subServices: [],
  };
}

/** Whether this cycle should check the host: not while its circuit is open and the back-off runs. */
export function shouldCheck(state: HostState, now: number): boolean {
  return state.circuitBreakerState !== "open" || (state.circuitOpenUntil ?? 0) <= now;
}

/**
 * The state after a check. A degraded answer is a success for the breaker: the
 * service answered. A check of an open circuit before its back-off is over (a
 * staff Refresh, or the end of maintenance) that fails leaves the back-off as
 * it was: asking early must not make the next scheduled probe later.
 */
export function applyOutcome(state: HostState, outcome: CheckOutcome, now: number, circuit: CircuitSettings, subServices: SubServiceResult[] = []): HostState {
  const failed = outcome.status === "unhealthy";
  const probing = state.circuitBreakerState === "open"; // this check was the probe
  const early = probing && !shouldCheck(state, now);
  const consecutiveFailures = failed ? state.consecutiveFailures + 1 : 0;
  const consecutiveSuccesses = failed ? 0 : state.consecutiveSuccesses + 1;
  let circuitBreakerState: CircuitState = state.circuitBreakerState;
  let circuitOpenUntil = state.circuitOpenUntil;
  let circuitBackoffMs = state.circuitBackoffMs;
  if (failed && early) {
    // Still open, on the same schedule.
  } else if (failed && (probing || state.circuitBreakerState === "half-open" || consecutiveFailures >= circuit.failures)) {
    circuitBackoffMs = probing || state.circuitBreakerState === "half-open" ? Math.min(MAX_BACKOFF_MS, Math.max(circuit.backoffMs, circuitBackoffMs * 2)) : circuit.backoffMs;
    circuitBreakerState = "open";
    circuitOpenUntil = now + circuitBackoffMs;
  } else if (!failed) {
    // A probe that succeeds half-opens the circuit; the next success closes it.
    circuitBreakerState = probing ? "half-open" : "closed";
    circuitOpenUntil = null;
    if (circuitBreakerState === "closed") circuitBackoffMs = 0;
  }
  return {
    host: state.host,
    status: outcome.status,
    responseTime: outcome.responseTime,
    lastChecked: now,
    errorMessage: outcome.errorMessage,
    healthScore: hostScore(outcome),
    retryAttempt: outcome.retryAttempt,
    circuitBreakerState,
    consecutiveFailures,
    consecutiveSuccesses,
    circuitOpenUntil,
    circuitBackoffMs,
    subServices,
  };
}
