// The response-time chart, drawn by uPlot (decision 026): a time axis, a
// value axis from zero, a line per host that breaks at gaps and failures,
// failed checks marked in red (a band over the time they cover and a dot on
// top), and a tooltip with the time and each host's result. uPlot draws on a
// canvas: the figure's name says what it shows, and the table beside it
// reads by keyboard.
import { useEffect, useRef, useSyncExternalStore } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Language } from "#shared/i18n/languages.ts";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { formatDuration } from "#shared/monitor/format.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { describePoint, formatPointTime, pointNear, type ChartSeries, type History } from "./chart-data.ts";

const HEIGHT = 240;
const PALETTES = {
  light: {
    hosts: ["#0284c7", "#7c3aed", "#059669", "#d97706", "#db2777", "#475569"],
    failed: "#dc2626",
    band: "rgb(220, 38, 38)",
    text: "#475569",
    grid: "#e2e8f0",
  },
  dark: {
    hosts: ["#38bdf8", "#a78bfa", "#34d399", "#fbbf24", "#f472b6", "#cbd5e1"],
    failed: "#f87171",
    band: "rgb(248, 113, 113)",
    text: "#cbd5e1",
    grid: "#334155",
  },
} as const;
/** The legend's swatches, in the palettes' order. */
const SWATCHES = [
  "bg-sky-600 dark:bg-sky-400",
  "bg-violet-600 dark:bg-violet-400",
  "bg-emerald-600 dark:bg-emerald-400",
  "bg-amber-600 dark:bg-amber-400",
  "bg-pink-600 dark:bg-pink-400",
  "bg-slate-600 dark:bg-slate-300",
];

function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** Whether the dark theme is on (the canvas needs its colours spelled out). */
function useDarkTheme(): boolean {
  return useSyncExternalStore(
    subscribeToTheme,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}

/** Whether a host's checks are few enough for a dot each (fewer than one per ten pixels). */
function showSparsePoints(chart: uPlot, seriesIndex: number): boolean {
  const values = chart.data[seriesIndex]!;
  let drawn = 0;
  for (let index = 0; index < values.length; index += 1)
    if (values[index] !== null && values[index] !== undefined) drawn += 1;
  return drawn < chart.bbox.width / devicePixelRatio / 10;
}

/** A time-axis label on a 24-hour clock: seconds for short spans, the day for long ones. */
function formatTick(seconds: number, incrementSeconds: number, series: ChartSeries, lang: Language): string {
  const locale = lang === "de" ? "de-DE" : "en-GB";
  const date = new Date(seconds * 1000);
  if (incrementSeconds >= 86_400)
    return date.toLocaleDateString(locale, { weekday: "short", day: "numeric", month: "short" });
  const time = date.toLocaleTimeString(locale, {
    hour: "2-digit",
    minute: "2-digit",
    ...(incrementSeconds < 60 ? { second: "2-digit" } : {}),
  });
  return series.to - series.from > 86_400_000
    ? `${date.toLocaleDateString(locale, { weekday: "short" })} ${time}`
    : time;
}

const aligned = (series: ChartSeries): uPlot.AlignedData => [series.xs, ...series.latency, series.failed];

type Latest = { series: ChartSeries; history: History; lang: Language };

function chartOptions(latest: { current: Latest }, width: number, dark: boolean, tooltip: HTMLElement): uPlot.Options {
  const palette = dark ? PALETTES.dark : PALETTES.light;
  const { series } = latest.current;
  const axis = {
    stroke: palette.text,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.grid, width: 1 },
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      x: { time: true, range: () => [latest.current.series.from / 1000, latest.current.series.to / 1000] },
      ms: { range: (_chart, _min, max) => [0, max !== null && max > 0 ? max * 1.15 : 100] },
      failed: { range: [0, 1.08] },
    },
    axes: [
      {
        ...axis,
        space: 80,
        values: (_chart, splits, _axis, _space, increment) =>
          splits.map((seconds) => formatTick(seconds, increment, latest.current.series, latest.current.lang)),
      },
      {
        ...axis,
        scale: "ms",
        size: 64,
        label: staffText(latest.current.lang, "panels.chart.responseTime"),
        labelSize: 18,
        values: (_chart, splits) => splits.map((value) => formatDuration(value)),
      },
    ],
    series: [
      {},
      ...series.hosts.map((host, index) => ({
        label: host,
        scale: "ms",
        stroke: palette.hosts[index % palette.hosts.length],
        width: 2,
        spanGaps: false,
        // Dots while the checks are few: a lone check between gaps has no line to show it.
        points: { show: showSparsePoints, size: 6, fill: palette.hosts[index % palette.hosts.length] },
      })),
      {
        label: staffText(latest.current.lang, "panels.chart.failedChecks"),
        scale: "failed",
        paths: () => null,
        points: { show: true, size: 8, width: 0, space: 0, fill: palette.failed, stroke: palette.failed },
      },
    ],
    hooks: {
      init: [(chart) => chart.over.append(tooltip)],
      // Under the lines: the time every failed check stands for, shaded across the plot, the darker the larger
      // the share of its checks that failed (one failed check of an hour is not an hour's outage).
      drawAxes: [
        (chart) => {
          const { ctx, bbox, data } = chart;
          const xs = data[0];
          const shares = latest.current.series.failedShare;
          const spanSeconds = latest.current.series.spanMs / 1000;
          const centred = latest.current.history.range === "24h";
          ctx.save();
          ctx.beginPath();
          ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
          ctx.clip();
          ctx.fillStyle = palette.band;
          for (let index = 0; index < xs.length; index += 1) {
            const share = shares[index] ?? 0;
            if (share === 0) continue;
            ctx.globalAlpha = 0.06 + 0.16 * share;
            const start = xs[index]! - (centred ? spanSeconds / 2 : 0);
            const left = chart.valToPos(start, "x", true);
            const right = chart.valToPos(start + spanSeconds, "x", true);
            ctx.fillRect(left, bbox.top, Math.max(right - left, 2 * devicePixelRatio), bbox.height);
          }
          ctx.restore();
        },
      ],
      setCursor: [
        (chart) => {
          const { idx, left, top } = chart.cursor;
          if (idx === null || idx === undefined || left === undefined || left < 0 || top === undefined) {
            tooltip.hidden = true;
            return;
          }
          const current = latest.current;
          const at = chart.data[0][idx]! * 1000;
          const { history, series, lang } = current;
          const lines = series.hosts.map((host) => {
            const point = pointNear(history.hosts[host] ?? [], at, series.spanMs);
            return `${host}: ${describePoint(point, history.range, lang)}`;
          });
          const heading = document.createElement("strong");
          heading.textContent = formatPointTime(at, history.range, lang, { spanMs: series.spanMs });
          tooltip.replaceChildren(
            heading,
            ...lines.map((line) => {
              const row = document.createElement("div");
              row.textContent = line;
              return row;
            }),
          );
          tooltip.hidden = false;
          // Beside the cursor, on the side with room, inside the plot.
          const room = chart.over.clientWidth;
          tooltip.style.left = `${left > room / 2 ? Math.max(0, left - tooltip.offsetWidth - 12) : left + 12}px`;
          const lowest = chart.over.clientHeight - tooltip.offsetHeight;
          tooltip.style.top = `${Math.max(0, Math.min(top - tooltip.offsetHeight / 2, lowest))}px`;
        },
      ],
    },
  };
}

