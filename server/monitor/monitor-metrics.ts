// The monitor's own Prometheus metrics: is it checking, how long its rounds take, what its checks find. They are the
// process's (prom-client's metrics live in a registry, server/metrics/registry.ts), not an engine's: a scrape sees
// whichever engine of this process holds the probe lease; the cluster's primary adds the workers' up.
import { Counter, Gauge, Histogram } from "prom-client";
import { registry } from "#server/metrics/registry.ts";
import type { CheckOutcome, Target } from "./checks/check-types.ts";

const rounds = new Counter({
  name: "monitor_rounds_total",
  help: "Monitor rounds finished with their results stored, by trigger (scheduled, or requested by check now)",
  labelNames: ["trigger"],
  registers: [registry],
});

const roundDuration = new Histogram({
  name: "monitor_round_duration_seconds",
  help: "Time from a monitor round's start to its results stored, its stagger included",
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
  registers: [registry],
});

const lastRoundEnd = new Gauge({
  name: "monitor_last_round_end_timestamp_seconds",
  help: "When a monitor round last finished with its results stored, in seconds since the Unix epoch",
  // Across workers the latest counts: only the lease holder runs rounds.
  aggregator: "max",
  registers: [registry],
});

const checks = new Counter({
  name: "monitor_checks_total",
  help: "Checks the monitor ran here, by check type and the status found (pending: nothing to judge yet)",
  labelNames: ["type", "status"],
  registers: [registry],
});

const checkDuration = new Histogram({
  name: "monitor_check_duration_seconds",
  help: "Time a check took here, its retries included, by check type",
  labelNames: ["type"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** A check's outcome counted, and its duration (wall time, whatever the engine's clock says). */
export function recordCheck(target: Target, outcome: CheckOutcome, startedAt: number): void {
  checks.inc({ type: target.type, status: outcome.pending ? "pending" : outcome.status });
  checkDuration.observe({ type: target.type }, (performance.now() - startedAt) / 1000);
}

/** A round finished with its results stored: `started` and `ended` on the engine's clock, in ms. */
export function recordRound(requested: boolean, started: number, ended: number): void {
  rounds.inc({ trigger: requested ? "requested" : "scheduled" });
  roundDuration.observe(Math.max(0, ended - started) / 1000);
  lastRoundEnd.set(ended / 1000);
}
