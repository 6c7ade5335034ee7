// Prometheus metrics for GET /metrics: process metrics, request counts and
// durations, and the monitor's own (server/monitor/monitor-metrics.ts), all
// in one registry (server/metrics/registry.ts). With several workers, the
// primary aggregates them (prom-client's AggregatorRegistry), so one scrape
// sees the whole server.
import cluster from "node:cluster";
import { AggregatorRegistry, Counter, Histogram } from "prom-client";
import { registry } from "#server/metrics/registry.ts";

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route and status",
  labelNames: ["method", "route", "status"],
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request handled by the app",
  labelNames: ["method", "route"],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

// Workers report this registry when the primary asks for the aggregate.
// prom-client installs a worker's answering listener only when an
// AggregatorRegistry is constructed there, hence the otherwise unused one.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries(registry);
  new AggregatorRegistry();
}

const REQUEST = "metrics:request";
const REPLY = "metrics:reply";
let aggregator: AggregatorRegistry<"text/plain; version=0.0.4; charset=utf-8"> | undefined;

/** In the primary of a cluster: answer workers' requests for the aggregate. */
export function serveClusterMetrics(): void {
  aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    void aggregator!.clusterMetrics().then(
      (text) => worker.send({ type: REPLY, id: message.id, text }),
      () => worker.send({ type: REPLY, id: message.id, text: undefined }),
    );
  });
}

let nextId = 0;

/** The metrics text: the whole cluster's when running as a worker, else this process's. */
export function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = (nextId += 1);
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; id?: number; text?: string }) => {
      if (message?.type !== REPLY || message.id !== id) return;
      process.off("message", onMessage);
      resolve(message.text ?? "");
    };
    process.on("message", onMessage);
    process.send!({ type: REQUEST, id });
  });
}

export const METRICS_CONTENT_TYPE = registry.contentType;
