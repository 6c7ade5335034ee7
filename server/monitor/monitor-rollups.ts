// The monitor's history over time: raw results summed up per endpoint and
// hour once the hour is complete, and both pruned past their retention a
// batch at a time, so housekeeping never holds the database long enough to
// delay a cycle.
import type { Kysely } from "kysely";
import type { HealthStatus } from "#shared/monitor/health.ts";
import type { Database } from "#server/db/schema.ts";

export const RAW_RETENTION_MS = 48 * 60 * 60_000;
export const ROLLUP_RETENTION_MS = 90 * 24 * 60 * 60_000;
export const HOUR_MS = 60 * 60_000;
const PRUNE_BATCH = 5_000;

export const STATUS_CODES: Record<HealthStatus, number> = { healthy: 0, degraded: 1, unhealthy: 2 };

function p95(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

type RawRow = { endpoint_id: number; checked_at: number | string; status: number; response_ms: number | null };
type HourSummary = { checks: number; failures: number; mean_ms: number | null; p95_ms: number | null };

/**
 * Raw results summed up per endpoint and hour. Response times count only for
 * checks that passed: a fast 503 or a timeout is a failure, not a latency, and
 * would pull the mean of an outage towards zero or the timeout.
 */
export function summarizeByHour(rows: readonly RawRow[]): Map<number, Map<number, HourSummary>> {
  const collected = new Map<number, Map<number, { checks: number; failures: number; times: number[] }>>();
  for (const row of rows) {
    const hour = Math.floor(Number(row.checked_at) / HOUR_MS) * HOUR_MS;
    const hours =
      collected.get(row.endpoint_id) ?? new Map<number, { checks: number; failures: number; times: number[] }>();
    const entry = hours.get(hour) ?? { checks: 0, failures: 0, times: [] };
    entry.checks += 1;
    if (row.status === STATUS_CODES.unhealthy) entry.failures += 1;
    else if (row.response_ms !== null) entry.times.push(row.response_ms);
    hours.set(hour, entry);
    collected.set(row.endpoint_id, hours);
  }
  const summaries = new Map<number, Map<number, HourSummary>>();
  for (const [endpointId, hours] of collected) {
    const summarized = new Map<number, HourSummary>();
    for (const [hour, entry] of hours) {
      summarized.set(hour, {
        checks: entry.checks,
        failures: entry.failures,
        mean_ms: entry.times.length ? entry.times.reduce((a, b) => a + b, 0) / entry.times.length : null,
        p95_ms: p95(entry.times),
      });
    }
    summaries.set(endpointId, summarized);
  }
  return summaries;
}

/** Rolls up every complete hour since the last rollup (up to now), once. */
export async function rollUpHours(db: Kysely<Database>, time: number): Promise<number> {
  const currentHour = Math.floor(time / HOUR_MS) * HOUR_MS;
  const last = await db
    .selectFrom("monitor_rollups")
    .select((eb) => eb.fn.max("hour").as("hour"))
    .executeTakeFirst();
  const first = await db
    .selectFrom("monitor_results")
    .select((eb) => eb.fn.min("checked_at").as("at"))
    .executeTakeFirst();
  if (first?.at === null || first?.at === undefined) return 0;
  let hour =
    last?.hour !== null && last?.hour !== undefined
      ? Number(last.hour) + HOUR_MS
      : Math.floor(Number(first.at) / HOUR_MS) * HOUR_MS;
  let done = 0;
  for (; hour < currentHour; hour += HOUR_MS) {
    const rows = await db
      .selectFrom("monitor_results")
      .select(["endpoint_id", "checked_at", "status", "response_ms"])
      .where("checked_at", ">=", hour)
      .where("checked_at", "<", hour + HOUR_MS)
      .execute();
    const values = [...summarizeByHour(rows)].flatMap(([endpointId, hours]) =>
      [...hours.values()].map((summary) => ({ endpoint_id: endpointId, hour, ...summary })),
    );
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < values.length; i += 500) {
        await trx
          .insertInto("monitor_rollups")
          .values(values.slice(i, i + 500))
          .onConflict((oc) => oc.columns(["endpoint_id", "hour"]).doNothing())
          .execute();
      }
    });
    done += 1;
  }
  return done;
}

/** Deletes what is past retention, a batch at a time, yielding between batches. */
export async function pruneHistory(db: Kysely<Database>, time: number): Promise<void> {
  for (const [table, column, cutoff] of [
    ["monitor_results", "checked_at", time - RAW_RETENTION_MS],
    ["monitor_rollups", "hour", time - ROLLUP_RETENTION_MS],
    ["probe_results", "checked_at", time - RAW_RETENTION_MS],
  ] as const) {
    for (;;) {
      // The PRUNE_BATCH-th oldest time bounds this batch's delete.
      const doomed = await db
        .selectFrom(table)
        .select(`${column} as at`)
        .where(column, "<", cutoff)
        .orderBy(column)
        .limit(PRUNE_BATCH)
        .execute();
      if (doomed.length === 0) break;
      await db
        .deleteFrom(table)
        .where(column, "<", Math.min(cutoff, Number(doomed.at(-1)!.at) + 1))
        .execute();
      await new Promise((resolve) => setImmediate(resolve));
      if (doomed.length < PRUNE_BATCH) break;
    }
  }
}
