// The service list as the API gives it: the services a query asks for (all
// of them by default) with their hosts (checked or not yet), score and status,
// uptime and the incidents they fail under, and the figures of the whole
// fleet above them.
import { measuredSeconds, WINDOW_SECONDS } from "#shared/monitor/measured.ts";
import { LOCAL_LOCATION } from "#shared/monitor/locations.ts";
import { combineStatus, endpointCount, overallScore, type HealthStatus } from "#shared/monitor/health.ts";
import type { AffectedNow } from "#server/alerting/incidents.ts";
import { describeTarget, isPlaceholderTarget } from "./checks/check-types.ts";
import { endpointKey } from "./engine.ts";
import { initialHostState, type HostState } from "./host-state.ts";
import { hasRemoteLocations, locationSummaries } from "./locations/location-summaries.ts";
import type { ProbeResults } from "./locations/probe-results.ts";
import type { createMeta } from "./monitor-meta.ts";
import type { MonitorStore, Uptime } from "./monitor-store.ts";
import type { MonitorOptions } from "./monitor.ts";
import { hostKey, subServiceKey } from "./service-targets.ts";
import { EVERY_SERVICE, queryServices, type ServiceQuery } from "./service-query.ts";
import { hostNames, intervalOf, type Defaults, type ServiceConfig } from "./services-config.ts";
import { groupInto } from "#shared/group-into.ts";

/** What a state written before locations were recorded was measured from: this server (shared, never changed). */
const LOCAL_ONLY: readonly string[] = [LOCAL_LOCATION];

export type SnapshotSources = {
  options: MonitorOptions;
  store: MonitorStore;
  meta: ReturnType<typeof createMeta>;
  probeResults: Pick<ProbeResults, "reports">;
};

/** What every service's entry is built from, read once for the whole list. */
type Readings = {
  states: Map<string, HostState>;
  coolingDown: Set<string>;
  affectedBy: Map<string, string[]>;
  ids: Map<string, number>;
  uptimes: Map<number, Uptime>;
  /** When the answer is read (ms): how much of each uptime window was measured by then. */
  now: number;
  locationName: LocationNames;
};

type Counts = { healthy: number; total: number };
/** The fleet's figures, added to service by service. */
type Tally = {
  counts: { infrastructure: Counts; applications: Counts; endpoints: Counts };
  allStatuses: HealthStatus[];
  scores: number[];
};

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A location's name as the configuration gives it (its id when it is no longer configured). */
export type LocationNames = (id: string) => string;

function hostResult(
  service: ServiceConfig,
  host: string,
  state: HostState,
  affectedBy: string[],
  locationName: LocationNames,
) {
  const target = service.hosts[host]!;
  return {
    serviceId: service.id,
    host,
    /** What is checked: the URL or host:port, never a credential. */
    target: describeTarget(target),
    checkType: target.type,
    /** A documentation host (example.com, 192.0.2.x) still in the configuration: not checked until it is replaced. */
    placeholder: isPlaceholderTarget(target),
    status: state.status,
    responseTime: state.responseTime,
    lastChecked: iso(state.lastChecked),
    errorMessage: state.errorMessage,
    healthScore: state.healthScore,
    retryAttempt: state.retryAttempt,
    circuitBreakerState: state.circuitBreakerState,
    consecutiveFailures: state.consecutiveFailures,
    consecutiveSuccesses: state.consecutiveSuccesses,
    /**
     * The open incidents this host (or a sub-service on it) fails under (dependsOn), by name: "Central infrastructure
     * on centron".
     */
    affectedBy,
    /** The locations whose results its state stands on, by id ("local": this server). */
    measuredFrom: state.measuredFrom ?? (state.lastChecked === null ? [] : LOCAL_ONLY),
    /** Each location's latest word, for a host checked from more than this server alone; null otherwise. */
    locations:
      state.locations?.map((result) => ({
        ...result,
        name: locationName(result.location),
        checkedAt: iso(result.checkedAt),
      })) ?? null,
    /** The locations it fails from, fewer than its quorum ("down from Frankfurt only"); null when not partial. */
    partial: state.partial && state.partial.length > 0 ? state.partial.map(locationName) : null,
    subServices: state.subServices.map((sub) => ({
      ...sub,
      host,
      target: describeSub(service, host, sub.name),
      // Also as a name plus a central host result, for API clients that read that shape, where the sub-service runs on
      // centron.
      ...(host === "centron" ? { centron: { ...sub, host } } : {}),
    })),
  };
}

