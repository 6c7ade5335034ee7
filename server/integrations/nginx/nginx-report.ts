// The nginx part of the monitoring data (overall health, alerts and the
// nginx block) from stub_status samples.
// buildNginxReport is pure: it compares this round's samples with the
// previous round's, so rates and alerts are tested without a server or a
// clock. readNginx, at the end, is the one thin piece of I/O: it takes a
// sample of every source and hands them over.
import { basicAuth, fetchText } from "#server/net/fetch-text.ts";
import type { NginxConfig } from "#server/integrations/integrations-config.ts";
import { parseStubStatus, type StubStatus } from "./stub-status.ts";

/** One source read once: its counters, or why it gave none. `at` is when it answered (ms). */
export type NginxSample =
  { source: string; at: number; status: StubStatus } | { source: string; at: number; error: string };

export type NginxHealth = "healthy" | "warning" | "critical";
export type NginxAlert = { service: string; severity: "critical" | "warning"; message: string };

export type NginxCounters = {
  active_connections: number;
  requests_per_second: number;
  reading: number;
  writing: number;
  waiting: number;
  server_accepts: number;
  server_handled: number;
  server_requests: number;
};

/**
 * One source in the report. The counters are null when it did not answer:
 * a dead nginx must not look like an idle one.
 */
export type NginxSourceReport = { name: string; status: NginxHealth; error: string | null } & {
  [K in keyof NginxCounters]: NginxCounters[K] | null;
};

export type NginxReport = {
  overall_health: NginxHealth;
  alerts: NginxAlert[];
  /** The sum over the sources that answered; status is the overall health. */
  nginx: NginxCounters & { status: NginxHealth };
  sources: NginxSourceReport[];
};

export type NginxReportOptions = { maxActiveConnections: number };

/**
 * Every nginx alert is raised for the one service "nginx" (the monitoring
 * data has one nginx block); the message names the source.
 */
export const NGINX_SERVICE = "nginx";

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Connections nginx accepted but could not handle (worker_connections or another limit hit). */
const droppedSinceStart = (status: StubStatus) => Math.max(0, status.accepts - status.handled);

/** A counter that went down: nginx restarted (or the URL now reaches another instance). */
function countersReset(current: StubStatus, previous: StubStatus): boolean {
  return (
    current.accepts < previous.accepts || current.handled < previous.handled || current.requests < previous.requests
  );
}

/** Requests per second and connections dropped since the previous good sample of this source. */
function compare(
  current: { at: number; status: StubStatus },
  previous: { at: number; status: StubStatus } | undefined,
) {
  // Without a usable previous sample there is no interval: no rate, and drops count since nginx started.
  // After a counter reset the rate is 0 rather than current.requests / elapsed: the
  // restart time is unknown, and when a URL alternates between two instances (a
  // balancer in front) the "reset" counter is not from this interval at all, so
  // that division could report a huge burst that never happened. One lost rate
  // is cheaper; the next sample has a clean baseline.
  if (!previous || countersReset(current.status, previous.status)) {
    return { rate: 0, dropped: droppedSinceStart(current.status) };
  }
  const seconds = (current.at - previous.at) / 1000;
  const rate = seconds > 0 ? round2((current.status.requests - previous.status.requests) / seconds) : 0;
  // handled may momentarily exceed accepts (nginx reads the two counters one after the other): never negative.
  const dropped = Math.max(0, droppedSinceStart(current.status) - droppedSinceStart(previous.status));
  return { rate, dropped };
}

/** Sources are matched by name; a repeated name is matched by its occurrence so two entries never share a baseline. */
function keyed<T extends { source: string }>(samples: readonly T[]): Map<string, T> {
  const seen = new Map<string, number>();
  const byKey = new Map<string, T>();
  for (const sample of samples) {
    const occurrence = seen.get(sample.source) ?? 0;
    seen.set(sample.source, occurrence + 1);
    byKey.set(`${occurrence}\u0000${sample.source}`, sample);
  }
  return byKey;
}

const worst = (statuses: NginxHealth[]): NginxHealth =>
  statuses.includes("critical") ? "critical" : statuses.includes("warning") ? "warning" : "healthy";

const ZERO_COUNTERS: NginxCounters = {
  active_connections: 0,
  requests_per_second: 0,
  reading: 0,
  writing: 0,
  waiting: 0,
  server_accepts: 0,
  server_handled: 0,
  server_requests: 0,
};

