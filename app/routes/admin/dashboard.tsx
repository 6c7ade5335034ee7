import { QueryClientProvider } from "@tanstack/react-query";
import { Inbox, ListChecks } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { signOut } from "#app/admin/auth-client.ts";
import type { HealthData } from "#app/admin/dashboard/dashboard.server.ts";
import { loadDashboard } from "#app/admin/dashboard/dashboard.server.ts";
import { AiServicesPanel } from "#app/admin/dashboard/ai-services-panel.tsx";
import { CertificatesPanel } from "#app/admin/dashboard/certificates-panel.tsx";
import { DashboardFooter } from "#app/admin/dashboard/dashboard-footer.tsx";
import { DashboardHeader } from "#app/admin/dashboard/dashboard-header.tsx";
import { HaproxyPanel } from "#app/admin/dashboard/haproxy-panel.tsx";
import { HealthCard } from "#app/admin/dashboard/health-card.tsx";
import { ConfigurationNotice } from "#app/admin/dashboard/configuration-notice.tsx";
import { MaintenanceBanner } from "#app/admin/dashboard/maintenance-banner.tsx";
import { MaintenancePanel } from "#app/admin/dashboard/maintenance-panel.tsx";
import { MetricsPanel } from "#app/admin/dashboard/metrics-panel.tsx";
import { panelClass, Skeleton } from "#app/admin/dashboard/panel.tsx";
import { ServiceCard } from "#app/admin/dashboard/service-card.tsx";
import { SummaryCards } from "#app/admin/dashboard/summary-cards.tsx";
import { Tabs } from "#app/admin/dashboard/tabs.tsx";
import { RenderTime } from "#app/admin/dashboard/use-now.ts";
import { createDashboardQueryClient } from "#app/admin/dashboard/query-client.ts";
import { useDashboardData } from "#app/admin/dashboard/use-dashboard-data.ts";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { currentSession } from "#app/admin/session.server.ts";
import { useSessionKeeper } from "#app/admin/use-session-keeper.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await currentSession(request, context);
  if (!session) throw redirect("/admin");
  return { user: session.user, ...(await loadDashboard(services)) };
}

export function meta() {
  return [{ title: "Admin Dashboard" }];
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
  const [queryClient] = useState(createDashboardQueryClient);
  const navigate = useNavigate();
  const toSignIn = useCallback(() => void navigate("/admin", { replace: true }), [navigate]);
  useSessionKeeper(toSignIn);
  return (
    <QueryClientProvider client={queryClient}>
      <RouteGuard>
        <RenderTime.Provider value={loaderData.renderedAt}>
          <Dashboard data={loaderData} toSignIn={toSignIn} />
        </RenderTime.Provider>
      </RouteGuard>
    </QueryClientProvider>
  );
}

function Dashboard({ data, toSignIn }: { data: Route.ComponentProps["loaderData"]; toSignIn: () => void }) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const { configured } = data;
  const {
    health,
    incidents,
    configuration,
    maintenance,
    maintenanceHistory,
    certificates,
    nginx,
    haproxy,
    ai,
    refreshAll,
    refreshing,
  } = useDashboardData(data, autoRefresh);

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
          {configured.certificates ? (
            <CertificatesPanel polled={certificates} />
          ) : (
            <NotConfigured title="SSL Certificates" what="Certificate monitoring" />
          )}
        </div>
      ),
    },
    {
      id: "haproxy",
      label: "HAProxy Stats",
      content: () =>
        configured.haproxy ? (
          <HaproxyPanel polled={haproxy} />
        ) : (
          <NotConfigured title="HAProxy Stats" what="The HAProxy stats source" />
        ),
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
            <ServiceGrid
              services={services.filter((s) => s.serviceId.startsWith("datacenter"))}
              empty="No infrastructure entries are configured."
            />
          </section>
          {configured.aiServices ? (
            <AiServicesPanel polled={ai} />
          ) : (
            <NotConfigured title="AI Services Health" what="AI service monitoring" />
          )}
          <section aria-labelledby="apps-heading">
            <h2 id="apps-heading" className="mb-3 text-lg font-bold">
              Application Services
            </h2>
            <ServiceGrid
              services={services.filter((s) => !s.serviceId.startsWith("datacenter"))}
              empty="No application services are configured."
            />
          </section>
        </div>
      ),
    },
  ];

  return (
    <>
      <DashboardHeader
        autoRefresh={autoRefresh}
        onAutoRefresh={setAutoRefresh}
        onRefresh={() => void refreshAll()}
        refreshing={refreshing}
        onLogout={() => void logout()}
      />
      <MaintenanceBanner maintenance={maintenance.data} />
      <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
        {!data.monitoring ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            Monitoring is not configured on this server.
          </p>
        ) : null}
        {configuration.data ? <ConfigurationNotice configuration={configuration.data} /> : null}
        <HealthCard
          health={health}
          incidents={data.monitoring ? incidents : null}
          nginx={configured.nginx ? nginx : null}
          autoRefresh={autoRefresh}
          onAutoRefresh={setAutoRefresh}
          onRefresh={() => void refreshAll()}
        />
        <nav aria-label="Staff pages" className="flex flex-wrap gap-3 text-sm">
          <Link
            to="/admin/alerts"
            className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300"
          >
            <ListChecks aria-hidden="true" className="size-4" />
            Incidents{incidents.data ? ` (${incidents.data.incidents.length} open)` : ""}
          </Link>
          <Link
            to="/admin/messages"
            className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300"
          >
            <Inbox aria-hidden="true" className="size-4" />
            Contact inbox ({data.contact.pending} waiting, {data.contact.failed} failed)
          </Link>
          {data.contact.mailConfigured ? null : (
            <span className="text-amber-800 dark:text-amber-300">
              Mail delivery is not configured (SMTP_URL): contact messages and e-mail alerts wait.
            </span>
          )}
        </nav>
        <Tabs label="Dashboard sections" tabs={tabs} />
      </main>
      <DashboardFooter health={health.data} autoRefresh={autoRefresh} user={data.user.username} />
    </>
  );
}
