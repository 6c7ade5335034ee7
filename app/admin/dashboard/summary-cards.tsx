// System Overview's five summary cards.
import { formatAgo } from "#shared/monitor/format.ts";
import { listWords, OVERALL_TITLE, overallView } from "#shared/monitor/overall-state.ts";
import { StatusBadge } from "./badges.tsx";
import type { HealthData, IncidentsData } from "./dashboard.server.ts";
import { NextCheck } from "./next-check.tsx";
import { useNow } from "./use-now.ts";

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
  const now = useNow();
  const { overall } = health;
  const view = overallView(overall.status, incidents?.incidents ?? []);
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5" data-testid="summary-cards">
      <SummaryCard label="Overall Status">
        <span data-testid="overall-status">
          <StatusBadge status={view.status} title={OVERALL_TITLE} />
        </span>
        {view.otherAlerts > 0 ? (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
            {view.otherAlerts} open {view.otherAlerts === 1 ? "alert" : "alerts"} from {listWords(view.otherSources)}
          </span>
        ) : null}
      </SummaryCard>
      <SummaryCard label="Infrastructure">
        {overall.infrastructure.healthy}/{overall.infrastructure.total}
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">servers healthy</span>
      </SummaryCard>
      <SummaryCard label="Applications">
        {overall.applications.healthy}/{overall.applications.total}
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
          {overall.applications.total} services
        </span>
      </SummaryCard>
      <SummaryCard label="Total Endpoints">
        {overall.endpoints.healthy}/{overall.endpoints.total}
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">healthy</span>
      </SummaryCard>
      <SummaryCard label="Last Update">
        {formatAgo(health.lastCheckedAt, now)}
        {autoRefresh ? (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
            <NextCheck nextCheckAt={health.nextCheckAt} now={now} />
          </span>
        ) : null}
      </SummaryCard>
    </div>
  );
}
