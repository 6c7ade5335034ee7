// What the engine remembers about one host of one service between checks,
// and how a check result moves it on: counters, score and the circuit
// breaker. The circuit never stops the checks: a host is checked every
// interval whatever its circuit says (a monitor that stops looking cannot see
// the recovery). An open circuit only makes each check cheaper: no retries
// and half the timeout (at least a second), so a dead host does not hold
// checks in flight for three timeouts a round. Closed; open after N failures
// in a row; half-open after the first success (full checks again); closed
// after the next.
import { hostScore, type CircuitState, type HealthStatus, type HostName } from "#shared/monitor/health.ts";
import type { HostLocationResult } from "#shared/monitor/locations.ts";
import type { CheckOutcome } from "./checks/check-types.ts";

export type SubServiceResult = {
  name: string;
  status: HealthStatus;
  responseTime: number | null;
  healthScore: number;
  errorMessage: string | null;
};

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
  subServices: SubServiceResult[];
  /**
   * The locations whose results the verdict stands on (`local` for this server): ["local"] for a host checked from here
   * alone; absent in a state written before locations were recorded, which was local's.
   */
  measuredFrom?: string[];
  /** Each location's latest word: only for a host checked from more than this server alone. */
  locations?: HostLocationResult[];
  /** The locations it fails from when they are fewer than its quorum ("down from fra only"); absent otherwise. */
  partial?: string[];
};

export type CircuitSettings = { failures: number };

/**
 * An open circuit's checks get this share of the timeout, but never less than OPEN_MIN_TIMEOUT_MS (or the timeout
 * itself, when shorter).
 */
const OPEN_TIMEOUT_SHARE = 0.5;
const OPEN_MIN_TIMEOUT_MS = 1_000;

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
    subServices: NO_SUB_SERVICES,
  };
}

/**
 * How the next check of a host runs: as configured, or without retries and with a shorter timeout while its circuit is
 * open.
 */
export function checkSettings(
  state: HostState | undefined,
  configured: { timeoutMs: number; retries: number },
): { timeoutMs: number; retries: number } {
  if (state?.circuitBreakerState !== "open") return configured;
  const shortened = Math.max(OPEN_MIN_TIMEOUT_MS, Math.round(configured.timeoutMs * OPEN_TIMEOUT_SHARE));
  return { timeoutMs: Math.min(configured.timeoutMs, shortened), retries: 0 };
}

/** A host without sub-services: one array for every such state (never changed: a state is replaced, not edited). */
const NO_SUB_SERVICES: SubServiceResult[] = [];

/**
 * The state after a check. A degraded answer is a success for the breaker:
 * the service answered. The new state has a slot for `measuredFrom` (the
 * previous state's until the caller says where this one was measured): a
 * caller that adds it to a copy (`{ ...next, measuredFrom }`) then keeps the
 * object's compact shape. Added as a new property, V8 gave each copy a
 * dictionary of its own: 584 bytes a host instead of 136 (decision 057).
 */
export function applyOutcome(
  state: HostState,
  outcome: CheckOutcome,
  now: number,
  circuit: CircuitSettings,
  subServices: SubServiceResult[] = NO_SUB_SERVICES,
): HostState {
  const failed = outcome.status === "unhealthy";
  const consecutiveFailures = failed ? state.consecutiveFailures + 1 : 0;
  const consecutiveSuccesses = failed ? 0 : state.consecutiveSuccesses + 1;
  let circuitBreakerState: CircuitState;
  if (failed)
    circuitBreakerState =
      state.circuitBreakerState !== "closed" || consecutiveFailures >= circuit.failures ? "open" : "closed";
  else circuitBreakerState = state.circuitBreakerState === "open" ? "half-open" : "closed";
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
    subServices,
    measuredFrom: state.measuredFrom,
  };
}
