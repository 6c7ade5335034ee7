import { may, type Permission } from "#shared/auth/permissions.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { History, Inbox, ListChecks, Mail, UserCog, Users } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, useNavigate } from "react-router";
import { signOut } from "#app/admin/auth-client.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { IncidentsData } from "#app/admin/dashboard/dashboard.server.ts";
import { loadDashboard } from "#app/admin/dashboard/dashboard.server.ts";
import { DashboardFooter } from "#app/admin/dashboard/dashboard-footer.tsx";
import { OverviewTab, ServicesTab } from "#app/admin/dashboard/dashboard-tabs.tsx";
import { locationsOf } from "#app/admin/dashboard/locations-panel.tsx";
import { NotConfigured } from "#app/admin/dashboard/not-configured.tsx";
import { DashboardHeader } from "#app/admin/dashboard/dashboard-header.tsx";
import { HaproxyPanel } from "#app/admin/dashboard/haproxy-panel.tsx";
import { HealthCard } from "#app/admin/dashboard/health-card.tsx";
import { ConfigurationNotice } from "#app/admin/dashboard/configuration-notice.tsx";
import { MaintenanceBanner } from "#app/admin/dashboard/maintenance-banner.tsx";
import { Tabs } from "#app/admin/dashboard/tabs.tsx";
import { RenderTime } from "#app/admin/dashboard/use-now.ts";
import { createDashboardQueryClient } from "#app/admin/dashboard/query-client.ts";
import { useDashboardData } from "#app/admin/dashboard/use-dashboard-data.ts";
import { RouteGuard } from "#app/admin/route-guard.tsx";
import { StaffRole } from "#app/admin/staff-role.tsx";
import { requirePermission } from "#app/admin/session.server.ts";
import { useSessionKeeper } from "#app/admin/use-session-keeper.ts";
import type { Route } from "./+types/dashboard";

/** What a staff member needs to open this page (declared by every staff page, checked by a test). */
export const permission: Permission = "dashboard:read";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await requirePermission(request, context, permission);
  return { user: session.user, ...(await loadDashboard(services, new URL(request.url).searchParams)) };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(createDashboardQueryClient);
  const navigate = useNavigate();
  const toSignIn = useCallback(() => void navigate("/admin", { replace: true }), [navigate]);
  useSessionKeeper(toSignIn);
  return (
    <QueryClientProvider client={queryClient}>
      <RouteGuard>
        <StaffRole.Provider value={loaderData.user.role}>
          <RenderTime.Provider value={loaderData.renderedAt}>
            <Dashboard data={loaderData} toSignIn={toSignIn} />
          </RenderTime.Provider>
        </StaffRole.Provider>
      </RouteGuard>
    </QueryClientProvider>
  );
}

function Dashboard({ data, toSignIn }: { data: Route.ComponentProps["loaderData"]; toSignIn: () => void }) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const { t } = useStaffText();
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

  const tabs = [
    {
      id: "overview",
      label: t("panels.tab.overview"),
      content: () => (
        <OverviewTab
          health={health}
          incidents={incidents}
          maintenance={maintenance}
          maintenanceHistory={maintenanceHistory}
          certificates={certificates}
          certificatesConfigured={configured.certificates}
          placeholders={data.placeholders}
          autoRefresh={autoRefresh}
          metricsList={data.metricsList}
        />
      ),
    },
    {
      id: "haproxy",
      label: t("panels.haproxy.title"),
      content: () =>
        configured.haproxy ? (
          <HaproxyPanel polled={haproxy} />
        ) : (
          <NotConfigured title={t("panels.haproxy.title")} section="haproxy" placeholder={data.placeholders.haproxy} />
        ),
    },
    {
      id: "services",
      label: t("panels.tab.services"),
      content: () => (
        <ServicesTab
          infrastructure={health.data?.services ?? []}
          lastCheckedAt={health.data?.lastCheckedAt}
          firstList={data.serviceList}
          ai={ai}
          aiConfigured={configured.aiServices}
          incidents={incidents.data}
          placeholders={data.placeholders}
          locations={locationsOf(health.data)}
        />
      ),
    },
  ];

  return (
    <>
      <title>{t("panels.title")}</title>
      <DashboardHeader
        autoRefresh={autoRefresh}
        onAutoRefresh={setAutoRefresh}
        onRefresh={() => void refreshAll()}
        refreshing={refreshing}
        onLogout={() => void logout()}
        hosts={Object.keys(health.data?.facets.hosts ?? {})}
      />
      <MaintenanceBanner maintenance={maintenance.data} />
      <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
        {!data.monitoring ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            {t("panels.noMonitoring")}
          </p>
        ) : null}
        {configuration.data ? <ConfigurationNotice configuration={configuration.data} /> : null}
        <HealthCard
          health={health}
          incidents={data.monitoring ? incidents : null}
          nginx={configured.nginx ? nginx : null}
          nginxPlaceholder={data.placeholders.nginx}
          autoRefresh={autoRefresh}
          onAutoRefresh={setAutoRefresh}
          onRefresh={() => void refreshAll()}
        />
        <StaffLinks
          incidents={incidents.data}
          contact={data.contact}
          audit={may(data.user.role, "audit:read")}
          subscribers={may(data.user.role, "subscribers:manage")}
          staff={may(data.user.role, "staff:manage")}
        />
        <Tabs label={t("panels.sections")} tabs={tabs} />
      </main>
      <DashboardFooter health={health.data} autoRefresh={autoRefresh} user={data.user.username} />
    </>
  );
}

const staffLink = "inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300";

/** Links to the incident history and the contact inbox, with what waits in each, and to the staff pages. */
function StaffLinks({
  incidents,
  contact,
  audit,
  subscribers,
  staff,
}: {
  incidents: IncidentsData | undefined;
  contact: Route.ComponentProps["loaderData"]["contact"];
  /** The role may read the audit trail (the owner). */ audit: boolean;
  /** The role may see and remove status page subscribers (the owner). */ subscribers: boolean;
  /** The role may manage the team (the owner). */ staff: boolean;
}) {
  const { t } = useStaffText();
  return (
    <nav aria-label={t("panels.links.label")} className="flex flex-wrap gap-3 text-sm">
      <Link
        to="/admin/alerts"
        className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300"
      >
        <ListChecks aria-hidden="true" className="size-4" />
        {incidents ? t("panels.links.incidentsOpen", { n: incidents.incidents.length }) : t("panels.links.incidents")}
      </Link>
      <Link
        to="/admin/messages"
        className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300"
      >
        <Inbox aria-hidden="true" className="size-4" />
        {t("panels.links.inbox", { pending: contact.pending, failed: contact.failed })}
      </Link>
      {audit ? (
        <Link
          to="/admin/audit"
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-300"
        >
          <History aria-hidden="true" className="size-4" />
          {t("audit.title")}
        </Link>
      ) : null}
      {subscribers ? (
        <Link to="/admin/subscribers" className={staffLink}>
          <Mail aria-hidden="true" className="size-4" />
          {t("panels.links.subscribers")}
        </Link>
      ) : null}
      {staff ? (
        <Link to="/admin/staff" className={staffLink}>
          <Users aria-hidden="true" className="size-4" />
          {t("panels.links.staff")}
        </Link>
      ) : null}
      <Link to="/admin/account" className={staffLink}>
        <UserCog aria-hidden="true" className="size-4" />
        {t("panels.links.account")}
      </Link>
      {contact.mailConfigured ? null : (
        <span className="text-amber-800 dark:text-amber-300">{t("panels.links.noMail")}</span>
      )}
    </nav>
  );
}
