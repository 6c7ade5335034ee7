// The top card (service-health monitoring): overall health, refresh,
// last update and the next round, the active alerts (open incidents), the
// reverse-proxy (nginx) metrics, and the auto-refresh toggle. Stale, like
// every panel, once the engine has not checked for two of its intervals.
import { RotateCw } from "lucide-react";
import { formatAgo, isStale } from "#shared/monitor/format.ts";
import { OVERALL_TITLE, overallView } from "#shared/monitor/overall-state.ts";
import { ActiveAlerts } from "./active-alerts.tsx";
import { NotConfiguredText } from "./not-configured.tsx";
import { Figures, StatusBadge } from "./badges.tsx";
import type { HealthData, IncidentsData, NginxData } from "./dashboard.server.ts";
import { Panel, panelClass, smallButton, StaleBadge } from "./panel.tsx";
import { fastestInterval } from "./polling.ts";
import { NextCheck } from "./next-check.tsx";
import type { Polled } from "./use-panel-query.ts";
import { useNow } from "./use-now.ts";

function NginxMetrics({ polled }: { polled: Polled<NginxData> }) {
  return (
    <Panel
      id="nginx"
      title="Reverse proxy (nginx)"
      polled={polled}
      skeletonLines={2}
      sampledAt={(data) => data.sampledAt}
      intervalSeconds={polled.data?.intervalSeconds}
    >
      {(data) => (
        <div data-testid="nginx-metrics">
          <Figures
            className="grid-cols-2 sm:grid-cols-4"
            items={[
              ["Status", <StatusBadge key="status" status={data.overall_health} />],
              ["Active connections", data.nginx.active_connections],
              ["Requests/s", data.nginx.requests_per_second],
              ["Requests", data.nginx.server_requests.toLocaleString("en")],
              ["Reading", data.nginx.reading],
              ["Writing", data.nginx.writing],
              ["Waiting", data.nginx.waiting],
              [
                "Accepted / handled",
                `${data.nginx.server_accepts.toLocaleString("en")} / ${data.nginx.server_handled.toLocaleString("en")}`,
              ],
            ]}
          />
        </div>
      )}
    </Panel>
  );
}

export function HealthCard(props: {
  health: Polled<HealthData>;
  incidents: Polled<IncidentsData> | null;
  nginx: Polled<NginxData> | null;
  /** nginx is configured with placeholders only: the card says what to edit in the metrics' place. */
  nginxPlaceholder: boolean;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  onRefresh: () => void;
}) {
  const now = useNow();
  const data = props.health.data;
  const stale = data ? isStale(data.lastCheckedAt, fastestInterval(data), now) : false;
  const overall = overallView(data?.overall.status ?? "unknown", props.incidents?.data?.incidents ?? []);
  return (
    <section aria-labelledby="health-heading" className={`${panelClass} flex flex-col gap-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="health-heading" className="flex items-center gap-2 text-lg font-bold">
          Service Health Monitoring
          <span data-testid="overall-badge">
            <StatusBadge status={overall.status} title={OVERALL_TITLE} />
          </span>
          {stale ? <StaleBadge /> : null}
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            Last updated: {formatAgo(data?.lastCheckedAt, now)}
            {props.autoRefresh && data ? <NextCheck nextCheckAt={data.nextCheckAt} now={now} prefix=" · " /> : null}
          </span>
          <label className="flex cursor-pointer items-center gap-2 font-medium">
            <input
              type="checkbox"
              className="size-4"
              checked={props.autoRefresh}
              onChange={(event) => props.onAutoRefresh(event.target.checked)}
            />
            Auto-refresh
          </label>
          <button type="button" className={smallButton} onClick={props.onRefresh} disabled={props.health.busy}>
            <RotateCw aria-hidden="true" className={`size-4 ${props.health.busy ? "animate-spin" : ""}`} />
            Refresh
          </button>
        </div>
      </div>
      {props.health.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950 dark:text-red-50">
          {props.health.error}
        </p>
      ) : null}
      <ActiveAlerts polled={props.incidents} checked={!!data?.lastCheckedAt} />
      {props.nginx ? <NginxMetrics polled={props.nginx} /> : null}
      {!props.nginx && props.nginxPlaceholder ? (
        <div data-testid="not-configured-nginx">
          <h3 className="text-sm font-bold">Reverse proxy (nginx)</h3>
          <NotConfiguredText what="nginx monitoring" section="nginx" placeholder />
        </div>
      ) : null}
    </section>
  );
}
