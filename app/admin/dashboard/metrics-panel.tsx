// Advanced metrics: the response time of one service over 24 h, 7 d or 30 d
// (a line per host), and every service's uptime over the three ranges. The
// chart's data loads when it is shown, one service at a time.
import { useEffect, useState } from "react";
import { formatDuration } from "#shared/monitor/format.ts";
import type { HealthData } from "./dashboard.server.ts";
import { getJson } from "./staff-api.ts";
import { panelClass, Skeleton, smallButton } from "./panel.tsx";

type Point = { at: number; checks: number; failures: number; meanMs: number | null; p95Ms: number | null };
type History = { serviceId: string; range: string; hosts: Record<string, Point[]> };
const RANGES = ["24h", "7d", "30d"] as const;
/** A colour per host, in the configuration's order. */
const LINES = [
  { stroke: "stroke-sky-600 dark:stroke-sky-400", swatch: "bg-sky-600" },
  { stroke: "stroke-violet-600 dark:stroke-violet-400", swatch: "bg-violet-600" },
  { stroke: "stroke-emerald-600 dark:stroke-emerald-400", swatch: "bg-emerald-600" },
  { stroke: "stroke-amber-600 dark:stroke-amber-400", swatch: "bg-amber-600" },
] as const;
const WIDTH = 600;
const HEIGHT = 160;

function Chart({ history }: { history: History }) {
  const series = Object.entries(history.hosts).map(([host, points], index) => ({ host, line: LINES[index % LINES.length]!, points: points.filter((p) => p.meanMs !== null) }));
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return <p className="flex h-40 items-center justify-center text-sm text-slate-600 dark:text-slate-300">No checks in this range yet.</p>;
  const times = all.map((p) => p.at);
  const [start, end] = [Math.min(...times), Math.max(...times)];
  const max = Math.max(...all.map((p) => p.meanMs!), 1);
  const x = (at: number) => (end === start ? WIDTH / 2 : ((at - start) / (end - start)) * WIDTH);
  const y = (ms: number) => HEIGHT - (ms / max) * (HEIGHT - 10);
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-40 w-full" role="img" aria-label={`Response time, highest ${formatDuration(max)}`} preserveAspectRatio="none">
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-300 dark:stroke-slate-600" />
        {series.map(({ host, line, points }) =>
          points.length > 0 ? (
            <polyline
              key={host}
              fill="none"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
              className={line.stroke}
              points={points.map((p) => `${x(p.at).toFixed(1)},${y(p.meanMs!).toFixed(1)}`).join(" ")}
            />
          ) : null,
        )}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-300">
        <span>Peak mean {formatDuration(max)}</span>
        {series
          .filter((s) => s.points.length > 0)
          .map((s) => (
            <span key={s.host} className="flex items-center gap-1">
              <span aria-hidden="true" className={`inline-block h-0.5 w-4 ${s.line.swatch}`} />
              {s.host}
            </span>
          ))}
      </figcaption>
    </figure>
  );
}

const percent = (value: number | null) => (value === null ? "–" : `${value.toFixed(2)}%`);

export function MetricsPanel({ health }: { health: HealthData }) {
  const [serviceId, setServiceId] = useState(() => health.services.find((s) => s.reliabilityProfile !== "infrastructure")?.serviceId ?? health.services[0]?.serviceId ?? "");
  const [range, setRange] = useState<(typeof RANGES)[number]>("24h");
  const [history, setHistory] = useState<History | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lastChecked = health.lastCheckedAt;

  useEffect(() => {
    if (!serviceId) return;
    let current = true;
    getJson<History>(`/api/admin/services/${encodeURIComponent(serviceId)}/history?range=${range}`, "Failed to load the history")
      .then((next) => current && (setHistory(next), setError(null)))
      .catch((caught: unknown) => current && setError((caught as Error).message));
    return () => {
      current = false;
    };
  }, [serviceId, range, lastChecked]);

  return (
    <section aria-labelledby="metrics-heading" className={panelClass}>
      <h2 id="metrics-heading" className="mb-3 text-lg font-bold">
        Advanced Metrics
      </h2>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium">
          Service
          <select
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
            className="mt-1 min-h-9 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800"
          >
            {health.services.map((service) => (
              <option key={service.serviceId} value={service.serviceId}>
                {service.serviceName}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Range" className="flex gap-1">
          {RANGES.map((option) => (
            <button key={option} type="button" aria-pressed={range === option} onClick={() => setRange(option)} className={`${smallButton} aria-pressed:bg-slate-800 aria-pressed:text-white dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900`}>
              {option}
            </button>
          ))}
        </div>
      </div>
      <div className="min-h-44">
        {error ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {error}
          </p>
        ) : history && history.serviceId === serviceId && history.range === range ? (
          <Chart history={history} />
        ) : (
          <Skeleton lines={4} height="h-8" />
        )}
      </div>
      <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Uptime per service (scrolls)">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Uptime per service</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 pr-2">Service</th>
              <th scope="col" className="py-2 pr-2 text-right">24 h</th>
              <th scope="col" className="py-2 pr-2 text-right">7 d</th>
              <th scope="col" className="py-2 text-right">30 d</th>
            </tr>
          </thead>
          <tbody>
            {health.services.map((service) => (
              <tr key={service.serviceId} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1.5 pr-2 font-medium">{service.serviceName}</th>
                <td className="py-1.5 pr-2 text-right tabular-nums">{percent(service.uptime24h)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{percent(service.uptime7d)}</td>
                <td className="py-1.5 text-right tabular-nums">{percent(service.uptime30d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
