// What the remote probes sent, as the server keeps it: each batch in one
// transaction (the location's own state and its results, a result sent twice
// stored once), and what a round reads back: the newest result of each
// endpoint from each location, and each location's last word about itself.
import type { Kysely } from "kysely";
import type { HealthStatus } from "#shared/monitor/health.ts";
import type { Database } from "#server/db/schema.ts";
import { STATUS_CODES } from "../monitor-rollups.ts";

const STATUSES: readonly HealthStatus[] = ["healthy", "degraded", "unhealthy"];

/** One result a probe measured, its time already in the server's clock. */
export type RemoteResult = {
  endpointId: number;
  checkedAt: number;
  status: HealthStatus;
  responseTime: number | null;
  errorMessage: string | null;
};

/** A probe's batch as received: who sent it, when, what it says about its own network, and its results. */
export type ProbeBatch = {
  location: string;
  receivedAt: number;
  /** The probe's clock minus the server's (ms). */
  skewMs: number;
  connectivity: { online: boolean; checkedAt: number | null; error: string | null };
  results: readonly RemoteResult[];
};

/** What a location last said about itself. */
export type LocationReport = {
  lastSeenAt: number;
  online: boolean;
  connectivityCheckedAt: number | null;
  connectivityError: string | null;
  skewMs: number;
};

/** A result as a round reads it back. */
export type LocationResult = RemoteResult & { location: string; skewMs: number };

export function createProbeResults(db: Kysely<Database>) {
  return {
    /** Stores a batch; answers how many of its results were new (a batch sent again adds none). */
    async record(batch: ProbeBatch): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const report = {
          last_seen_at: batch.receivedAt,
          online: batch.connectivity.online ? 1 : 0,
          connectivity_checked_at: batch.connectivity.checkedAt,
          connectivity_error: batch.connectivity.error,
          skew_ms: Math.round(batch.skewMs),
        };
        await trx
          .insertInto("probe_locations")
          .values({ location: batch.location, ...report })
          .onConflict((oc) => oc.column("location").doUpdateSet(report))
          .execute();
        let added = 0;
        for (let i = 0; i < batch.results.length; i += 500) {
          const rows = batch.results.slice(i, i + 500).map((result) => ({
            endpoint_id: result.endpointId,
            location: batch.location,
            checked_at: Math.round(result.checkedAt),
            received_at: batch.receivedAt,
            status: STATUS_CODES[result.status],
            response_ms: result.responseTime === null ? null : Math.round(result.responseTime),
            error_message: result.errorMessage,
            skew_ms: Math.round(batch.skewMs),
          }));
          const inserted = await trx
            .insertInto("probe_results")
            .values(rows)
            .onConflict((oc) => oc.columns(["endpoint_id", "location", "checked_at"]).doNothing())
            .executeTakeFirst();
          added += Number(inserted.numInsertedOrUpdatedRows ?? 0);
        }
        return added;
      });
    },

    /** The newest result of each of these endpoints from each location, measured at `since` or later. */
    async latest(endpointIds: readonly number[], since: number): Promise<Map<number, Map<string, LocationResult>>> {
      const found = new Map<number, Map<string, LocationResult>>();
      for (let i = 0; i < endpointIds.length; i += 500) {
        const rows = await db
          .selectFrom("probe_results")
          .selectAll()
          .where("endpoint_id", "in", endpointIds.slice(i, i + 500))
          .where("checked_at", ">=", since)
          .orderBy("checked_at")
          .execute();
        for (const row of rows) {
          const byLocation = found.get(row.endpoint_id) ?? new Map<string, LocationResult>();
          byLocation.set(row.location, {
            endpointId: row.endpoint_id,
            location: row.location,
            checkedAt: Number(row.checked_at),
            status: STATUSES[row.status] ?? "unhealthy",
            responseTime: row.response_ms,
            errorMessage: row.error_message,
            skewMs: row.skew_ms,
          });
          found.set(row.endpoint_id, byLocation);
        }
      }
      return found;
    },

    /** Every remote location's last word about itself. */
    async reports(): Promise<Map<string, LocationReport>> {
      const rows = await db.selectFrom("probe_locations").selectAll().execute();
      return new Map(
        rows.map((row) => [
          row.location,
          {
            lastSeenAt: Number(row.last_seen_at),
            online: row.online === 1,
            connectivityCheckedAt: row.connectivity_checked_at === null ? null : Number(row.connectivity_checked_at),
            connectivityError: row.connectivity_error,
            skewMs: row.skew_ms,
          },
        ]),
      );
    },
  };
}

export type ProbeResults = ReturnType<typeof createProbeResults>;
