// The JSON the API gives for each integration reading, in one place: the
// routes answer with it, and the dashboard's loader puts the same shapes in
// its first render.
import type { AiServicesHealth } from "./ai/ai-health.ts";
import type { HaproxySnapshot } from "./haproxy/haproxy-stats.ts";
import type { Integrations } from "./integrations.ts";
import type { NginxReport } from "./nginx/nginx-report.ts";

type Reading<T> = { value: T; sampledAt: number };
type Intervals = ReturnType<Integrations["intervals"]>;
const iso = (ms: number) => new Date(ms).toISOString();

/** The report; when no source answered, "Failed to load monitoring data" with why (a dead nginx is not an idle one). */
export function nginxAnswer(reading: Reading<{ report: NginxReport }>, intervals: Intervals) {
  const { report } = reading.value;
  const body = { ...report, sampledAt: iso(reading.sampledAt), intervalSeconds: intervals.nginx };
  const answered = report.sources.some((source) => source.error === null);
  if (answered) return { ok: true as const, body };
  const details =
    report.sources.map((source) => `${source.name}: ${source.error}`).join("; ") || "no nginx source was sampled";
  return { ok: false as const, body: { error: "Failed to load monitoring data", details, sampledAt: body.sampledAt } };
}

export type HaproxyAnswer =
  | {
      ok: true;
      body: Extract<HaproxySnapshot, { ok: true }>["stats"] & { fetchedAt: string; intervalSeconds: number | null };
    }
  | { ok: false; body: { error: string; details: string; fetchedAt: string } };

export function haproxyAnswer(reading: Reading<HaproxySnapshot>, intervals: Intervals): HaproxyAnswer {
  const fetchedAt = iso(reading.sampledAt);
  if (!reading.value.ok)
    return {
      ok: false,
      body: { error: "Failed to fetch HAProxy statistics", details: reading.value.error, fetchedAt },
    };
  return { ok: true, body: { ...reading.value.stats, fetchedAt, intervalSeconds: intervals.haproxy } };
}

export function aiAnswer(reading: Reading<AiServicesHealth>, intervals: Intervals) {
  return { ...reading.value, sampledAt: iso(reading.sampledAt), intervalSeconds: intervals.aiServices };
}

export type NginxAnswer = Extract<ReturnType<typeof nginxAnswer>, { ok: true }>["body"];
export type AiAnswer = ReturnType<typeof aiAnswer>;
