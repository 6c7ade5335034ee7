import { describe, expect, it } from "vitest";
import {
  combineStatus,
  endpointCount,
  hostScore,
  normalizeStatus,
  overallScore,
  scoreBand,
} from "#shared/monitor/health.ts";
import type { CheckOutcome } from "./checks/check-types.ts";
import { applyOutcome, checkSettings, initialHostState, type HostState } from "./host-state.ts";

const up = (ms: number | null = 30): CheckOutcome => ({
  status: "healthy",
  responseTime: ms,
  errorMessage: null,
  retryAttempt: 0,
  basic: false,
});
const down: CheckOutcome = {
  status: "unhealthy",
  responseTime: null,
  errorMessage: "ECONNREFUSED",
  retryAttempt: 2,
  basic: false,
};

describe("scores and statuses", () => {
  it.each([
    [{ status: "healthy", responseTime: 49, basic: false }, 100],
    [{ status: "healthy", responseTime: 50, basic: false }, 95],
    [{ status: "healthy", responseTime: 150, basic: false }, 90],
    [{ status: "healthy", responseTime: 499, basic: false }, 85],
    [{ status: "healthy", responseTime: 999, basic: false }, 80],
    [{ status: "healthy", responseTime: 1000, basic: false }, 75],
    [{ status: "healthy", responseTime: null, basic: false }, 95],
    [{ status: "healthy", responseTime: 3, basic: true }, 85],
    [{ status: "degraded", responseTime: 10, basic: false }, 70],
    [{ status: "unhealthy", responseTime: null, basic: true }, 0],
    [{ status: "unhealthy", responseTime: 12, basic: false }, 0],
  ] as const)("%o scores %i", (result, score) => expect(hostScore(result)).toBe(score));

  it("averages the hosts; infrastructure takes its one (first) host", () => {
    expect(overallScore("critical", [100, 25])).toBe(63);
    expect(overallScore("infrastructure", [85, 25])).toBe(85);
    expect(overallScore("infrastructure", [25])).toBe(25);
    expect(overallScore("standard", [])).toBe(0);
  });

  it("combines statuses, normalises unknown strings, counts endpoints, bands scores", () => {
    expect(combineStatus([])).toBe("unknown");
    expect(combineStatus(["healthy", "degraded"])).toBe("degraded");
    expect(combineStatus(["degraded", "unhealthy", "healthy"])).toBe("unhealthy");
    expect(normalizeStatus("ok")).toBe("unhealthy");
    expect(endpointCount("infrastructure", 1)).toBe(1);
    expect(endpointCount("external", 2)).toBe(2);
    expect(endpointCount("critical", 3)).toBe(3);
    expect([80, 79, 60, 59, 40, 39].map(scoreBand)).toEqual(["green", "yellow", "yellow", "orange", "orange", "red"]);
  });
});

describe("the circuit breaker", () => {
  const circuit = { failures: 3 };
  /** Each step is a check at its time: the circuit never skips one. */
  const run = (outcomes: CheckOutcome[]) => {
    let state: HostState = initialHostState("centron");
    const trail: string[] = [];
    outcomes.forEach((outcome, index) => {
      state = applyOutcome(state, outcome, index * 60_000, circuit);
      trail.push(`${state.circuitBreakerState}:${state.consecutiveFailures}/${state.consecutiveSuccesses}`);
    });
    return { trail, state };
  };

  it("opens after N failures in a row, half-opens on the first success, closes on the next", () => {
    const { trail } = run([down, down, down, down, up(), up()]);
    expect(trail).toEqual(["closed:1/0", "closed:2/0", "open:3/0", "open:4/0", "half-open:0/1", "closed:0/2"]);
  });

  it("a failure while half-open opens it again at once", () => {
    const { trail } = run([down, down, down, up(), down, up(), up()]);
    expect(trail).toEqual([
      "closed:1/0",
      "closed:2/0",
      "open:3/0",
      "half-open:0/1",
      "open:1/0",
      "half-open:0/1",
      "closed:0/2",
    ]);
  });

  it.each([
    ["closed: as configured", "closed", { timeoutMs: 5000, retries: 2 }, { timeoutMs: 5000, retries: 2 }],
    ["half-open: as configured", "half-open", { timeoutMs: 5000, retries: 2 }, { timeoutMs: 5000, retries: 2 }],
    ["open: no retries, half the timeout", "open", { timeoutMs: 5000, retries: 2 }, { timeoutMs: 2500, retries: 0 }],
    ["open: never below a second", "open", { timeoutMs: 1500, retries: 1 }, { timeoutMs: 1000, retries: 0 }],
    [
      "open: never above the configured timeout",
      "open",
      { timeoutMs: 600, retries: 1 },
      { timeoutMs: 600, retries: 0 },
    ],
  ] as const)("check settings, %s", (_name, circuitBreakerState, configured, expected) => {
    expect(checkSettings({ ...initialHostState("centron"), circuitBreakerState }, configured)).toEqual(expected);
  });

  it("a host never checked runs as configured", () => {
    expect(checkSettings(undefined, { timeoutMs: 5000, retries: 2 })).toEqual({ timeoutMs: 5000, retries: 2 });
  });

  it("records what the check said", () => {
    const state = applyOutcome(initialHostState("local"), up(120), 5, circuit);
    expect(state).toMatchObject({
      status: "healthy",
      responseTime: 120,
      lastChecked: 5,
      healthScore: 90,
      errorMessage: null,
    });
  });
});