const NO_COUNTERS: { [K in keyof NginxCounters]: null } = {
  active_connections: null,
  requests_per_second: null,
  reading: null,
  writing: null,
  waiting: null,
  server_accepts: null,
  server_handled: null,
  server_requests: null,
};

export function buildNginxReport(
  current: readonly NginxSample[],
  previous: readonly NginxSample[] | undefined,
  options: NginxReportOptions,
): NginxReport {
  const previousByKey = keyed(previous ?? []);
  const alerts: NginxAlert[] = [];
  const sources: NginxSourceReport[] = [];
  const total: NginxCounters = { ...ZERO_COUNTERS };

  for (const [key, sample] of keyed(current)) {
    const name = sample.source;
    if ("error" in sample) {
      alerts.push({ service: NGINX_SERVICE, severity: "critical", message: `${name}: no answer (${sample.error})` });
      sources.push({ name, status: "critical", error: sample.error, ...NO_COUNTERS });
      continue;
    }
    const before = previousByKey.get(key);
    // A previous round where this source failed gives no baseline.
    const { rate, dropped } = compare(sample, before && "status" in before ? before : undefined);
    const { status } = sample;
    const own: NginxAlert[] = [];
    if (dropped > 0)
      own.push({ service: NGINX_SERVICE, severity: "warning", message: `${name}: connections dropped: ${dropped}` });
    if (status.active > options.maxActiveConnections) {
      own.push({
        service: NGINX_SERVICE,
        severity: "warning",
        message: `${name}: ${status.active} active connections (limit ${options.maxActiveConnections})`,
      });
    }
    alerts.push(...own);
    const counters: NginxCounters = {
      active_connections: status.active,
      requests_per_second: rate,
      reading: status.reading,
      writing: status.writing,
      waiting: status.waiting,
      server_accepts: status.accepts,
      server_handled: status.handled,
      server_requests: status.requests,
    };
    for (const field of Object.keys(total) as (keyof NginxCounters)[]) total[field] += counters[field];
    sources.push({ name, status: own.length > 0 ? "warning" : "healthy", error: null, ...counters });
  }

  if (current.length === 0)
    alerts.push({ service: NGINX_SERVICE, severity: "critical", message: "no nginx source was sampled" });
  total.requests_per_second = round2(total.requests_per_second); // a sum of rounded rates can pick up float noise
  // No source at all, or none that answered, is not "healthy": nothing says nginx is serving.
  const overall = sources.some((source) => source.error === null)
    ? worst(sources.map((source) => source.status))
    : "critical";
  return { overall_health: overall, alerts, nginx: { ...total, status: overall }, sources };
}

/** The real page is under 200 bytes; a bigger answer is not stub_status and is not read further. */
const MAX_BODY_BYTES = 4 * 1024;

async function sample(
  source: NginxConfig["sources"][number],
  timeoutMs: number,
  now: () => number,
): Promise<NginxSample> {
  const headers: Record<string, string> = { Accept: "text/plain" };
  if (source.username !== undefined) headers.Authorization = basicAuth(source.username, source.password ?? "");
  try {
    const { text } = await fetchText(source.url, { timeoutMs, headers, maxBytes: MAX_BODY_BYTES });
    // Stamped when the answer arrived, which is closest to when nginx read its counters.
    const at = now();
    const parsed = parseStubStatus(text);
    return parsed.ok
      ? { source: source.name, at, status: parsed.value }
      : { source: source.name, at, error: `unreadable stub_status: ${parsed.error}` };
  } catch (error) {
    return { source: source.name, at: now(), error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Samples every source at once (one slow source costs one timeout, not one
 * per source) and builds the report against the previous round's samples.
 * Never throws: a failure is a sample with an error, and so a critical alert.
 * Keep the returned samples and pass them as `previous` next time.
 */
export async function readNginx(
  config: NginxConfig,
  previous: readonly NginxSample[] | undefined,
  now: () => number,
): Promise<{ report: NginxReport; samples: NginxSample[] }> {
  const samples = await Promise.all(
    config.sources.map((source) =>
      // `now` is the caller's; should it throw, the sample is still an error, never a rejection.
      sample(source, config.timeoutMs, now).catch((error: unknown): NginxSample => ({
        source: source.name,
        at: Number.NaN,
        error: error instanceof Error ? error.message : String(error),
      })),
    ),
  );
  return {
    report: buildNginxReport(samples, previous, { maxActiveConnections: config.maxActiveConnections }),
    samples,
  };
}