function describeSub(service: ServiceConfig, host: string, name: string): string {
  const sub = service.subServices.find((entry) => entry.host === host && entry.name === name);
  return sub ? describeTarget(sub.target) : "";
}

/** Target key -> the names of the open incidents it fails under. */
function affectedByTarget(entries: readonly AffectedNow[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of entries) groupInto(found, entry.target, entry.incidentName);
  return found;
}

/** "ops@example.com (email), hooks.example.com (ops-webhook)": where alerts go, without a secret. */
function destinations(channels: { name: string; target: string }[]): string {
  return channels.length === 0
    ? "no channel (none is configured)"
    : channels.map((channel) => `${channel.target} (${channel.name})`).join(", ");
}

/**
 * Queries' answers (service-query.ts), each the fleet's figures over every service and full entries (hosts, uptime)
 * for the page asked for only, so a poll for a page of a fleet of thousands builds a page, not the fleet. Several
 * queries (the dashboard's first render) share one read of the states.
 */
export async function monitorSnapshots(sources: SnapshotSources, queries: readonly ServiceQuery[]) {
  const { options, store, meta } = sources;
  const { alerting } = options;
  const config = options.config();
  const time = options.now();
  const states = await store.loadStates();
  const coolingDown = await alerting.incidents.coolingDown(config.alerts.cooldownMinutes * 60_000);
  const affectedBy = affectedByTarget(await alerting.incidents.affectedNow());
  const tally: Tally = {
    counts: {
      infrastructure: { healthy: 0, total: 0 },
      applications: { healthy: 0, total: 0 },
      endpoints: { healthy: 0, total: 0 },
    },
    allStatuses: [],
    scores: [],
  };
  const entries = config.services.map((service) => queryEntry(service, states, tally));
  const answers = queries.map((query) => queryServices(entries, query));
  const ids = await store.endpointIds(
    [...new Set(answers.flatMap((answer) => answer.services))].flatMap((entry) =>
      hostNames(entry.service).map((host) => ({ serviceId: entry.serviceId, host })),
    ),
  );
  const uptimes = await store.uptime([...ids.values()], time);
  const names = new Map((config.locations ?? []).map((location) => [location.id, location.name]));
  const locationName = (id: string) => names.get(id) ?? id;
  const readings: Readings = { states, coolingDown, affectedBy, ids, uptimes, now: time, locationName };
  const lastCheckedAt = await meta.get("last_cycle_at");
  const { scores } = tally;
  const fleet = {
    overall: {
      status: combineStatus(tally.allStatuses),
      score: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : 0,
      ...tally.counts,
    },
    lastCheckedAt: iso(lastCheckedAt),
    /** When the last "check now" (Refresh) was served: the time it was asked for. */
    refreshedAt: iso(await meta.get("run_served_at")),
    nextCheckAt: iso(await meta.get("next_cycle_at")),
    intervalSeconds: config.defaults.intervalSeconds,
    /** The most often checked service's interval: how often a screen must read to see every round. */
    fastestIntervalSeconds: config.services.length
      ? Math.min(...config.services.map((service) => intervalOf(service, config.defaults) / 1000))
      : config.defaults.intervalSeconds,
    alertsTo: destinations(alerting.notifier.describe()),
    /**
     * The outside watcher this monitor calls while its rounds run on time (its host only: the URL may hold a
     * secret).
     */
    heartbeat: config.alerts.heartbeat
      ? {
          to: new URL(config.alerts.heartbeat.url).host,
          intervalSeconds: config.alerts.heartbeat.intervalSeconds,
          lastSentAt: iso(await meta.get("heartbeat_sent_at")),
        }
      : null,
    demo: options.demo,
    /** The places checks run from, with their state: empty when this server is the only one. */
    locations: hasRemoteLocations(config) ? locationSummaries(config, await sources.probeResults.reports(), time) : [],
  };
  return answers.map(({ services, ...answer }) => ({
    ...fleet,
    services: services.map((entry) => serviceSnapshot(entry, config.defaults, readings)),
    ...answer,
  }));
}

/** One query's answer (by default every service, in the configuration's order). */
export async function monitorSnapshot(sources: SnapshotSources, query: ServiceQuery = EVERY_SERVICE) {
  return (await monitorSnapshots(sources, [query]))[0]!;
}

/**
 * A service as a query reads it: its state, score and profile, its tags and location, and its hosts, whose targets
 * are described only when read (a search); its figures are added to the fleet's.
 */
