// Everything the dashboard's first render shows, from the database in one
// go: no chain of requests before data appears, and no waiting on a peer (the
// integrations' stored readings only; a panel without one fetches it itself).
import type { Services } from "#server/services.ts";
import { aiAnswer, haproxyAnswer, nginxAnswer } from "#server/integrations/integration-answers.ts";
import { monitoringConfigurationStatus } from "#server/monitoring-configuration-status.ts";
import { parseServiceQuery, type ServiceQuery } from "#server/monitor/service-query.ts";
import { filtersFromSearch, HEALTH_URL, metricsListUrl, serviceListUrl } from "./service-filters.ts";

/** A panel's first data: what its API would answer, or its error. */
export type Initial<T> = { ok: true; data: T } | { ok: false; error: string } | null;

/** A failure whose reason the panel shows (a peer's error, not our own bug). */
class ShownFailure extends Error {}

/** A panel's first data, or its error: `what`, with the reason where it is a ShownFailure. */
async function settle<T>(work: () => Promise<T | null>, what: string): Promise<Initial<T>> {
  try {
    const data = await work();
    return data === null ? null : { ok: true, data };
  } catch (error) {
    return { ok: false, error: error instanceof ShownFailure ? `${what}: ${error.message}` : what };
  }
}

/** The services API's query in one of the page's own URLs (a query it refuses would be a bug: it throws). */
function queryOf(url: string): ServiceQuery {
  const params = new URLSearchParams(url.slice(url.indexOf("?") + 1));
  const parsed = parseServiceQuery(Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)])));
  if (!parsed.ok) throw new Error(`The dashboard asked for ${url}: ${JSON.stringify(parsed.fields)}`);
  return parsed.query;
}

/**
 * What the services API answers for each of the page's first reads (the health poll, the first page of each list),
 * from one read of the states, with the URL each was read from: the page knows it need not ask again.
 */
async function firstLists(monitor: NonNullable<Services["monitor"]>, urls: string[]) {
  const answers = await monitor.snapshots(urls.map(queryOf));
  return urls.map((url, index) => ({ url, data: answers[index]! }));
}

export async function loadDashboard(services: Services, search = new URLSearchParams()) {
  const { monitor, integrations, alerting } = services;
  const intervals = integrations?.intervals();
  const [
    lists,
    maintenance,
    maintenanceHistory,
    certificates,
    nginx,
    haproxy,
    ai,
    pending,
    failed,
    incidents,
    configuration,
  ] = await Promise.all([
    // Not every service: the summary's poll and the first page of each list (a fleet of thousands stays a small page).
    settle(
      async () =>
        monitor
          ? await firstLists(monitor, [HEALTH_URL, serviceListUrl(filtersFromSearch(search)), metricsListUrl("", 1)])
          : null,
      "Failed to load service health",
    ),
    settle(async () => {
      if (!alerting) return null;
      const current = await alerting.maintenance.current();
      return {
        success: true as const,
        maintenance: current.manual,
        windows: current.windows,
        upcoming: current.upcoming,
        timezone: current.timezone,
      };
    }, "Failed to load maintenance status"),
    settle(
      async () => (alerting ? { success: true as const, history: await alerting.maintenance.history() } : null),
      "Failed to load maintenance history",
    ),
    settle(
      async () =>
        integrations
          ? { ...(await integrations.certificates.summary()), intervalSeconds: intervals!.certificates }
          : null,
      "Failed to load certificates",
    ),
    settle(async () => {
      const reading = integrations && intervals?.nginx ? await integrations.stored.nginx() : undefined;
      if (!reading) return null;
      // No source answered: the panel's error state, with why.
      const answer = nginxAnswer(reading, intervals!);
      if (!answer.ok) throw new ShownFailure(answer.body.details);
      return answer.body;
    }, "Failed to load monitoring data"),
    settle(async () => {
      const reading = integrations && intervals?.haproxy ? await integrations.stored.haproxy() : undefined;
      if (!reading) return null;
      // A failed HAProxy read is the panel's error state, with its details.
      const answer = haproxyAnswer(reading, intervals!);
      if (!answer.ok) throw new ShownFailure(answer.body.details);
      return answer.body;
    }, "Failed to load HAProxy statistics"),
    settle(async () => {
      const reading = integrations && intervals?.aiServices ? await integrations.stored.aiServices() : undefined;
      return reading ? aiAnswer(reading, intervals!) : null;
    }, "Failed to load AI services health data"),
    services.inbox.list({ status: "pending", page: 1 }),
    services.inbox.list({ status: "failed", page: 1 }),
    settle(
      async () => (alerting ? { incidents: await alerting.incidents.open() } : null),
      "Failed to load active alerts",
    ),
    settle(async () => monitoringConfigurationStatus(services), "Failed to load the monitoring configuration"),
  ]);
  return {
    renderedAt: services.now(),
    monitoring: !!monitor,
    configured: {
      nginx: !!intervals?.nginx,
      haproxy: !!intervals?.haproxy,
      aiServices: !!intervals?.aiServices,
      certificates: !!intervals?.certificates,
    },
    /** Sections of placeholders only: their panels say what to edit. */
    placeholders: integrations?.placeholders() ?? {
      certificates: false,
      nginx: false,
      haproxy: false,
      aiServices: false,
    },
    health: lists?.ok ? ({ ok: true, data: lists.data[0]!.data } as const) : lists,
    // A list the loader could not read is read by the page, which shows its error.
    serviceList: lists?.ok ? lists.data[1]! : null,
    metricsList: lists?.ok ? lists.data[2]! : null,
    maintenance,
    maintenanceHistory,
    certificates,
    nginx,
    haproxy,
    ai,
    incidents,
    configuration,
    contact: { pending: pending.total, failed: failed.total, mailConfigured: services.mailConfigured },
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
type Data<T> = T extends { ok: true; data: infer D } ? D : never;
export type HealthData = Data<DashboardData["health"]>;
export type ServiceData = HealthData["services"][number];
/** A page of the Services Health list, with the fleet's facets (GET /api/admin/services with a query). */
export type ServiceListData = NonNullable<DashboardData["serviceList"]>["data"];
export type HostData = ServiceData["hosts"][number];
export type MaintenanceData = Data<DashboardData["maintenance"]>;
export type MaintenanceHistoryData = Data<DashboardData["maintenanceHistory"]>;
export type CertificatesData = Data<DashboardData["certificates"]>;
export type NginxData = Data<DashboardData["nginx"]>;
export type HaproxyData = Data<DashboardData["haproxy"]>;
export type AiData = Data<DashboardData["ai"]>;
export type IncidentsData = Data<DashboardData["incidents"]>;
export type IncidentData = IncidentsData["incidents"][number];
export type ConfigurationData = Data<DashboardData["configuration"]>;
