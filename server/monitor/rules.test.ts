import { describe, expect, it } from "vitest";
import { combineStatus, endpointCount, hostScore, normalizeStatus, overallScore, scoreBand } from "#shared/monitor/health.ts";
import type { CheckOutcome } from "./checks/check-types.ts";
import { applyOutcome, initialHostState, shouldCheck, type HostState } from "./host-state.ts";

const up = (ms: number | null = 30): CheckOutcome => ({ status: "healthy", responseTime: ms, errorMessage: null, retryAttempt: 0, basic: false });
const down: CheckOutcome = { status: "unhealthy", responseTime: null, errorMessage: "ECONNREFUSED", retryAttempt: 2, basic: false };

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
    [{ status: "unhealthy", responseTime: null, basic: true }, 25],
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
  const circuit = { failures: 3, backoffMs: 60_000 };
  const run = (steps: [CheckOutcome, number][]) => {
    let state: HostState = initialHostState("centron");
    const trail: string[] = [];
    for (const [outcome, now] of steps) {
      if (!shouldCheck(state, now)) {
        trail.push(`skip:${state.circuitBreakerState}`);
        continue;
      }
      state = applyOutcome(state, outcome, now, circuit);
      trail.push(`${state.circuitBreakerState}:${state.consecutiveFailures}/${state.consecutiveSuccesses}`);
    }
    return { trail, state };
  };

  it("opens after N failures in a row, waits, probes, half-opens, closes", () => {
    const { trail } = run([
      [down, 0],
      [down, 60_000],
      [down, 120_000],
      [down, 150_000], // open: skipped until 180 000
      [up(), 180_000], // the probe succeeds
      [up(), 240_000],
    ]);
    expect(trail).toEqual(["closed:1/0", "closed:2/0", "open:3/0", "skip:open", "half-open:0/1", "closed:0/2"]);
  });

  it("a failed probe opens it again for twice as long", () => {
    const { trail, state } = run([
      [down, 0],
      [down, 1],
      [down, 2],
      [down, 60_002], // probe fails: back-off 120 s
      [up(), 120_000], // still open
      [up(), 180_002],
    ]);
    expect(trail).toEqual(["closed:1/0", "closed:2/0", "open:3/0", "open:4/0", "skip:open", "half-open:0/1"]);
    expect(state.circuitBackoffMs).toBe(120_000);
  });

  it("an early probe (Refresh) that fails keeps the back-off; one that succeeds half-opens", () => {
    const opened = run([
      [down, 0],
      [down, 1],
      [down, 2],
    ]).state;
    expect(opened).toMatchObject({ circuitBreakerState: "open", circuitOpenUntil: 60_002, circuitBackoffMs: 60_000 });
    const stillDown = applyOutcome(opened, down, 30_000, circuit);
    expect(stillDown).toMatchObject({ circuitBreakerState: "open", circuitOpenUntil: 60_002, circuitBackoffMs: 60_000, consecutiveFailures: 4, lastChecked: 30_000 });
    expect(applyOutcome(opened, up(), 30_000, circuit)).toMatchObject({ circuitBreakerState: "half-open", circuitOpenUntil: null, status: "healthy" });
  });

  it("records what the check said", () => {
    const state = applyOutcome(initialHostState("local"), up(120), 5, circuit);
    expect(state).toMatchObject({ status: "healthy", responseTime: 120, lastChecked: 5, healthScore: 90, errorMessage: null });
  });
});
