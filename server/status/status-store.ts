// Reads what the public status is made of: host states, hourly checks of the
// public services' hosts (the rollups, and the raw results of hours not yet
// rolled up), their incidents (their own, and those they were affected by)
// and staff's words, and maintenance. Also a cheap
// version of it all, so a page is rendered again only when something changed.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Maintenance } from "#server/alerting/maintenance.ts";
import type { Database } from "#server/db/schema.ts";
import type { MonitorStore } from "#server/monitor/monitor-store.ts";
import type { ServiceConfig } from "#server/monitor/services-config.ts";
import { INCIDENT_STATES, type IncidentState } from "#shared/status/public-status.ts";
import { publicServices } from "./service-state.ts";
import { STATUS_DAYS, type HourBucket } from "./status-days.ts";
import type { IncidentRow, UpdateRow } from "./status-incidents.ts";
import type { MaintenanceInput } from "./status-maintenance.ts";
import type { StatusInputs } from "./status-model.ts";

const HOUR_MS = 3_600_000;
/** Raw results are kept 48 hours: hours not rolled up yet are never older. */
const RAW_LOOKBACK_MS = 48 * HOUR_MS;

type StatusStoreOptions = {
  db: Kysely<Database>;
  monitorStore: MonitorStore;
  maintenance: Pick<Maintenance, "current">;
  now: () => number;
  timeZone: () => string;
  /** The checking locations, for their names. */
  locations: () => readonly { id: string; name: string }[];
};

/** Checks and failures per public service and hour: the rollups, then the raw results of hours not rolled up yet. */
async function hourBuckets(
  { db, monitorStore }: StatusStoreOptions,
  services: readonly ServiceConfig[],
  time: number,
): Promise<HourBucket[]> {
  const ids = await monitorStore.endpointIds(
    services.flatMap((service) => Object.keys(service.hosts).map((host) => ({ serviceId: service.id, host }))),
  );
  const serviceOf = new Map<number, string>();
  for (const [key, id] of ids) serviceOf.set(id, key.slice(0, key.indexOf("/")));
  const endpointIds = [...serviceOf.keys()];
  if (endpointIds.length === 0) return [];
  const buckets = new Map<string, HourBucket>();
  const add = (endpointId: number, hour: number, checks: number, failures: number, at?: number) => {
    const serviceId = serviceOf.get(endpointId)!;
    const key = `${serviceId}@${hour}`;
    const bucket: HourBucket = buckets.get(key) ?? { serviceId, hour, checks: 0, failures: 0 };
    bucket.checks += checks;
    bucket.failures += failures;
    if (at !== undefined && (bucket.firstAt === undefined || at < bucket.firstAt)) bucket.firstAt = at;
    buckets.set(key, bucket);
  };
  const rollups = await db
    .selectFrom("monitor_rollups")
    .select(["endpoint_id", "hour", "checks", "failures"])
    .where("endpoint_id", "in", endpointIds)
    .where("hour", ">=", time - (STATUS_DAYS + 1) * 24 * HOUR_MS)
    .execute();
  let rolledUntil = time - RAW_LOOKBACK_MS;
  for (const row of rollups) {
    add(row.endpoint_id, Number(row.hour), row.checks, row.failures);
    rolledUntil = Math.max(rolledUntil, Number(row.hour) + HOUR_MS);
  }
  const raw = await db
    .selectFrom("monitor_results")
    .select(["endpoint_id", "checked_at", "status"])
    .where("endpoint_id", "in", endpointIds)
    .where("checked_at", ">=", rolledUntil)
    .execute();
  // Status 2 is unhealthy; degraded counts as up, as in the rollups.
  for (const row of raw) {
    const at = Number(row.checked_at);
    add(row.endpoint_id, Math.floor(at / HOUR_MS) * HOUR_MS, 1, row.status === 2 ? 1 : 0, at);
  }
  return [...buckets.values()];
}

/**
 * Incidents of the public services' own targets, and of anything they were
 * affected by (dependsOn): a private host's outage shows under the public
 * services it took down, for as long as each was affected.
 */
