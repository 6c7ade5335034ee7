// What the dashboard's tabs hold: the system overview (summary, metrics,
// maintenance, certificates) and the health of every service: infrastructure
// first, then the application services a page at a time, or what the
// filters find. A source that is not configured says so in place of its panel.
import { AiServicesPanel } from "./ai-services-panel.tsx";
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
import { MaintenancePanel } from "./maintenance-panel.tsx";
import { MetricsPanel } from "./metrics-panel.tsx";
import { panelClass, Skeleton } from "./panel.tsx";
import { ServiceCard } from "./service-card.tsx";
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
}: {
  health: Polled<HealthData>;
  incidents: Polled<IncidentsData>;
  maintenance: Polled<MaintenanceData>;
  maintenanceHistory: Polled<MaintenanceHistoryData>;
  certificates: Polled<CertificatesData>;
  certificatesConfigured: boolean;
  autoRefresh: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      {health.data ? (
        <SummaryCards health={health.data} autoRefresh={autoRefresh} />
      ) : (
        <Skeleton lines={2} height="h-16" />
      )}
      {health.data ? <MetricsPanel health={health.data} /> : null}
      <MaintenancePanel
        polled={maintenance}
        history={maintenanceHistory}
        onChanged={() => void Promise.all([health.refresh(), incidents.refresh()])}
      />
      {certificatesConfigured ? (
        <CertificatesPanel polled={certificates} />
      ) : (
        <NotConfigured title="SSL Certificates" what="Certificate monitoring" />
      )}
    </div>
  );
}

export function ServicesTab({
  services,
  lastCheckedAt,
  firstList,
  ai,
  aiConfigured,
}: {
  services: HealthData["services"];
  lastCheckedAt: string | null | undefined;
  /** The loader's first page of the list, for the filters in the page's URL. */
  firstList: DashboardData["serviceList"];
  ai: Polled<AiData>;
  aiConfigured: boolean;
}) {
  const list = useServiceList(firstList, lastCheckedAt);
  // With a filter set, one list of whatever matches (infrastructure included) takes the sections' place.
  const filtering = isFiltering(list.filters);
  return (
    <div className="flex flex-col gap-6">
      <ServiceFinder list={list} />
      {filtering ? null : (
        <section aria-labelledby="infra-heading">
          <h2 id="infra-heading" className="mb-3 text-lg font-bold">
            Infrastructure Health
          </h2>
          <ServiceGrid
            services={services.filter((s) => s.reliabilityProfile === "infrastructure")}
            empty="No infrastructure entries are configured."
          />
        </section>
      )}
      {filtering ? null : aiConfigured ? (
        <AiServicesPanel polled={ai} />
      ) : (
        <NotConfigured title="AI Services Health" what="AI service monitoring" />
      )}
      <section aria-labelledby="apps-heading" className="flex flex-col gap-3" aria-busy={list.busy}>
        <h2 id="apps-heading" className="text-lg font-bold">
          {filtering ? "Matching Services" : "Application Services"}
        </h2>
        <ListSummary
          list={list}
          what={filtering ? ["service", "services"] : ["application service", "application services"]}
        />
        {list.error ? <ErrorMessage>{list.error}</ErrorMessage> : null}
        {list.data ? (
          <ServiceGrid
            services={list.data.services}
            empty={
              filtering ? "Nothing matches: change or clear the filters." : "No application services are configured."
            }
          />
        ) : (
          <Skeleton lines={3} height="h-24" />
        )}
        <Pager list={list} />
      </section>
    </div>
  );
}

export function NotConfigured({ title, what }: { title: string; what: string }) {
  return (
    <section className={panelClass}>
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-2 text-sm">
        {what} is not configured. Add it to the <code>integrations</code> section of the monitoring configuration.
      </p>
    </section>
  );
}

function ServiceGrid({ services, empty }: { services: HealthData["services"]; empty: string }) {
  if (services.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {services.map((service) => (
        <ServiceCard key={service.serviceId} service={service} />
      ))}
    </div>
  );
}
