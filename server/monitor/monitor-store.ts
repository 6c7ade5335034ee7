// What the engine keeps: the current state per host, raw results for 48
// hours, hourly rollups (checks, failures, mean and p95 response time of the
// checks that passed) for 90 days, and the uptime figures read from them.
// Pruning deletes in small batches, so it never holds the database long
// enough to delay a cycle.
import type { Kysely } from "kysely";
import type { HealthStatus } from "#shared/monitor/health.ts";
import type { Database } from "#server/db/schema.ts";
import type { HostState } from "./host-state.ts";

export const RAW_RETENTION_MS = 48 * 60 * 60_000;
export const ROLLUP_RETENTION_MS = 90 * 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const PRUNE_BATCH = 5_000;

const STATUS_CODES: Record<HealthStatus, number> = { healthy: 0, degraded: 1, unhealthy: 2 };

export type StoredResult = { endpointId: number; checkedAt: number; status: HealthStatus; responseTime: number | null };
export type Uptime = { uptime24h: number | null; uptime7d: number | null; uptime30d: number | null };
export type HistoryPoint = {
  at: number;
  checks: number;
  failures: number;
  meanMs: number | null;
  p95Ms: number | null;
};

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
function summarizeByHour(rows: readonly RawRow[]): Map<number, Map<number, HourSummary>> {
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

export function createMonitorStore(db: Kysely<Database>) {
  const endpointIds = new Map<string, number>();

  return {
    /** The endpoint's small id, created on first use. */
    async endpointId(serviceId: string, host: string): Promise<number> {
      const key = `${serviceId}/${host}`;
      const known = endpointIds.get(key);
      if (known !== undefined) return known;
      await db
        .insertInto("monitor_endpoints")
        .values({ service_id: serviceId, host })
        .onConflict((oc) => oc.columns(["service_id", "host"]).doNothing())
        .execute();
      const row = await db
        .selectFrom("monitor_endpoints")
        .select("id")
        .where("service_id", "=", serviceId)
        .where("host", "=", host)
        .executeTakeFirstOrThrow();
      endpointIds.set(key, row.id);
      return row.id;
    },

    /**
     * The ids of many endpoints in two or three queries, creating the missing
     * ones: a cycle asks for all of them at once, never one query each (10,000
     * queries queued on SQLite's one connection cost far more than the checks).
     */
    async endpointIds(endpoints: readonly { serviceId: string; host: string }[]): Promise<Map<string, number>> {
      const missing = endpoints.filter((endpoint) => !endpointIds.has(`${endpoint.serviceId}/${endpoint.host}`));
      if (missing.length > 0) {
        for (let i = 0; i < missing.length; i += 500) {
          const values = missing
            .slice(i, i + 500)
            .map((endpoint) => ({ service_id: endpoint.serviceId, host: endpoint.host }));
          await db
            .insertInto("monitor_endpoints")
            .values(values)
            .onConflict((oc) => oc.columns(["service_id", "host"]).doNothing())
            .execute();
        }
        for (const row of await db.selectFrom("monitor_endpoints").select(["id", "service_id", "host"]).execute())
          endpointIds.set(`${row.service_id}/${row.host}`, row.id);
      }
      return new Map(
        endpoints.map((endpoint) => [
          `${endpoint.serviceId}/${endpoint.host}`,
          endpointIds.get(`${endpoint.serviceId}/${endpoint.host}`)!,
        ]),
      );
    },

    async loadStates(): Promise<Map<string, HostState>> {
      const rows = await db
        .selectFrom("monitor_host_state as s")
        .innerJoin("monitor_endpoints as e", "e.id", "s.endpoint_id")
        .select(["e.service_id", "e.host", "s.state"])
        .execute();
      return new Map(rows.map((row) => [`${row.service_id}/${row.host}`, JSON.parse(row.state) as HostState]));
    },

    /** One transaction per cycle: every new state and every raw result. */
    async saveCycle(
      states: { endpointId: number; state: HostState }[],
      results: StoredResult[],
      time: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < states.length; i += 200) {
          const batch = states.slice(i, i + 200).map(({ endpointId, state }) => ({
            endpoint_id: endpointId,
            state: JSON.stringify(state),
            updated_at: time,
          }));
          await trx
            .insertInto("monitor_host_state")
            .values(batch)
            .onConflict((oc) =>
              oc
                .column("endpoint_id")
                .doUpdateSet((eb) => ({ state: eb.ref("excluded.state"), updated_at: eb.ref("excluded.updated_at") })),
            )
            .execute();
        }
        for (let i = 0; i < results.length; i += 500) {
          const batch = results.slice(i, i + 500).map((r) => ({
            endpoint_id: r.endpointId,
            checked_at: r.checkedAt,
            status: STATUS_CODES[r.status],
            response_ms: r.responseTime,
          }));
          await trx
            .insertInto("monitor_results")
            .values(batch)
            .onConflict((oc) => oc.columns(["endpoint_id", "checked_at"]).doNothing())
            .execute();
        }
      });
    },

    /** Rolls up every complete hour since the last rollup (up to now), once. */
    async rollUp(time: number): Promise<number> {
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
    },

    /** Deletes what is past retention, a batch at a time, yielding between batches. */
    async prune(time: number): Promise<void> {
      for (const [table, column, cutoff] of [
        ["monitor_results", "checked_at", time - RAW_RETENTION_MS],
        ["monitor_rollups", "hour", time - ROLLUP_RETENTION_MS],
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
    },

    /** Healthy share (degraded counts as up) over 24 h, 7 d and 30 d, per endpoint id. */
    async uptime(endpointIds: number[], time: number): Promise<Map<number, Uptime>> {
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
        result.set(id, { uptime24h: share(0), uptime7d: share(1), uptime30d: share(2) });
      }
      return result;
    },

    /**
     * Chart points: raw results for 24 h, hourly rollups for 7 and 30 days.
     * Response times are those of the checks that passed (null for a failed
     * check or an hour of failures only).
     */
    async history(endpointId: number, range: "24h" | "7d" | "30d", time: number): Promise<HistoryPoint[]> {
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
    },
  };
}

export type MonitorStore = ReturnType<typeof createMonitorStore>;
