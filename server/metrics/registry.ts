// The process's one Prometheus registry, shared by the HTTP layer (server/http/metrics.ts) and the monitor
// (server/monitor/monitor-metrics.ts): neither imports the other, both register here.
import { collectDefaultMetrics, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/**
 * prom-client's default gauges named like counters: Prometheus reserves `_total` for counters, and `promtool check
 * metrics` refuses them. Each is the sum of its labelled sibling (`nodejs_active_handles` by type, and so on), so
 * nothing is lost: `sum(nodejs_active_handles)` is the same figure.
 */
export const COUNTER_NAMED_GAUGES = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
] as const;
for (const name of COUNTER_NAMED_GAUGES) registry.removeSingleMetric(name);
