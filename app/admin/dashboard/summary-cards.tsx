// System Overview's five summary cards.
import { type StaffTextValue, useStaffText } from "#app/admin/staff-language.tsx";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import { formatAgo } from "#shared/monitor/format.ts";
import { COMPANY_TIME_ZONE } from "#shared/time/zoned-time.ts";
import { listWords, OVERALL_TITLE, overallView } from "#shared/monitor/overall-state.ts";
import { StatusBadge } from "./badges.tsx";
import type { HealthData, IncidentsData } from "./dashboard.server.ts";
import { NextCheck } from "./next-check.tsx";
import { useNow } from "./use-now.ts";

/** The alert sources as overallView names them, in the staff dictionaries (an unknown one keeps its name). */
const SOURCE_KEYS: Record<string, StaffKey> = {
  services: "services.source.services",
  certificates: "services.source.certificates",
  nginx: "services.source.nginx",
  HAProxy: "services.source.haproxy",
  "AI services": "services.source.ai",
};

/** "certificates and HAProxy" ("Zertifikaten und HAProxy"): German joins its list with its own "und". */
function sourceList(sources: readonly string[], { t, lang }: StaffTextValue): string {
  if (lang === "en") return listWords(sources);
  const names = sources.map((source) => (SOURCE_KEYS[source] ? t(SOURCE_KEYS[source]) : source));
  return new Intl.ListFormat("de-DE", { type: "conjunction" }).format(names);
}

function SummaryCard({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
      <div className="mt-1 text-2xl font-bold tabular-nums">{children}</div>
    </div>
  );
}

export function SummaryCards({
  health,
  incidents,
  autoRefresh,
}: {
  health: HealthData;
  incidents: IncidentsData | undefined;
  autoRefresh: boolean;
}) {
  const text = useStaffText();
  const { t, lang } = text;
  const now = useNow();
  const { overall } = health;
  const view = overallView(overall.status, incidents?.incidents ?? []);
  const alertsKey = view.otherAlerts === 1 ? "services.summary.otherAlerts.one" : "services.summary.otherAlerts.other";
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5" data-testid="summary-cards">
      <SummaryCard label={t("services.summary.overall")}>
        <span data-testid="overall-status">
          <StatusBadge status={view.status} title={OVERALL_TITLE} />
        </span>
        {view.otherAlerts > 0 ? (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
            {t(alertsKey, { n: view.otherAlerts, sources: sourceList(view.otherSources, text) })}
          </span>
        ) : null}
      </SummaryCard>
      <SummaryCard label={t("services.summary.infrastructure")}>
        {overall.infrastructure.healthy}/{overall.infrastructure.total}
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
          {t("services.summary.serversHealthy")}
        </span>
      </SummaryCard>
      <SummaryCard label={t("services.summary.applications")}>
        {overall.applications.healthy}/{overall.applications.total}
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
          {t(overall.applications.total === 1 ? "services.summary.services.one" : "services.summary.services.other", {
            n: overall.applications.total,
          })}
        </span>
      </SummaryCard>
      <SummaryCard label={t("services.summary.endpoints")}>
        {overall.endpoints.healthy}/{overall.endpoints.total}
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
          {t("services.summary.healthy")}
        </span>
      </SummaryCard>
      <SummaryCard label={t("services.summary.lastUpdate")}>
        {formatAgo(health.lastCheckedAt, now, COMPANY_TIME_ZONE, lang)}
        {autoRefresh ? (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
            <NextCheck nextCheckAt={health.nextCheckAt} now={now} />
          </span>
        ) : null}
      </SummaryCard>
    </div>
  );
}
