// The JSON the API gives for each integration reading, in one place: the
// routes answer with it, and the dashboard's loader puts the same shapes in
// its first render.
import type { AiServicesHealth } from "./ai/ai-health.ts";
import type { HaproxySnapshot, Integrations } from "./integrations.ts";
import type { NginxReport } from "./nginx/nginx-report.ts";

type Reading<T> = { value: T; sampledAt: number };
type Intervals = ReturnType<Integrations["intervals"]>;
const iso = (ms: number) => new Date(ms).toISOString();

export function nginxAnswer(reading: Reading<{ report: NginxReport }>, intervals: Intervals) {
  return { ...reading.value.report, sampledAt: iso(reading.sampledAt), intervalSeconds: intervals.nginx };
}

export type HaproxyAnswer =
  | { ok: true; body: Extract<HaproxySnapshot, { ok: true }>["stats"] & { fetchedAt: string; intervalSeconds: number | null } }
  | { ok: false; body: { error: string; details: string; fetchedAt: string } };

export function haproxyAnswer(reading: Reading<HaproxySnapshot>, intervals: Intervals): HaproxyAnswer {
  const fetchedAt = iso(reading.sampledAt);
  if (!reading.value.ok) return { ok: false, body: { error: "Failed to fetch HAProxy statistics", details: reading.value.error, fetchedAt } };
  return { ok: true, body: { ...reading.value.stats, fetchedAt, intervalSeconds: intervals.haproxy } };
}

export function aiAnswer(reading: Reading<AiServicesHealth>, intervals: Intervals) {
  return { ...reading.value, sampledAt: iso(reading.sampledAt), intervalSeconds: intervals.aiServices };
}

export type NginxAnswer = ReturnType<typeof nginxAnswer>;
export type AiAnswer = ReturnType<typeof aiAnswer>;
