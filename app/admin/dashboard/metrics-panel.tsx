// Advanced metrics: the response time of one service over 24 h, 7 d or 30 d
// (a line per host, failures marked), the same as a table on request, and
// the uptime of a page of services over the three ranges (found by a search,
// the worst first). The chart's data loads when it is shown, one service at a
// time, and again after each round.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import { chartSeries, chartSummary, RANGES, type History, type HistoryRange } from "./chart-data.ts";
import { ChartTable } from "./chart-table.tsx";
import { ErrorMessage } from "#app/admin/fields.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { DashboardData, HealthData, ServiceData } from "./dashboard.server.ts";
import { panelClass, Skeleton, smallButton } from "./panel.tsx";
import { ResponseTimeChart } from "./response-time-chart.tsx";
import { getJson } from "./staff-api.ts";
import { METRICS_PAGE_SIZE, metricsListUrl } from "./service-filters.ts";
import { ListSummary, Pager } from "./service-finder.tsx";
import { UptimeTable } from "./uptime-table.tsx";
import { useServicePage, useTypingPause } from "./use-service-list.ts";

const fieldClass =
  "min-h-9 max-w-full rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800";

/**
 * The services to choose from and the uptime table: a page of what the search finds, the worst first, so the panel
 * stays a few hundred DOM nodes however large the fleet; and the service chosen.
 */
function useServiceChoice(health: HealthData, firstList: DashboardData["metricsList"]) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const list = useServicePage(metricsListUrl(useTypingPause(search), page), firstList, health.lastCheckedAt);
  const found = list.data?.services ?? [];
  const [chosen, setChosen] = useState<ServiceData | undefined>();
  // Until one is chosen, the worst application service checked so far when the panel first had a list (one never
  // checked has no chart yet; infrastructure entries have none of their own); kept, so the chart does not jump when
  // states change.
  const applications = found.filter((s) => s.reliabilityProfile !== "infrastructure");
  const first = applications.find((s) => s.status !== "unknown") ?? applications[0] ?? found[0];
  if (!chosen && first) setChosen(first);
  const service = chosen ?? first;
  // The chosen service stays offered when the search no longer finds it, so the choice shown is the chart shown.
  const options = service && !found.some((s) => s.serviceId === service.serviceId) ? [service, ...found] : found;
  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  return { search, onSearch, page, setPage, list, options, service, setChosen };
}

export function MetricsPanel({ health, firstList }: { health: HealthData; firstList: DashboardData["metricsList"] }) {
  const { search, onSearch, page, setPage, list, options, service, setChosen } = useServiceChoice(health, firstList);
  const serviceId = service?.serviceId ?? "";
  const [range, setRange] = useState<HistoryRange>("24h");
  const [showTable, setShowTable] = useState(false);
  const intervalSeconds = service?.intervalSeconds ?? health.intervalSeconds ?? 60;
  const { lang, t } = useStaffText();
  const query = useQuery({
    // A new round adds checks: read again when one lands.
    queryKey: ["history", serviceId, range, health.lastCheckedAt, lang],
    queryFn: async () => {
      const history = await getJson<History>(
        `/api/admin/services/${encodeURIComponent(serviceId)}/history?range=${range}`,
        t("panels.metrics.historyFailed"),
        lang,
      );
      return { history, series: chartSeries(history, intervalSeconds, Date.now()) };
    },
    enabled: serviceId !== "",
    placeholderData: keepPreviousData,
    // Only the newest answer is of use (a day of raw checks each): older ones are not kept.
    gcTime: 0,
  });
  const current =
    query.data && query.data.history.serviceId === serviceId && query.data.history.range === range
      ? query.data
      : undefined;
  const shown = current?.history;
  const series = current?.series;
  const label = shown && series && service ? chartSummary(service.serviceName, range, series, lang) : "";
  const tableLabel = service ? t(TABLE_LABELS[range], { name: service.serviceName }) : "";

  return (
    <section aria-labelledby="metrics-heading" className={panelClass}>
      <h2 id="metrics-heading" className="mb-3 text-lg font-bold">
        {t("panels.metrics.title")}
      </h2>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-col text-sm font-medium">
          {t("panels.metrics.find")}
          <input
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder={t("panels.metrics.findPlaceholder")}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            className={`mt-1 ${fieldClass}`}
          />
        </label>
        <label className="flex min-w-0 flex-col text-sm font-medium">
          {t("panels.metrics.service")}
          <select
            value={serviceId}
            onChange={(event) => setChosen(options.find((option) => option.serviceId === event.target.value))}
            className={`mt-1 ${fieldClass}`}
          >
            {options.map((option) => (
              <option key={option.serviceId} value={option.serviceId}>
                {option.serviceName}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={t("panels.metrics.range")} className="flex gap-1">
          {RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={range === option}
              onClick={() => setRange(option)}
              className={
                `${smallButton} aria-pressed:bg-slate-800 aria-pressed:text-white ` +
                `dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900`
              }
            >
              {option}
            </button>
          ))}
        </div>
      </div>
      <div className="min-h-64">
        {query.error && !shown ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {query.error.message}
          </p>
        ) : shown && series ? (
          series.checks === 0 ? (
            <p className="flex h-60 items-center justify-center text-sm text-slate-600 dark:text-slate-300">
              {t("panels.metrics.noChecks")}
            </p>
          ) : (
            <ResponseTimeChart history={shown} series={series} label={label} />
          )
        ) : (
          <Skeleton lines={5} height="h-8" />
        )}
      </div>
      {shown ? (
        <div className="mt-2">
          <button
            type="button"
            className={smallButton}
            aria-expanded={showTable}
            aria-controls="metrics-table"
            onClick={() => setShowTable(!showTable)}
          >
            {showTable ? t("panels.metrics.hideTable") : t("panels.metrics.showTable")}
          </button>
          <div id="metrics-table">{showTable ? <ChartTable history={shown} label={tableLabel} /> : null}</div>
        </div>
      ) : null}
      <UptimeSection list={list} page={page} onPage={setPage} />
    </section>
  );
}

/** The table's name per range: its rows are hours, six hours or days. */
const TABLE_LABELS: Record<HistoryRange, StaffKey> = {
  "24h": "panels.metrics.table24h",
  "7d": "panels.metrics.table7d",
  "30d": "panels.metrics.table30d",
};

function UptimeSection({
  list,
  page,
  onPage,
}: {
  list: ReturnType<typeof useServicePage>;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="mt-4 flex flex-col gap-2">
      <ListSummary data={list.data} busy={list.isFetching} size={METRICS_PAGE_SIZE} />
      {list.error ? <ErrorMessage>{list.error.message}</ErrorMessage> : null}
      <UptimeTable services={list.data?.services ?? []} />
      <Pager total={list.data?.total} page={page} onPage={onPage} label="Uptime table pages" size={METRICS_PAGE_SIZE} />
    </div>
  );
}
