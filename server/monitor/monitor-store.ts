// What the engine keeps: the current state per host, raw results for 48
// hours, hourly rollups (checks, failures, mean and p95 response time of the
// checks that passed) for 90 days, and the uptime figures read from them.
// The history's upkeep is in monitor-rollups.ts, what is read of it in
// monitor-figures.ts.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { HostState } from "./host-state.ts";
import { readHistory, readUptime } from "./monitor-figures.ts";
import { pruneHistory, rollUpHours, STATUS_CODES } from "./monitor-rollups.ts";
import { resultAt, type ResultRows } from "./round-results.ts";

export { RAW_RETENTION_MS, ROLLUP_RETENTION_MS } from "./monitor-rollups.ts";

export type { StoredResult } from "./round-results.ts";
export type Uptime = {
  uptime24h: number | null;
  uptime7d: number | null;
  uptime30d: number | null;
  /** The first check counted (ms), null when none is. */
  measuredSince: number | null;
};
export type HistoryPoint = {
  at: number;
  checks: number;
  failures: number;
  meanMs: number | null;
  p95Ms: number | null;
};

/**
 * One transaction per cycle: every new state (by endpoint id) and every raw result. Rows are made a batch at a time,
 * so a round of 50,000 never holds a second copy of its states or results at its end, when the heap is fullest.
 */
async function writeCycle(
  db: Kysely<Database>,
  states: ReadonlyMap<number, HostState>,
  results: ResultRows,
  time: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let batch: { endpoint_id: number; state: string; updated_at: number }[] = [];
    const writeStates = async () => {
      if (batch.length === 0) return;
      await trx
        .insertInto("monitor_host_state")
        .values(batch)
        .onConflict((oc) =>
          oc
            .column("endpoint_id")
            .doUpdateSet((eb) => ({ state: eb.ref("excluded.state"), updated_at: eb.ref("excluded.updated_at") })),
        )
        .execute();
      batch = [];
    };
    for (const [endpointId, state] of states) {
      batch.push({ endpoint_id: endpointId, state: JSON.stringify(state), updated_at: time });
      if (batch.length === 200) await writeStates();
    }
    await writeStates();
    for (let i = 0; i < results.length; i += 500) {
      const rows = [];
      for (let index = i; index < Math.min(i + 500, results.length); index += 1) {
        const r = resultAt(results, index);
        rows.push({
          endpoint_id: r.endpointId,
          checked_at: r.checkedAt,
          status: STATUS_CODES[r.status],
          response_ms: r.responseTime,
        });
      }
      await trx
        .insertInto("monitor_results")
        .values(rows)
        .onConflict((oc) => oc.columns(["endpoint_id", "checked_at"]).doNothing())
        .execute();
    }
  });
}

export function createMonitorStore(db: Kysely<Database>) {
  const endpointIds = new Map<string, number>();

  /** Ids for the endpoints that have none yet, in two or three queries. */
  async function ensureIds(endpoints: readonly { serviceId: string; host: string }[]): Promise<void> {
    const missing = endpoints.filter((endpoint) => !endpointIds.has(`${endpoint.serviceId}/${endpoint.host}`));
    if (missing.length === 0) return;
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
      await ensureIds(endpoints);
      return new Map(
        endpoints.map((endpoint) => [
          `${endpoint.serviceId}/${endpoint.host}`,
          endpointIds.get(`${endpoint.serviceId}/${endpoint.host}`)!,
        ]),
      );
    },

    /**
     * Every id known by its key ("service/host"), these endpoints' included: the store's own map, not a copy, so a
     * round of 50,000 endpoints does not hold a second map of them (decision 057). Read only.
     */
    async knownIds(endpoints: readonly { serviceId: string; host: string }[]): Promise<ReadonlyMap<string, number>> {
      await ensureIds(endpoints);
      return endpointIds;
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
    saveCycle: (states: ReadonlyMap<number, HostState>, results: ResultRows, time: number): Promise<void> =>
      writeCycle(db, states, results, time),

    /** Rolls up every complete hour since the last rollup (up to now), once. */
    rollUp: (time: number): Promise<number> => rollUpHours(db, time),

    /** Deletes what is past retention, a batch at a time, yielding between batches. */
    prune: (time: number): Promise<void> => pruneHistory(db, time),

    /** Healthy share (degraded counts as up) over 24 h, 7 d and 30 d, per endpoint id. */
    uptime: (endpointIds: number[], time: number): Promise<Map<number, Uptime>> => readUptime(db, endpointIds, time),

    /** Chart points: raw results for 24 h, hourly rollups for 7 and 30 days. */
    history: (endpointId: number, range: "24h" | "7d" | "30d", time: number): Promise<HistoryPoint[]> =>
      readHistory(db, endpointId, range, time),
  };
}

export type MonitorStore = ReturnType<typeof createMonitorStore>;
