// The public status, put together from what the monitor knows: public
// services only, by their public names, their state, daily uptime in the
// company's time zone, incidents merged per service and told in staff's words
// (else a neutral line), and maintenance. Pure: status-store.ts reads the
// inputs, status-site.ts renders the result.
import {
  groupServices,
  overallState,
  type Bilingual,
  type IncidentState,
  type IncidentUpdate,
  type PublicIncident,
  type PublicMaintenance,
  type PublicService,
  type PublicStatus,
  type ServiceState,
  type StatusDay,
} from "#shared/status/public-status.ts";
import { measuredSeconds, WINDOW_SECONDS } from "#shared/monitor/measured.ts";
import type { HostState } from "#server/monitor/host-state.ts";
import type { ServiceConfig } from "#server/monitor/services-config.ts";

export const STATUS_DAYS = 90;
/** Resolved incidents stay on the page this long. */
export const RESOLVED_SHOWN_MS = 30 * 86_400_000;
const HOUR_MS = 3_600_000;

export type HourBucket = {
  serviceId: string;
  hour: number;
  checks: number;
  failures: number;
  /** The bucket's first check (ms) where known (raw results); a rolled-up hour counts from its start. */
  firstAt?: number;
};
export type IncidentRow = { id: number; serviceId: string; openedAt: number; resolvedAt: number | null };
export type UpdateRow = {
  incidentId: number;
  postedAt: number;
  state: IncidentState;
  title: Bilingual;
  message: Bilingual;
};
export type MaintenanceInput = {
  manual: { active: boolean; since: number | null; until: number | null };
  active: WindowInput[];
  upcoming: WindowInput[];
};
export type WindowInput = { name: string; startsAt: number; endsAt: number; services: string[] | null };

export type StatusInputs = {
  now: number;
  timeZone: string;
  services: readonly ServiceConfig[];
  /** Host states by "serviceId/host". */
  states: ReadonlyMap<string, HostState>;
  /** The checking locations' names by id ("fra" -> "Frankfurt"): a partial failure is told by them. */
  locationNames?: ReadonlyMap<string, string>;
  /** Checks and failures per public service and hour, the current hour included. */
  hours: readonly HourBucket[];
  /** Incidents of public services' hosts, not tests, opened within the days shown or still open. */
  incidents: readonly IncidentRow[];
  updates: readonly UpdateRow[];
  maintenance: MaintenanceInput;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The public services, in the configuration's order. */
export function publicServices(services: readonly ServiceConfig[]): ServiceConfig[] {
  return services.filter((service) => service.public);
}

export function publicName(service: ServiceConfig): Bilingual {
  return service.publicName ?? { en: service.name, de: service.name };
}

function inMaintenance(serviceId: string, maintenance: MaintenanceInput): boolean {
  return (
    maintenance.manual.active ||
    maintenance.active.some((window) => window.services === null || window.services.includes(serviceId))
  );
}

/** Down when every checked host is down; degraded when some are (or say so themselves). */
export function serviceState(
  service: ServiceConfig,
  states: ReadonlyMap<string, HostState>,
  maintenance: MaintenanceInput,
): ServiceState {
  if (inMaintenance(service.id, maintenance)) return "maintenance";
  const checked = Object.keys(service.hosts)
    .map((host) => states.get(`${service.id}/${host}`))
    .filter((state): state is HostState => !!state?.lastChecked);
  if (checked.length === 0) return "unknown";
  const down = checked.filter((state) => state.status === "unhealthy").length;
  if (down === checked.length) return "outage";
  if (down > 0 || checked.some((state) => state.status === "degraded")) return "degraded";
  return "operational";
}

/** The locations some host of it fails from alone (fewer than its quorum), by name, each once; empty otherwise. */
function partialFrom(
  service: ServiceConfig,
  states: ReadonlyMap<string, HostState>,
  names: ReadonlyMap<string, string> | undefined,
): string[] {
  const ids = Object.keys(service.hosts).flatMap((host) => states.get(`${service.id}/${host}`)?.partial ?? []);
  return [...new Set(ids)].map((id) => names?.get(id) ?? id);
}

const percent = (checks: number, failures: number) =>
  checks === 0 ? null : Math.round(((checks - failures) / checks) * 10_000) / 100;

/** The service's first check counted in the days shown (ms), null without any: its figures cover the time since. */
function firstCheck(hours: readonly HourBucket[], serviceId: string, now: number): number | null {
  let since: number | null = null;
  for (const bucket of hours) {
    const first = bucket.firstAt ?? bucket.hour;
    if (bucket.serviceId !== serviceId || bucket.checks === 0 || now - first >= STATUS_DAYS * 86_400_000) continue;
    if (since === null || first < since) since = first;
  }
  return since;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-24" for an instant, in the time zone (one formatter per zone: making one costs more than using it). */
export function dayOf(ms: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format)
    dateFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })),
    );
  return format.format(ms);
}

/**
 * The last `count` days (oldest first) with the instant each begins and ends, found by walking back hour by hour
 * (daylight saving included).
 */