async function incidents(db: Kysely<Database>, serviceIds: readonly string[], time: number): Promise<IncidentRow[]> {
  if (serviceIds.length === 0) return [];
  const shown = (eb: ExpressionBuilder<Database & { i: Database["incidents"] }, "i">) =>
    eb.or([eb("i.resolved_at", "is", null), eb("i.resolved_at", ">=", time - STATUS_DAYS * 24 * HOUR_MS)]);
  const [own, affected] = await Promise.all([
    db
      .selectFrom("incidents as i")
      .select(["i.id", "i.service_id", "i.opened_at", "i.resolved_at"])
      .where("i.source", "=", "service")
      .where("i.test", "=", 0)
      .where("i.service_id", "in", [...serviceIds])
      .where(shown)
      .execute(),
    db
      .selectFrom("incident_affected as a")
      .innerJoin("incidents as i", "i.id", "a.incident_id")
      .select(["i.id", "a.service_id", "a.since", "a.until", "i.resolved_at"])
      .where("i.source", "=", "service")
      .where("i.test", "=", 0)
      .where("a.service_id", "in", [...serviceIds])
      .where(shown)
      .execute(),
  ]);
  const at = (ms: number | string | null) => (ms === null ? null : Number(ms));
  return [
    ...own.map((row) => ({
      id: row.id,
      serviceId: row.service_id!,
      openedAt: Number(row.opened_at),
      resolvedAt: at(row.resolved_at),
    })),
    ...affected.map((row) => ({
      id: row.id,
      serviceId: row.service_id!,
      openedAt: Number(row.since),
      resolvedAt: at(row.until) ?? at(row.resolved_at),
    })),
  ];
}

/** Staff's words on these incidents. */
async function updates(db: Kysely<Database>, incidentIds: readonly number[]): Promise<UpdateRow[]> {
  if (incidentIds.length === 0) return [];
  const rows = await db
    .selectFrom("status_updates")
    .selectAll()
    .where("incident_id", "in", [...incidentIds])
    .execute();
  return rows.map((row) => ({
    incidentId: row.incident_id,
    postedAt: Number(row.posted_at),
    state: (INCIDENT_STATES as readonly string[]).includes(row.state) ? (row.state as IncidentState) : "investigating",
    title: { en: row.title_en, de: row.title_de },
    message: { en: row.message_en, de: row.message_de },
  }));
}

/** Maintenance in force and ahead, its times as numbers the model compares. */
async function maintenance(options: StatusStoreOptions): Promise<MaintenanceInput> {
  const current = await options.maintenance.current();
  const window = (view: { name: string; startsAt: string; endsAt: string; services: string[] | null }) => ({
    name: view.name,
    startsAt: Date.parse(view.startsAt),
    endsAt: Date.parse(view.endsAt),
    services: view.services,
  });
  const manual = current.manual;
  return {
    manual: {
      active: manual.is_active,
      since: manual.enabled_at ? Date.parse(manual.enabled_at) : null,
      until: manual.ends_at ? Date.parse(manual.ends_at) : null,
    },
    active: current.windows.map(window),
    upcoming: current.upcoming.map(window),
  };
}

/**
 * A few numbers that change whenever the page would: the last check round,
 * the incidents, staff's updates and maintenance. Cheap enough to ask every
 * few seconds; a visitor never causes it.
 */
async function version(db: Kysely<Database>): Promise<string> {
  const [cycle, incident, affected, update, held] = await Promise.all([
    db.selectFrom("monitor_meta").select("value").where("key", "=", "last_cycle_at").executeTakeFirst(),
    db
      .selectFrom("incidents")
      .select((eb) => [
        eb.fn.max("id").as("id"),
        eb.fn.max("resolved_at").as("resolved"),
        eb.fn.count<number>("id").as("count"),
      ])
      .where("source", "=", "service")
      .executeTakeFirst(),
    db
      .selectFrom("incident_affected")
      .select((eb) => [
        eb.fn.max("id").as("id"),
        eb.fn.count<number>("id").as("count"),
        eb.fn.max("since").as("since"),
        eb.fn.max("until").as("until"),
      ])
      .executeTakeFirst(),
    db
      .selectFrom("status_updates")
      .select((eb) => [eb.fn.max("id").as("id"), eb.fn.count<number>("id").as("count")])
      .executeTakeFirst(),
    db.selectFrom("maintenance_state").select("updated_at").executeTakeFirst(),
  ]);
  return JSON.stringify(
    [cycle?.value ?? null, incident, affected, update, held?.updated_at ?? null].map((value) =>
      value === undefined ? null : value,
    ),
    (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value),
  );
}

export function createStatusStore(options: StatusStoreOptions) {
  const { db, monitorStore, now } = options;

  return {
    /** Everything the public status is made of, now. */
    async inputs(services: readonly ServiceConfig[]): Promise<StatusInputs> {
      const time = now();
      const visible = publicServices(services);
      const ids = visible.map((service) => service.id);
      const [states, hours, found, held] = await Promise.all([
        monitorStore.loadStates(),
        hourBuckets(options, visible, time),
        incidents(db, ids, time),
        maintenance(options),
      ]);
      return {
        now: time,
        timeZone: options.timeZone(),
        services: visible,
        states,
        hours,
        incidents: found,
        updates: await updates(
          db,
          found.map((row) => row.id),
        ),
        maintenance: held,
        locationNames: new Map(options.locations().map((location) => [location.id, location.name])),
      };
    },

    /** A version of it all: a page is rendered again only when it changed. */
    version: (): Promise<string> => version(db),
  };
}

export type StatusStore = ReturnType<typeof createStatusStore>;
