// Every panel's data on the dashboard, and Refresh: a check of every service
// now, then every panel read again.
import { useCallback, useEffect, useRef, useState } from "react";
import type {
  AiData,
  CertificatesData,
  ConfigurationData,
  DashboardData,
  HaproxyData,
  HealthData,
  IncidentsData,
  MaintenanceData,
  MaintenanceHistoryData,
  NginxData,
} from "./dashboard.server.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { useMay } from "#app/admin/staff-role.tsx";
import { ALWAYS_POLLED, fastestInterval, nextHealthRead, POLL_SECONDS } from "./polling.ts";
import { HEALTH_URL } from "./service-filters.ts";
import { postJson } from "./staff-api.ts";
import { type Polled, usePanelQuery } from "./use-panel-query.ts";

/** How long Refresh waits for the engine to serve it. */
const REFRESH_WAIT_MS = 60_000;

export function useDashboardData(data: DashboardData, autoRefresh: boolean) {
  const { configured } = data;
  const { t } = useStaffText();
  const every = (panel: keyof typeof POLL_SECONDS) => () =>
    autoRefresh || ALWAYS_POLLED.has(panel) ? POLL_SECONDS[panel] * 1000 : null;
  const health = usePanelQuery<HealthData>({
    url: HEALTH_URL,
    // Before the first round, look again every few seconds whatever the switch says: there is nothing to show yet.
    every: (current, updatedAt) =>
      autoRefresh || !current?.lastCheckedAt ? nextHealthRead(current, updatedAt, Date.now()) : null,
    initial: data.health,
    failure: t("services.failed.health"),
    revalidate: true,
  });
  const checksEvery = health.data ? fastestInterval(health.data) : POLL_SECONDS.health;
  const incidents = usePanelQuery<IncidentsData>({
    url: "/api/admin/incidents/open",
    every: () => (autoRefresh ? checksEvery * 1000 : null),
    enabled: data.monitoring,
    initial: data.incidents,
    failure: t("services.failed.alerts"),
  });
  const configuration = usePanelQuery<ConfigurationData>({
    url: "/api/admin/monitoring-configuration",
    every: every("configuration"),
    enabled: data.monitoring,
    initial: data.configuration,
    failure: t("services.failed.configuration"),
  });
  const maintenance = usePanelQuery<MaintenanceData>({
    url: "/api/admin/maintenance",
    every: every("maintenance"),
    initial: data.maintenance,
    failure: t("services.failed.maintenance"),
  });
  const maintenanceHistory = usePanelQuery<MaintenanceHistoryData>({
    url: "/api/admin/maintenance/history",
    every: every("maintenance"),
    initial: data.maintenanceHistory,
    failure: t("services.failed.maintenanceHistory"),
  });
  const certificates = usePanelQuery<CertificatesData>({
    url: "/api/admin/certificates",
    every: every("certificates"),
    enabled: configured.certificates,
    initial: data.certificates,
    failure: t("services.failed.certificates"),
  });
  const nginx = usePanelQuery<NginxData>({
    url: "/api/admin/nginx",
    freshUrl: "/api/admin/nginx?refresh=1",
    every: every("nginx"),
    enabled: configured.nginx,
    initial: data.nginx,
    failure: t("services.failed.nginx"),
  });
  const haproxy = usePanelQuery<HaproxyData>({
    url: "/api/admin/haproxy",
    freshUrl: "/api/admin/haproxy?refresh=1",
    every: every("haproxy"),
    enabled: configured.haproxy,
    initial: data.haproxy,
    failure: t("services.failed.haproxy"),
  });
  const ai = usePanelQuery<AiData>({
    url: "/api/admin/ai-services-health",
    freshUrl: "/api/admin/ai-services-health?refresh=1",
    every: every("ai"),
    enabled: configured.aiServices,
    initial: data.ai,
    failure: t("services.failed.ai"),
  });

  const panels: DashboardPanels = {
    health,
    incidents,
    configuration,
    maintenance,
    maintenanceHistory,
    certificates,
    nginx,
    haproxy,
    ai,
  };
  useIncidentsReadEachRound(health.data?.lastCheckedAt, incidents.refresh);
  const { refreshAll, refreshing } = useRefreshAll(panels);
  return { ...panels, refreshAll, refreshing };
}

type DashboardPanels = {
  health: Polled<HealthData>;
  incidents: Polled<IncidentsData>;
  configuration: Polled<ConfigurationData>;
  maintenance: Polled<MaintenanceData>;
  maintenanceHistory: Polled<MaintenanceHistoryData>;
  certificates: Polled<CertificatesData>;
  nginx: Polled<NginxData>;
  haproxy: Polled<HaproxyData>;
  ai: Polled<AiData>;
};

/** A new round may open or resolve incidents: read them when it lands, not a round later. */
function useIncidentsReadEachRound(lastCheckedAt: string | null | undefined, refreshIncidents: () => Promise<unknown>) {
  const seenRound = useRef(lastCheckedAt);
  useEffect(() => {
    if (lastCheckedAt === seenRound.current) return;
    seenRound.current = lastCheckedAt;
    void refreshIncidents();
  }, [lastCheckedAt, refreshIncidents]);
}

/** Refresh: a check of every service now, every other panel read again, then health until that check has landed. */
function useRefreshAll(panels: DashboardPanels) {
  const { health, incidents, configuration, maintenance, maintenanceHistory, certificates, nginx, haproxy, ai } =
    panels;
  const [refreshing, setRefreshing] = useState(false);
  // A viewer's Refresh reads every panel again; only a role that may run checks asks for a round now.
  const mayCheck = useMay("checks:refresh");
  const refreshAll = useCallback(async () => {
    setRefreshing(true);
    try {
      const requested = mayCheck
        ? postJson<{ requestedAt?: string }>("/api/admin/services/check")
        : Promise.resolve(undefined);
      const [answer] = await Promise.all([
        requested,
        configuration.refresh(),
        maintenance.refresh(),
        maintenanceHistory.refresh(),
        certificates.refresh(),
        nginx.refresh(true),
        haproxy.refresh(true),
        ai.refresh(true),
      ]);
      // The requested round starts within a second and takes a few: read until the engine says it served this request
      // (a round already running when Refresh was pressed may not have seen what changed).
      const since = answer?.body?.requestedAt ? Date.parse(answer.body.requestedAt) : Date.now();
      if (!mayCheck) await health.refresh();
      for (let waited = 0; mayCheck && waited < REFRESH_WAIT_MS; waited += 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const next = await health.refresh();
        if (next?.refreshedAt && Date.parse(next.refreshedAt) >= since) break;
      }
      await incidents.refresh();
    } finally {
      setRefreshing(false);
    }
  }, [health, incidents, configuration, maintenance, maintenanceHistory, certificates, nginx, haproxy, ai, mayCheck]);

  return { refreshAll, refreshing };
}