export function ResponseTimeChart({
  history,
  series,
  label,
}: {
  history: History;
  series: ChartSeries;
  label: string;
}) {
  const dark = useDarkTheme();
  const { lang, t } = useStaffText();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef<Latest>({ series, history, lang });
  const hostsKey = series.hosts.join("\n");

  // New data goes into the chart as it is (the cursor and its tooltip stay where they are).
  useEffect(() => {
    latest.current = { series, history, lang };
    chart.current?.setData(aligned(series));
  }, [series, history, lang]);

  // The chart is made again only when what it draws changes: its hosts, the theme, or the language of its labels.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    const tooltip = document.createElement("div");
    tooltip.setAttribute("data-testid", "chart-tooltip");
    tooltip.hidden = true;
    tooltip.className =
      "pointer-events-none absolute z-10 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs " +
      "whitespace-nowrap text-slate-900 shadow dark:border-slate-600 dark:bg-slate-800 dark:text-slate-50";
    // uPlot (about 50 KB) loads with the first chart, not with the dashboard.
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      chart.current = new UPlot(
        chartOptions(latest, element.clientWidth, dark, tooltip),
        aligned(latest.current.series),
        element,
      );
    });
    const resize = new ResizeObserver(() => chart.current?.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      cancelled = true;
      resize.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [hostsKey, dark, lang]);

  return (
    <figure className="min-w-0">
      <div role="img" aria-label={label} ref={container} className="relative w-full" style={{ minHeight: HEIGHT }} />
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {series.hosts.map((host, index) => (
          <span key={host} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block h-0.5 w-4 ${SWATCHES[index % SWATCHES.length]}`} />
            {host}
          </span>
        ))}
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-red-600 dark:bg-red-400" />
          {t("panels.chart.failedCount", { n: series.failedChecks })}
        </span>
        <span>{t("panels.chart.gaps")}</span>
      </figcaption>
    </figure>
  );
}