function lastDays(now: number, timeZone: string, count: number): { date: string; start: number; end: number }[] {
  const days: { date: string; start: number; end: number }[] = [];
  let end = now;
  let date = dayOf(now, timeZone);
  let hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  while (days.length < count) {
    // The first hour (from the top) whose date is still `date`, then one more step back.
    let start = hour;
    while (dayOf(start - HOUR_MS, timeZone) === date) start -= HOUR_MS;
    days.push({ date, start, end });
    end = start;
    hour = start - HOUR_MS;
    date = dayOf(hour, timeZone);
  }
  return days.reverse();
}

/**
 * Incidents of one service that overlap are one public incident (two hosts
 * failing together are one disruption), and so are the incidents of several
 * services that share one (a host they depend on went down).
 */
function mergeIncidents(rows: readonly IncidentRow[]): IncidentRow[][] {
  const byService = new Map<string, IncidentRow[]>();
  for (const row of rows) byService.set(row.serviceId, [...(byService.get(row.serviceId) ?? []), row]);
  const groups: IncidentRow[][] = [];
  for (const list of byService.values()) {
    let current: IncidentRow[] = [];
    let end: number | null = -Infinity;
    for (const row of [...list].sort((a, b) => a.openedAt - b.openedAt || a.id - b.id)) {
      if (current.length > 0 && end !== null && row.openedAt > end) {
        groups.push(current);
        current = [];
      }
      end =
        current.length === 0
          ? row.resolvedAt
          : end === null || row.resolvedAt === null
            ? null
            : Math.max(end, row.resolvedAt);
      current.push(row);
    }
    if (current.length > 0) groups.push(current);
  }
  return joinShared(groups);
}

/** Groups that share an incident become one (union-find over the groups, by incident id). */
function joinShared(groups: IncidentRow[][]): IncidentRow[][] {
  const parent = groups.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const holder = new Map<number, number>();
  groups.forEach((group, index) => {
    for (const row of group) {
      const other = holder.get(row.id);
      if (other === undefined) holder.set(row.id, index);
      else parent[find(index)] = find(other);
    }
  });
  const joined = new Map<number, IncidentRow[]>();
  groups.forEach((group, index) => joined.set(find(index), [...(joined.get(find(index)) ?? []), ...group]));
  return [...joined.values()];
}

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[], and: string) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;

/**
 * The services of an incident in words: "A", "A and B", "A, B and C", beyond three "5 services" (German also in the
 * dative, after "von").
 */
function namesOf(names: readonly Bilingual[]): { en: string; de: string; deDative: string; plural: boolean } {
  if (names.length > 3)
    return {
      en: `${names.length} services`,
      de: `${names.length} Dienste`,
      deDative: `${names.length} Diensten`,
      plural: true,
    };
  const english = names.map((name) => name.en);
  const german = names.map((name) => name.de);
  const [en, de] = [listed(english, "and"), listed(german, "und")];
  return { en, de, deDative: de, plural: names.length > 1 };
}

const NEUTRAL = {
  title: (names: ReturnType<typeof namesOf>): Bilingual => ({
    en: `Disruption of ${names.en}`,
    de: `Störung: ${names.de}`,
  }),
  open: (names: ReturnType<typeof namesOf>): Bilingual => ({
    en: `We are looking into a disruption of ${names.en}.`,
    de: `Wir gehen einer Störung von ${names.deDative} nach.`,
  }),
  resolved: (names: ReturnType<typeof namesOf>): Bilingual =>
    names.plural
      ? { en: `${names.en} are working normally again.`, de: `${names.de} arbeiten wieder normal.` }
      : { en: `${names.en} is working normally again.`, de: `${names.de} arbeitet wieder normal.` },
};

function publicIncident(
  group: IncidentRow[],
  serviceIds: string[],
  names: Bilingual[],
  updates: readonly UpdateRow[],
): PublicIncident {
  const ids = new Set(group.map((row) => row.id));
  const written = updates.filter((update) => ids.has(update.incidentId)).sort((a, b) => b.postedAt - a.postedAt);
  const startedAt = Math.min(...group.map((row) => row.openedAt));
  const resolvedAt = group.some((row) => row.resolvedAt === null)
    ? null
    : Math.max(...group.map((row) => row.resolvedAt!));
  const words = namesOf(names);
  const told: IncidentUpdate[] = written.map((update) => ({
    at: iso(update.postedAt),
    state: update.state,
    message: update.message,
  }));
  if (told.length === 0) told.push({ at: iso(startedAt), state: "investigating", message: NEUTRAL.open(words) });
  // Over when the checks say so, whatever was last written: the page says so in a line of its own.
  if (resolvedAt !== null && written[0]?.state !== "resolved")
    told.unshift({ at: iso(resolvedAt), state: "resolved", message: NEUTRAL.resolved(words) });
  return {
    id: Math.min(...ids),
    serviceIds,
    title: written[0]?.title ?? NEUTRAL.title(words),
    state: resolvedAt !== null ? "resolved" : (written[0]?.state ?? "investigating"),
    startedAt: iso(startedAt),
    resolvedAt: resolvedAt === null ? null : iso(resolvedAt),
    updates: told,
  };
}

