// A service's history as the response-time chart and its table read it. The
// line of a host breaks where it has no checks (a gap stays a gap, never a
// straight line across it) and where a check failed (a fast 503 is an
// outage, not a low response time); failed checks are marked on their own.
import type { Language } from "#shared/i18n/languages.ts";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { formatDuration } from "#shared/monitor/format.ts";
import { listWords } from "#shared/monitor/overall-state.ts";
import { dayOf, startOfDay } from "#shared/time/start-of-day.ts";

export type HistoryPoint = {
  at: number;
  checks: number;
  failures: number;
  meanMs: number | null;
  p95Ms: number | null;
};
export type HistoryRange = "24h" | "7d" | "30d";
export type History = { serviceId: string; range: HistoryRange; hosts: Record<string, HistoryPoint[]> };

export const RANGES: readonly HistoryRange[] = ["24h", "7d", "30d"];
export const RANGE_LABELS: Record<HistoryRange, string> = { "24h": "24 h", "7d": "7 d", "30d": "30 d" };
const RANGE_MS: Record<HistoryRange, number> = {
  "24h": 24 * 3_600_000,
  "7d": 7 * 24 * 3_600_000,
  "30d": 30 * 24 * 3_600_000,
};
const HOUR_MS = 3_600_000;
/** The table's rows: an hour of 24 h, six of 7 d, a day of 30 d. */
const ROW_MS: Record<HistoryRange, number> = { "24h": HOUR_MS, "7d": 6 * HOUR_MS, "30d": 24 * HOUR_MS };

export type ChartSeries = {
  hosts: string[];
  /** Seconds (uPlot's time unit): every host's points, and where a line breaks. */
  xs: number[];
  /**
   * Per host, the mean response time at each x: a number, null where its line
   * breaks (no checks, or the checks failed), undefined where it has no point
   * of its own (the line goes on to its next one).
   */
  latency: (number | null | undefined)[][];
  /** 1 where some host failed a check, else null. */
  failed: (number | null)[];
  /** The largest share of failed checks of any host at each x (0 to 1): how dark its band is drawn. */
  failedShare: number[];
  /** Milliseconds each point stands for: one check interval for 24 h, an hour otherwise. */
  spanMs: number;
  /** The time axis, in ms: from the first check in the range (or the range's start) to now. */
  from: number;
  to: number;
  checks: number;
  failedChecks: number;
  peakMs: number | null;
};

/** Milliseconds each point stands for. */
export function pointSpanMs(range: HistoryRange, intervalSeconds: number): number {
  return range === "24h" ? intervalSeconds * 1000 : HOUR_MS;
}

/** A point's response time for the line: null where it has none of its own (every check failed). */
const lineValue = (point: HistoryPoint) => (point.failures >= point.checks ? null : point.meanMs);

export function chartSeries(history: History, intervalSeconds: number, now: number): ChartSeries {
  const hosts = Object.keys(history.hosts);
  const spanMs = pointSpanMs(history.range, intervalSeconds);
  // Checks of one round are spread over part of it, so raw points lie up to one and a half intervals apart.
  const gapMs = history.range === "24h" ? spanMs * 2.5 : spanMs * 1.5;
  const perHost = hosts.map((host) => {
    const values = new Map<number, number | null>();
    const points = [...history.hosts[host]!].sort((a, b) => a.at - b.at);
    points.forEach((point, index) => {
      const previous = points[index - 1];
      if (previous && point.at - previous.at > gapMs) values.set(previous.at + spanMs, null);
      values.set(point.at, lineValue(point));
    });
    return values;
  });
  const all = hosts.flatMap((host) => history.hosts[host]!);
  const xsMs = [...new Set(perHost.flatMap((values) => [...values.keys()]))].sort((a, b) => a - b);
  const failedShare = new Map<number, number>();
  for (const point of all)
    if (point.failures > 0)
      failedShare.set(point.at, Math.max(failedShare.get(point.at) ?? 0, point.failures / point.checks));
  const first = all.reduce((earliest, point) => Math.min(earliest, point.at), Infinity);
  const means = all.map(lineValue).filter((value): value is number => value !== null);
  return {
    hosts,
    xs: xsMs.map((at) => at / 1000),
    latency: perHost.map((values) => xsMs.map((at) => (values.has(at) ? values.get(at)! : undefined))),
    failed: xsMs.map((at) => (failedShare.has(at) ? 1 : null)),
    failedShare: xsMs.map((at) => failedShare.get(at) ?? 0),
    spanMs,
    from: Number.isFinite(first)
      ? Math.max(now - RANGE_MS[history.range], first - spanMs)
      : now - RANGE_MS[history.range],
    to: now,
    checks: all.reduce((sum, point) => sum + point.checks, 0),
    failedChecks: all.reduce((sum, point) => sum + point.failures, 0),
    peakMs: means.length > 0 ? Math.max(...means) : null,
  };
}

