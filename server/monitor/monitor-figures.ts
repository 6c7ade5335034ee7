// What the dashboard reads of an endpoint's history: its uptime over 24 h,
// 7 d and 30 d, and its chart points (raw results for a day, hourly rollups
// beyond, topped up from the raw results of the hours not rolled up yet).
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { HistoryPoint, Uptime } from "./monitor-store.ts";
import { HOUR_MS, STATUS_CODES, summarizeByHour } from "./monitor-rollups.ts";

/**
 * Healthy share (degraded counts as up) over 24 h, 7 d and 30 d, per endpoint id, and since when it is measured:
 * a share of a few minutes' checks is no 30-day figure, so the screens say how much of each window it covers.
 */
export async function readUptime(
  db: Kysely<Database>,
  endpointIds: number[],
  time: number,
): Promise<Map<number, Uptime>> {
  const result = new Map<number, Uptime>();
  if (endpointIds.length === 0) return result;
  const currentHour = Math.floor(time / HOUR_MS) * HOUR_MS;
  const rollups = await db
    .selectFrom("monitor_rollups")
    .select(["endpoint_id", "hour", "checks", "failures"])
    .where("endpoint_id", "in", endpointIds)
    .where("hour", ">=", currentHour - 30 * 24 * HOUR_MS)
    .execute();
  const recent = await db
    .selectFrom("monitor_results")
    .select(["endpoint_id", "status"])
    .where("endpoint_id", "in", endpointIds)
    .where("checked_at", ">=", currentHour)
    .execute();
  const since = await measuredSince(db, endpointIds, rollups, time - 30 * 24 * HOUR_MS);
  const windows = [24 * HOUR_MS, 7 * 24 * HOUR_MS, 30 * 24 * HOUR_MS];
  const totals = new Map<number, { checks: number[]; failures: number[] }>();
  const add = (id: number, age: number, checks: number, failures: number) => {
    const entry = totals.get(id) ?? { checks: [0, 0, 0], failures: [0, 0, 0] };
    windows.forEach((window, index) => {
      if (age < window) {
        entry.checks[index]! += checks;
        entry.failures[index]! += failures;
      }
    });
    totals.set(id, entry);
  };
  for (const row of rollups) add(row.endpoint_id, time - Number(row.hour) - HOUR_MS, row.checks, row.failures);
  for (const row of recent) add(row.endpoint_id, 0, 1, row.status === STATUS_CODES.unhealthy ? 1 : 0);
  for (const id of endpointIds) {
    const entry = totals.get(id);
    const share = (index: number) =>
      entry && entry.checks[index]! > 0
        ? Math.round((1 - entry.failures[index]! / entry.checks[index]!) * 10_000) / 100
        : null;
    result.set(id, {
      uptime24h: share(0),
      uptime7d: share(1),
      uptime30d: share(2),
      measuredSince: since.get(id) ?? null,
    });
  }
  return result;
}

/**
 * Each endpoint's first check in the last 30 days: its first raw result where that lies within its first rolled-up
 * hour (raw results are kept 48 hours), else the start of that hour.
 */
async function measuredSince(
  db: Kysely<Database>,
  endpointIds: number[],
  rollups: readonly { endpoint_id: number; hour: number | string; checks: number }[],
  from: number,
): Promise<Map<number, number>> {
  const firstHour = new Map<number, number>();
  for (const row of rollups) {
    const hour = Number(row.hour);
    if (row.checks > 0 && hour + HOUR_MS > from && hour < (firstHour.get(row.endpoint_id) ?? Infinity))
      firstHour.set(row.endpoint_id, Math.max(hour, from));
  }
  const raw = await db
    .selectFrom("monitor_results")
    .select(["endpoint_id", (eb) => eb.fn.min("checked_at").as("first")])
    .where("endpoint_id", "in", endpointIds)
    .where("checked_at", ">=", from)
    .groupBy("endpoint_id")
    .execute();
  const result = new Map(firstHour);
  for (const row of raw) {
    const first = Number(row.first);
    const hour = firstHour.get(row.endpoint_id);
    if (hour === undefined || first < hour + HOUR_MS) result.set(row.endpoint_id, Math.min(first, hour ?? first));
  }
  return result;
}

/**
 * Chart points: raw results for 24 h, hourly rollups for 7 and 30 days.
 * Response times are those of the checks that passed (null for a failed
 * check or an hour of failures only).
 */
export async function readHistory(
  db: Kysely<Database>,
  endpointId: number,
  range: "24h" | "7d" | "30d",
  time: number,
): Promise<HistoryPoint[]> {
  if (range === "24h") {
    const rows = await db
      .selectFrom("monitor_results")
      .select(["checked_at", "status", "response_ms"])
      .where("endpoint_id", "=", endpointId)
      .where("checked_at", ">=", time - 24 * HOUR_MS)
      .orderBy("checked_at")
      .execute();
    return rows.map((row) => {
      const failed = row.status === STATUS_CODES.unhealthy;
      return {
        at: Number(row.checked_at),
        checks: 1,
        failures: failed ? 1 : 0,
        meanMs: failed ? null : row.response_ms,
        p95Ms: failed ? null : row.response_ms,
      };
    });
  }
  const from = time - (range === "7d" ? 7 : 30) * 24 * HOUR_MS;
  const rollups = await db
    .selectFrom("monitor_rollups")
    .selectAll()
    .where("endpoint_id", "=", endpointId)
    .where("hour", ">=", from)
    .orderBy("hour")
    .execute();
  const points: HistoryPoint[] = rollups.map((row) => ({
    at: Number(row.hour),
    checks: row.checks,
    failures: row.failures,
    meanMs: row.mean_ms,
    p95Ms: row.p95_ms,
  }));
  // The hours not rolled up yet (the current one, and any the housekeeping has not reached) come from the raw
  // results: a new installation's range shows the checks its uptime figures already count.
  const rolledUntil = points.length > 0 ? points.at(-1)!.at + HOUR_MS : from;
  const recent = await db
    .selectFrom("monitor_results")
    .select(["endpoint_id", "checked_at", "status", "response_ms"])
    .where("endpoint_id", "=", endpointId)
    .where("checked_at", ">=", rolledUntil)
    .execute();
  const hours = [...(summarizeByHour(recent).get(endpointId) ?? [])].sort(([a], [b]) => a - b);
  for (const [hour, summary] of hours)
    points.push({
      at: hour,
      checks: summary.checks,
      failures: summary.failures,
      meanMs: summary.mean_ms,
      p95Ms: summary.p95_ms,
    });
  return points;
}
