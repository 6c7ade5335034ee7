import { Inbox, ListChecks } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { signOut } from "../../admin/auth-client.ts";
import type { AiData, CertificatesData, HaproxyData, HealthData, IncidentsData, MaintenanceData, MaintenanceHistoryData, NginxData } from "../../admin/dashboard/dashboard.server.ts";
import { loadDashboard } from "../../admin/dashboard/dashboard.server.ts";
import { AiServicesPanel } from "../../admin/dashboard/ai-services-panel.tsx";
import { CertificatesPanel } from "../../admin/dashboard/certificates-panel.tsx";
import { DashboardFooter } from "../../admin/dashboard/dashboard-footer.tsx";
import { DashboardHeader } from "../../admin/dashboard/dashboard-header.tsx";
import { HaproxyPanel } from "../../admin/dashboard/haproxy-panel.tsx";
import { HealthCard } from "../../admin/dashboard/health-card.tsx";
import { MaintenanceBanner } from "../../admin/dashboard/maintenance-banner.tsx";
import { MaintenancePanel } from "../../admin/dashboard/maintenance-panel.tsx";
import { MetricsPanel } from "../../admin/dashboard/metrics-panel.tsx";
import { panelClass, Skeleton } from "../../admin/dashboard/panel.tsx";
import { ServiceCard } from "../../admin/dashboard/service-card.tsx";
import { SummaryCards } from "../../admin/dashboard/summary-cards.tsx";
import { Tabs } from "../../admin/dashboard/tabs.tsx";
import { RenderTime } from "../../admin/dashboard/use-now.ts";
import { postJson, usePolled } from "../../admin/dashboard/use-polled.ts";
import { RouteGuard } from "../../admin/route-guard.tsx";
import { currentSession } from "../../admin/session.server.ts";
import { useSessionKeeper } from "../../admin/use-session-keeper.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await currentSession(request, context);
  if (!session) throw redirect("/admin");
  return { user: session.user, ...(await loadDashboard(services)) };
}

export function meta() {
  return [{ title: "Admin Dashboard" }];
}

/** Polling intervals, in seconds: each panel as often as its source changes. */
const SECONDS = { health: 60, maintenance: 30, ai: 120, nginx: 60, haproxy: 30, certificates: 300 } as const;

