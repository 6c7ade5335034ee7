// What the dashboard's tabs hold: the system overview (summary, metrics,
// maintenance, certificates) and the health of every service: infrastructure
// first, then the application services a page at a time, or what the
// filters find, or groups of them by tag, host or location. A source that
// is not configured says so in place of its panel.
import { Link } from "react-router";
import { otherAlertsLine, overallView } from "#shared/monitor/overall-state.ts";
import type { LocationSummary } from "#shared/monitor/locations.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { AiServicesPanel } from "./ai-services-panel.tsx";
import { NotConfigured } from "./not-configured.tsx";
import { CertificatesPanel } from "./certificates-panel.tsx";
import { ErrorMessage } from "#app/admin/fields.tsx";
import type {
  AiData,
  CertificatesData,
  DashboardData,
  HealthData,
  IncidentsData,
  MaintenanceData,
  MaintenanceHistoryData,
} from "./dashboard.server.ts";
import { LocationsPanel } from "./locations-panel.tsx";
import { MaintenancePanel } from "./maintenance-panel.tsx";
import { MetricsPanel } from "./metrics-panel.tsx";
import { Skeleton } from "./panel.tsx";
import { ServiceGrid } from "./service-card.tsx";
import { ServiceGroups } from "./service-groups.tsx";
import { isFiltering } from "./service-filters.ts";
import { ListSummary, Pager, ServiceFinder } from "./service-finder.tsx";
import { SummaryCards } from "./summary-cards.tsx";
import type { Polled } from "./use-panel-query.ts";
import { useServiceList } from "./use-service-list.ts";

export function OverviewTab({
  health,
  incidents,
  maintenance,
  maintenanceHistory,
  certificates,
  certificatesConfigured,
  autoRefresh,
  metricsList,
  placeholders,
}: {
  placeholders: DashboardData["placeholders"];
  health: Polled<HealthData>;
  /** The loader's first page of the metrics panel's services. */
  metricsList: DashboardData["metricsList"];
  incidents: Polled<IncidentsData>;
  maintenance: Polled<MaintenanceData>;
  maintenanceHistory: Polled<MaintenanceHistoryData>;
  certificates: Polled<CertificatesData>;
  certificatesConfigured: boolean;
  autoRefresh: boolean;
}) {
  const { t } = useStaffText();
  return (
    <div className="flex flex-col gap-4">
      {health.data ? (
        <SummaryCards health={health.data} incidents={incidents.data} autoRefresh={autoRefresh} />
      ) : (
        <Skeleton lines={2} height="h-16" />
      )}
      {health.data ? <MetricsPanel health={health.data} firstList={metricsList} /> : null}
      <MaintenancePanel
        polled={maintenance}
        history={maintenanceHistory}
        onChanged={() => void Promise.all([health.refresh(), incidents.refresh()])}
      />
      {certificatesConfigured ? (
        <CertificatesPanel polled={certificates} />
      ) : (
        <NotConfigured
          title={t("panels.certificates.title")}
          section="certificates"
          placeholder={placeholders.certificates}
        />
      )}
    </div>
  );
}

export function ServicesTab({
  infrastructure,
  lastCheckedAt,
  firstList,
  ai,
  aiConfigured,
  incidents,
  placeholders,
  locations,
}: {
  placeholders: DashboardData["placeholders"];
  /** Where hosts are checked from (the health poll's), when some are checked from more than this server. */
  locations: LocationSummary[] | undefined;
  /** The open incidents: with problems asked for and no service failing, the list says where they come from. */
  incidents: IncidentsData | undefined;
  /** The infrastructure entries (the health poll's). */
  infrastructure: HealthData["services"];
  lastCheckedAt: string | null | undefined;
  /** The loader's first page of the list, for the filters in the page's URL. */
  firstList: DashboardData["serviceList"];
  ai: Polled<AiData>;
  aiConfigured: boolean;
}) {
  const list = useServiceList(firstList, lastCheckedAt);
  const { lang, t } = useStaffText();
  // With a filter set or groups asked for, one view of whatever matches (infrastructure included) takes the sections'
  // place.
  const filtering = isFiltering(list.filters);
  const grouping = list.filters.group;
  const sections = !filtering && !grouping;
  const groups = grouping ? list.data?.groups : undefined;
  const problemsAsked = ["problems", "unhealthy", "degraded"].includes(list.filters.state);
  const elsewhere =
    problemsAsked && list.data?.total === 0
      ? otherAlertsLine(overallView("healthy", incidents?.incidents ?? [], lang), lang)
      : null;
  return (
    <div className="flex flex-col gap-6">
      <ServiceFinder list={list} />
      <LocationsPanel locations={locations} />
      {sections ? (
        <section aria-labelledby="infra-heading">
          <h2 id="infra-heading" className="mb-3 text-lg font-bold">
            {t("panels.tab.infrastructure")}
          </h2>
          <ServiceGrid services={infrastructure} empty={t("panels.tab.noInfrastructure")} />
        </section>
      ) : null}
      {!sections ? null : aiConfigured ? (
        <AiServicesPanel polled={ai} />
      ) : (
        <NotConfigured title={t("panels.ai.title")} section="aiServices" placeholder={placeholders.aiServices} />
      )}
      <section aria-labelledby="apps-heading" className="flex flex-col gap-3" aria-busy={list.busy}>
        <h2 id="apps-heading" className="text-lg font-bold">
          {sections
            ? t("panels.tab.applications")
            : grouping
              ? t("panels.tab.servicesBy", { by: grouping })
              : t("panels.tab.matching")}
        </h2>
        {grouping ? (
          <GroupsSummary total={list.data?.total} groups={groups?.length} />
        ) : (
          <ListSummary
            data={list.data}
            busy={list.busy}
            what={sections ? "applications" : "services"}
            empty={elsewhere}
          />
        )}
        {list.error ? <ErrorMessage>{list.error}</ErrorMessage> : null}
        {/* While the groups load, the last list (kept on screen between reads) is not shown as if it were them. */}
        {!list.data || (grouping && !groups) ? (
          <Skeleton lines={3} height="h-24" />
        ) : elsewhere ? (
          <p className="text-sm" data-testid="alerts-elsewhere">
            <Link to="/admin/alerts?state=open" className="font-medium text-brand-700 underline dark:text-brand-300">
              {t("panels.tab.seeAlerts")}
            </Link>{" "}
            {t("panels.tab.alsoListed")}
          </p>
        ) : grouping && groups ? (
          <ServiceGroups groups={groups} by={grouping} filters={list.filters} lastCheckedAt={lastCheckedAt} />
        ) : (
          <ServiceGrid
            services={list.data.services}
            empty={sections ? t("panels.tab.noApplications") : t("panels.tab.nothingMatches")}
          />
        )}
        {grouping ? null : (
          <Pager total={list.data?.total} page={list.filters.page} onPage={(page) => list.setFilters({ page })} />
        )}
      </section>
    </div>
  );
}

/** "3,000 services in 13 groups, problems first": what the grouped view holds, announced when it changes. */
function GroupsSummary({ total, groups }: { total: number | undefined; groups: number | undefined }) {
  return (
    <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="list-summary">
      {total === undefined || groups === undefined
        ? "Loading services…"
        : `${total.toLocaleString("en")} ${total === 1 ? "service" : "services"} in ${groups} ` +
          `${groups === 1 ? "group" : "groups"}, problems first; a group that is all healthy stays closed.`}
    </p>
  );
}