function maintenanceView(window: WindowInput, visible: ReadonlySet<string>): PublicMaintenance | null {
  const serviceIds = window.services === null ? null : window.services.filter((id) => visible.has(id));
  if (serviceIds !== null && serviceIds.length === 0) return null; // only private services: not announced
  return { name: window.name, startsAt: iso(window.startsAt), endsAt: iso(window.endsAt), serviceIds };
}

export function buildPublicStatus(inputs: StatusInputs): PublicStatus {
  const { now, timeZone, maintenance } = inputs;
  const services = publicServices(inputs.services);
  const visible = new Set(services.map((service) => service.id));
  const days = lastDays(now, timeZone, STATUS_DAYS);
  const dayIndex = new Map(days.map((day, index) => [day.date, index]));
  const names = new Map(services.map((service) => [service.id, publicName(service)]));

  const order = new Map(services.map((service, index) => [service.id, index]));
  const merged = mergeIncidents(inputs.incidents.filter((row) => visible.has(row.serviceId)));
  const incidentOf: Record<number, number> = {};
  for (const group of merged) {
    const shownAs = Math.min(...group.map((row) => row.id));
    for (const row of group) incidentOf[row.id] = shownAs;
  }
  const incidents = merged.map((group) => {
    const serviceIds = [...new Set(group.map((row) => row.serviceId))].sort((a, b) => order.get(a)! - order.get(b)!);
    return publicIncident(
      group,
      serviceIds,
      serviceIds.map((id) => names.get(id)!),
      inputs.updates,
    );
  });

  const result: PublicService[] = services.map((service) => {
    const perDay = days.map(() => ({ checks: 0, failures: 0 }));
    const windows = {
      h24: { checks: 0, failures: 0 },
      d30: { checks: 0, failures: 0 },
      d90: { checks: 0, failures: 0 },
    };
    const since = firstCheck(inputs.hours, service.id, now);
    for (const bucket of inputs.hours) {
      if (bucket.serviceId !== service.id) continue;
      const index = dayIndex.get(dayOf(bucket.hour, timeZone));
      if (index !== undefined) {
        perDay[index]!.checks += bucket.checks;
        perDay[index]!.failures += bucket.failures;
      }
      const age = now - bucket.hour;
      for (const [key, span] of [
        ["h24", 86_400_000],
        ["d30", 30 * 86_400_000],
        ["d90", STATUS_DAYS * 86_400_000],
      ] as const) {
        if (age < span) {
          windows[key].checks += bucket.checks;
          windows[key].failures += bucket.failures;
        }
      }
    }
    const own = incidents.filter((incident) => incident.serviceIds.includes(service.id));
    const statusDays: StatusDay[] = days.map((day, index) => ({
      date: day.date,
      uptime: percent(perDay[index]!.checks, perDay[index]!.failures),
      incidents: own
        .filter(
          (incident) =>
            Date.parse(incident.startedAt) < day.end &&
            (incident.resolvedAt === null ? now : Date.parse(incident.resolvedAt)) >= day.start,
        )
        .map((incident) => incident.id),
    }));
    return {
      id: service.id,
      name: publicName(service),
      group: service.publicGroup ?? null,
      state: serviceState(service, inputs.states, maintenance),
      partialFrom: partialFrom(service, inputs.states, inputs.locationNames),
      uptime: {
        h24: percent(windows.h24.checks, windows.h24.failures),
        d30: percent(windows.d30.checks, windows.d30.failures),
        d90: percent(windows.d90.checks, windows.d90.failures),
      },
      measuredSince: since === null ? null : iso(since),
      measuredSeconds: {
        h24: measuredSeconds(since, now, WINDOW_SECONDS.h24),
        d30: measuredSeconds(since, now, WINDOW_SECONDS.d30),
        d90: measuredSeconds(since, now, WINDOW_SECONDS.d90),
      },
      days: statusDays,
    };
  });

  const manual: PublicMaintenance[] = maintenance.manual.active
    ? [
        {
          name: null,
          startsAt: iso(maintenance.manual.since ?? now),
          endsAt: maintenance.manual.until === null ? null : iso(maintenance.manual.until),
          serviceIds: null,
        },
      ]
    : [];
  const byNewest = (a: PublicIncident, b: PublicIncident) => Date.parse(b.startedAt) - Date.parse(a.startedAt);
  return {
    generatedAt: iso(now),
    timeZone,
    overall: overallState(result.map((service) => service.state)),
    services: result,
    groups: groupServices(result),
    incidents: {
      open: incidents.filter((incident) => incident.resolvedAt === null).sort(byNewest),
      resolved: incidents
        .filter(
          (incident) => incident.resolvedAt !== null && now - Date.parse(incident.resolvedAt) <= RESOLVED_SHOWN_MS,
        )
        .sort(byNewest),
    },
    incidentOf,
    maintenance: {
      active: [
        ...manual,
        ...maintenance.active.map((window) => maintenanceView(window, visible)).filter((view) => view !== null),
      ],
      upcoming: maintenance.upcoming.map((window) => maintenanceView(window, visible)).filter((view) => view !== null),
    },
  };
}