/** What the chart shows, in a sentence: its name for assistive technology. */
export function chartSummary(serviceName: string, range: HistoryRange, series: ChartSeries, lang: Language): string {
  const vars = { name: serviceName, range: RANGE_LABELS[range] };
  if (series.checks === 0) return staffText(lang, "panels.chart.summaryEmpty", vars);
  const counts = { failed: series.failedChecks, checks: series.checks };
  return staffText(lang, "panels.chart.summary", {
    ...vars,
    hosts: listWords(series.hosts, lang),
    failed: staffText(lang, series.failedChecks === 1 ? "panels.chart.failedOne" : "panels.chart.failedOther", counts),
    peak:
      series.peakMs === null
        ? staffText(lang, "panels.chart.nonePassed")
        : staffText(lang, "panels.chart.peak", { peak: formatDuration(series.peakMs) }),
  });
}

/** One host's result at a point, for the tooltip. */
export function describePoint(point: HistoryPoint | undefined, range: HistoryRange, lang: Language): string {
  if (!point) return staffText(lang, "panels.chart.noCheck");
  if (range === "24h")
    return point.failures > 0 ? staffText(lang, "panels.chart.failed") : formatDuration(point.meanMs);
  const vars = {
    failed: point.failures,
    checks: point.checks,
    mean: formatDuration(point.meanMs),
    p95: formatDuration(point.p95Ms),
  };
  if (point.failures >= point.checks) return staffText(lang, "panels.chart.allFailed", vars);
  return staffText(lang, point.failures > 0 ? "panels.chart.timesFailed" : "panels.chart.times", vars);
}

/** A host's point nearest to `at`, within the time a point stands for. */
export function pointNear(points: readonly HistoryPoint[], at: number, spanMs: number): HistoryPoint | undefined {
  let best: HistoryPoint | undefined;
  for (const point of points) {
    if (Math.abs(point.at - at) <= spanMs && (!best || Math.abs(point.at - at) < Math.abs(best.at - at))) best = point;
  }
  return best;
}

export type TableRow = {
  from: number;
  host: string;
  checks: number;
  failures: number;
  meanMs: number | null;
  p95Ms: number | null;
};

/**
 * Where a point's row begins: a day (30 d) at midnight in the zone, as the
 * status page cuts its days; an hour or six at the UTC hour the points are
 * summed by (local whole hours wherever the offset is a whole number of them).
 */
function rowStart(at: number, range: HistoryRange, timeZone: string): number {
  if (range === "30d") return startOfDay(dayOf(at, timeZone), timeZone);
  return Math.floor(at / ROW_MS[range]) * ROW_MS[range];
}

/**
 * The table fallback's rows, newest first: per host, an hour (24 h), six
 * hours (7 d) or a day in `timeZone` (30 d). Mean over the checks that passed; p95 of the
 * checks for 24 h, the highest hourly p95 otherwise.
 */
export function tableRows(history: History, timeZone: string): TableRow[] {
  const rows: TableRow[] = [];
  for (const [host, points] of Object.entries(history.hosts)) {
    const buckets = new Map<number, HistoryPoint[]>();
    for (const point of points) {
      const from = rowStart(point.at, history.range, timeZone);
      buckets.set(from, [...(buckets.get(from) ?? []), point]);
    }
    for (const [from, bucket] of buckets) {
      const passed = bucket
        .filter((point) => point.meanMs !== null)
        .map((point) => ({ weight: point.checks - point.failures, meanMs: point.meanMs! }));
      const weight = passed.reduce((sum, point) => sum + point.weight, 0);
      const p95s = bucket.map((point) => point.p95Ms).filter((value): value is number => value !== null);
      rows.push({
        from,
        host,
        checks: bucket.reduce((sum, point) => sum + point.checks, 0),
        failures: bucket.reduce((sum, point) => sum + point.failures, 0),
        meanMs: weight > 0 ? passed.reduce((sum, point) => sum + point.meanMs * point.weight, 0) / weight : null,
        p95Ms: p95s.length === 0 ? null : history.range === "24h" ? percentile95(p95s) : Math.max(...p95s),
      });
    }
  }
  const order = Object.keys(history.hosts);
  return rows.sort((a, b) => b.from - a.from || order.indexOf(a.host) - order.indexOf(b.host));
}

function percentile95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/**
 * The table's time column and the tooltip's time: seconds for single checks, hours and days otherwise; in
 * `timeZone` (the table's, the zone its days are cut in), else the browser's (the chart's, like its axis).
 */
export function formatPointTime(
  at: number,
  range: HistoryRange,
  lang: Language,
  { spanMs = ROW_MS[range], timeZone }: { spanMs?: number; timeZone?: string } = {},
): string {
  const locale = lang === "de" ? "de-DE" : "en-GB";
  const date = new Date(at);
  if (range === "24h" && spanMs < HOUR_MS)
    return date.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone });
  const day = date.toLocaleDateString(locale, { weekday: "short", day: "numeric", month: "short", timeZone });
  if (spanMs >= 24 * HOUR_MS) return day;
  const hour = (time: Date) => time.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", timeZone });
  return `${day}, ${hour(date)}–${hour(new Date(at + spanMs))}`;
}
