// The top card (service-health monitoring): overall health, refresh,
// last update and the next round, the active alerts (open incidents), the
// reverse-proxy (nginx) metrics, and the auto-refresh toggle. Stale, like
// every panel, once the engine has not checked for two of its intervals.
import { RotateCw } from "lucide-react";
import { isStale } from "#shared/monitor/format.ts";
import { overallTitle, overallView } from "#shared/monitor/overall-state.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { ActiveAlerts } from "./active-alerts.tsx";
import { NotConfiguredText } from "./not-configured.tsx";
import { Figures, StatusBadge } from "./badges.tsx";
import type { HealthData, IncidentsData, NginxData } from "./dashboard.server.ts";
import { Panel, panelClass, smallButton, StaleBadge, useAgo } from "./panel.tsx";
import { fastestInterval } from "./polling.ts";
import { NextCheck } from "./next-check.tsx";
import type { Polled } from "./use-panel-query.ts";
import { useNow } from "./use-now.ts";

function NginxMetrics({ polled }: { polled: Polled<NginxData> }) {
  const { lang, t } = useStaffText();
  const locale = lang === "de" ? "de-DE" : "en-GB";
  return (
    <Panel
      id="nginx"
      title={t("panels.nginx.title")}
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
              [t("panels.status"), <StatusBadge key="status" status={data.overall_health} />],
              [t("panels.nginx.active"), data.nginx.active_connections],
              [t("panels.nginx.perSecond"), data.nginx.requests_per_second],
              [t("panels.nginx.requests"), data.nginx.server_requests.toLocaleString(locale)],
              [t("panels.nginx.reading"), data.nginx.reading],
              [t("panels.nginx.writing"), data.nginx.writing],
              [t("panels.nginx.waiting"), data.nginx.waiting],
              [
                t("panels.nginx.accepted"),
                `${data.nginx.server_accepts.toLocaleString(locale)} / ` +
                  data.nginx.server_handled.toLocaleString(locale),
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
  const ago = useAgo();
  const { lang, t } = useStaffText();
  const data = props.health.data;
  const stale = data ? isStale(data.lastCheckedAt, fastestInterval(data), now) : false;
  const overall = overallView(data?.overall.status ?? "unknown", props.incidents?.data?.incidents ?? [], lang);
  return (
    <section aria-labelledby="health-heading" className={`${panelClass} flex flex-col gap-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="health-heading" className="flex items-center gap-2 text-lg font-bold">
          {t("panels.health.title")}
          <span data-testid="overall-badge">
            <StatusBadge status={overall.status} title={overallTitle(lang)} />
          </span>
          {stale ? <StaleBadge /> : null}
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            {t("panels.health.lastUpdated", { ago: ago(data?.lastCheckedAt, now) })}
            {props.autoRefresh && data ? <NextCheck nextCheckAt={data.nextCheckAt} now={now} prefix=" · " /> : null}
          </span>
          <label className="flex cursor-pointer items-center gap-2 font-medium">
            <input
              type="checkbox"
              className="size-4"
              checked={props.autoRefresh}
              onChange={(event) => props.onAutoRefresh(event.target.checked)}
            />
            {t("panels.autoRefresh")}
          </label>
          <button type="button" className={smallButton} onClick={props.onRefresh} disabled={props.health.busy}>
            <RotateCw aria-hidden="true" className={`size-4 ${props.health.busy ? "animate-spin" : ""}`} />
            {t("panels.refresh")}
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
          <h3 className="text-sm font-bold">{t("panels.nginx.title")}</h3>
          <NotConfiguredText section="nginx" placeholder />
        </div>
      ) : null}
    </section>
  );
}