function queryEntry(service: ServiceConfig, states: Map<string, HostState>, tally: Tally) {
  const names = hostNames(service);
  const checked = names
    .map((host) => states.get(endpointKey(service.id, host)))
    .filter((state): state is HostState => !!state?.lastChecked);
  const score = overallScore(
    service.profile,
    checked.map((state) => state.healthScore),
  );
  const status = combineStatus(checked.map((state) => state.status));
  countService(tally, service, names.length, checked, score, status);
  return {
    service,
    checked,
    score,
    serviceId: service.id,
    serviceName: service.name,
    reliabilityProfile: service.profile,
    status,
    tags: service.tags ?? [],
    location: service.location ?? null,
    hosts: names.map((host) => ({
      host,
      get target() {
        return describeTarget(service.hosts[host]!);
      },
    })),
  };
}

/** A service's whole entry, its hosts checked or not yet. */
function serviceSnapshot(entry: ReturnType<typeof queryEntry>, defaults: Defaults, readings: Readings) {
  const { service, checked, score, status } = entry;
  const { states, coolingDown, affectedBy } = readings;
  const names = hostNames(service);
  const hostAffectedBy = (host: string) => {
    const keys = [
      hostKey(service.id, host),
      ...service.subServices.filter((sub) => sub.host === host).map((sub) => subServiceKey(service.id, sub.name)),
    ];
    return [...new Set(keys.flatMap((key) => affectedBy.get(key) ?? []))];
  };
  const results = names.map((host) =>
    hostResult(
      service,
      host,
      states.get(endpointKey(service.id, host)) ?? initialHostState(host),
      hostAffectedBy(host),
      readings.locationName,
    ),
  );
  const checkedResult = (host: string) =>
    checked.some((state) => state.host === host) ? results[names.indexOf(host)]! : null;
  return {
    serviceId: service.id,
    serviceName: service.name,
    serviceDescription: service.description,
    reliabilityProfile: service.profile,
    tags: entry.tags,
    location: entry.location,
    overallHealthScore: score,
    status,
    alertCooldownActive: coolingDown.has(`service:${service.id}`),
    /** The open incidents some host of it fails under (dependsOn): it has no notice of its own meanwhile. */
    affectedBy: [...new Set(results.flatMap((result) => result.affectedBy))],
    intervalSeconds: intervalOf(service, defaults) / 1000,
    /** Every host in the configuration's order, checked or not yet. */
    hosts: results,
    // The two host fields API clients written for the shipped hosts read: set when the service has such a host
    // and it was checked.
    centron: checkedResult("centron"),
    local: checkedResult("local"),
    ...serviceUptime(service, readings),
  };
}

function countService(
  tally: Tally,
  service: ServiceConfig,
  hostCount: number,
  checked: readonly HostState[],
  score: number,
  status: ReturnType<typeof combineStatus>,
): void {
  const { counts } = tally;
  tally.allStatuses.push(...checked.map((state) => state.status));
  if (checked.length > 0) tally.scores.push(score);
  const group = service.profile === "infrastructure" ? counts.infrastructure : counts.applications;
  group.total += 1;
  if (status === "healthy") group.healthy += 1;
  counts.endpoints.total += endpointCount(service.profile, hostCount);
  counts.endpoints.healthy +=
    service.profile === "infrastructure"
      ? checked[0]?.status === "healthy"
        ? 1
        : 0
      : checked.filter((state) => state.status === "healthy").length;
}

/**
 * The mean of its hosts' uptimes over each window, and how many seconds of each window were measured (from its
 * first host's first check).
 */
function serviceUptime(service: ServiceConfig, { ids, uptimes, now }: Readings) {
  const hostUptimes = hostNames(service).map((host) => uptimes.get(ids.get(endpointKey(service.id, host))!)!);
  const mean = (key: "uptime24h" | "uptime7d" | "uptime30d") => {
    const values = hostUptimes.map((u) => u[key]).filter((v): v is number => v !== null);
    return values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
  };
  const firsts = hostUptimes.map((u) => u.measuredSince).filter((v): v is number => v !== null);
  const since = firsts.length ? Math.min(...firsts) : null;
  return {
    uptime24h: mean("uptime24h"),
    uptime7d: mean("uptime7d"),
    uptime30d: mean("uptime30d"),
    uptimeMeasuredSince: since === null ? null : new Date(since).toISOString(),
    uptimeMeasuredSeconds: {
      h24: measuredSeconds(since, now, WINDOW_SECONDS.h24),
      d7: measuredSeconds(since, now, WINDOW_SECONDS.d7),
      d30: measuredSeconds(since, now, WINDOW_SECONDS.d30),
    },
  };
}