/** The engine's shortest interval: the default, or a service's own when one checks more often. */
function fastestInterval(health: HealthData): number {
  return health.services.reduce((fastest, service) => Math.min(fastest, service.intervalSeconds), health.intervalSeconds ?? SECONDS.health);
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

function NotConfigured({ title, what }: { title: string; what: string }) {
  return (
    <section className={panelClass}>
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-2 text-sm">
        {what} is not configured. Add it to the <code>integrations</code> section of the monitoring configuration.
      </p>
    </section>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const navigate = useNavigate();
  const toSignIn = useCallback(() => void navigate("/admin", { replace: true }), [navigate]);
  useSessionKeeper(toSignIn);
  const [autoRefresh, setAutoRefresh] = useState(true);

  const every = (seconds: number) => () => (autoRefresh ? seconds * 1000 : null);
  const { configured } = data;
  const health = usePolled<HealthData>({
    url: "/api/admin/services",
    // Until the engine's first cycle has run (a fresh start), look again every few seconds.
    // As often as the engine checks its fastest service (60 s by default), not a fixed minute.
    every: (current) => (!current?.lastCheckedAt ? 3_000 : autoRefresh ? fastestInterval(current) * 1000 : null),
    initial: data.health,
    failure: "Failed to load service health",
  });
  // Active alerts change when the checks do: read them as often.
  const incidents = usePolled<IncidentsData>({ url: "/api/admin/incidents/open", every: every(health.data ? fastestInterval(health.data) : SECONDS.health), enabled: data.monitoring, initial: data.incidents, failure: "Failed to load active alerts" });
  const maintenance = usePolled<MaintenanceData>({ url: "/api/admin/maintenance", every: every(SECONDS.maintenance), initial: data.maintenance, failure: "Failed to load maintenance status" });
  const maintenanceHistory = usePolled<MaintenanceHistoryData>({ url: "/api/admin/maintenance/history", every: every(SECONDS.maintenance), initial: data.maintenanceHistory, failure: "Failed to load maintenance history" });
  const certificates = usePolled<CertificatesData>({ url: "/api/admin/certificates", every: every(SECONDS.certificates), enabled: configured.certificates, initial: data.certificates, failure: "Failed to load certificates" });
  const nginx = usePolled<NginxData>({ url: "/api/admin/nginx", freshUrl: "/api/admin/nginx?refresh=1", every: every(SECONDS.nginx), enabled: configured.nginx, initial: data.nginx, failure: "Failed to load monitoring data" });
  const haproxy = usePolled<HaproxyData>({ url: "/api/admin/haproxy", freshUrl: "/api/admin/haproxy?refresh=1", every: every(SECONDS.haproxy), enabled: configured.haproxy, initial: data.haproxy, failure: "Failed to load HAProxy statistics" });
  const ai = usePolled<AiData>({ url: "/api/admin/ai-services-health", freshUrl: "/api/admin/ai-services-health?refresh=1", every: every(SECONDS.ai), enabled: configured.aiServices, initial: data.ai, failure: "Failed to load AI services health data" });

  const [refreshing, setRefreshing] = useState(false);
  /** Refresh: a new check cycle now, then every panel reads again. */
  const refreshAll = useCallback(async () => {
    setRefreshing(true);
    try {
      const requested = postJson<{ requestedAt?: string }>("/api/admin/services/check");
      const [answer] = await Promise.all([requested, maintenance.refresh(), maintenanceHistory.refresh(), certificates.refresh(), nginx.refresh(true), haproxy.refresh(true), ai.refresh(true)]);
      // The requested round starts within a second and takes a few: read until the engine says it served this request
      // (a round already running when Refresh was pressed may not have seen what changed). At most 60 s.
      const since = answer.body?.requestedAt ? Date.parse(answer.body.requestedAt) : Date.now();
      for (let waited = 0; waited < 60_000; waited += 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const next = await health.refresh();
        if (next?.refreshedAt && Date.parse(next.refreshedAt) >= since) break;
      }
      await incidents.refresh();
    } finally {
      setRefreshing(false);
    }
  }, [health, incidents, maintenance, maintenanceHistory, certificates, nginx, haproxy, ai]);

  const logout = async () => {
    try {
      await signOut();
    } catch (error) {
      // A failed logout is logged, and the visitor is signed out all the same: leaving must always work.
      console.warn("Logout failed", error);
    }
    toSignIn();
  };

  const services = health.data?.services ?? [];
  const tabs = [
      {
        id: "overview",
        label: "System Overview",
        content: () => (
          <div className="flex flex-col gap-4">
            {health.data ? <SummaryCards health={health.data} /> : <Skeleton lines={2} height="h-16" />}
            {health.data ? <MetricsPanel health={health.data} /> : null}
            <div className="flex flex-col gap-4">
              <MaintenancePanel polled={maintenance} history={maintenanceHistory} onChanged={() => void Promise.all([health.refresh(), incidents.refresh()])} />
              {configured.certificates ? <CertificatesPanel polled={certificates} /> : <NotConfigured title="SSL Certificates" what="Certificate monitoring" />}
            </div>
          </div>
        ),
      },
      {
        id: "haproxy",
        label: "HAProxy Stats",
        content: () => (configured.haproxy ? <HaproxyPanel polled={haproxy} /> : <NotConfigured title="HAProxy Stats" what="The HAProxy stats source" />),
      },
      {
        id: "services",
        label: "Services Health",
        content: () => (
          <div className="flex flex-col gap-6">
            <section aria-labelledby="infra-heading">
              <h2 id="infra-heading" className="mb-3 text-lg font-bold">
                Infrastructure Health
              </h2>
              <ServiceGrid services={services.filter((s) => s.serviceId.startsWith("datacenter"))} empty="No infrastructure entries are configured." />
            </section>
            {configured.aiServices ? <AiServicesPanel polled={ai} /> : <NotConfigured title="AI Services Health" what="AI service monitoring" />}
            <section aria-labelledby="apps-heading">
              <h2 id="apps-heading" className="mb-3 text-lg font-bold">
                Application Services
              </h2>
              <ServiceGrid services={services.filter((s) => !s.serviceId.startsWith("datacenter"))} empty="No application services are configured." />
            </section>
          </div>
        ),
      },
  ];

  return (
    <RouteGuard>
      <RenderTime.Provider value={data.renderedAt}>
        <DashboardHeader autoRefresh={autoRefresh} onAutoRefresh={setAutoRefresh} onRefresh={() => void refreshAll()} refreshing={refreshing} onLogout={() => void logout()} />
        <MaintenanceBanner maintenance={maintenance.data} />
        <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
          {!data.monitoring ? (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
              Monitoring is not configured on this server.
            </p>
          ) : null}
          <HealthCard health={health} incidents={data.monitoring ? incidents : null} nginx={configured.nginx ? nginx : null} autoRefresh={autoRefresh} onAutoRefresh={setAutoRefresh} onRefresh={() => void refreshAll()} />
          <nav aria-label="Staff pages" className="flex flex-wrap gap-3 text-sm">
            <Link to="/admin/alerts" className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300">
              <ListChecks aria-hidden="true" className="size-4" />
              Incidents{incidents.data ? ` (${incidents.data.incidents.length} open)` : ""}
            </Link>
            <Link to="/admin/messages" className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300">
              <Inbox aria-hidden="true" className="size-4" />
              Contact inbox ({data.contact.pending} waiting, {data.contact.failed} failed)
            </Link>
            {data.contact.mailConfigured ? null : <span className="text-amber-800 dark:text-amber-300">Mail delivery is not configured (SMTP_URL): contact messages and e-mail alerts wait.</span>}
          </nav>
          <Tabs label="Dashboard sections" tabs={tabs} />
        </main>
        <DashboardFooter health={health.data} autoRefresh={autoRefresh} user={data.user.username} />
      </RenderTime.Provider>
    </RouteGuard>
  );
}
