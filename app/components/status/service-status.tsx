// One public service: its state, its uptime over 24 hours, 30 and 90 days,
// and a bar per day of the last 90. Hovering or focusing a day shows its
// uptime and incidents (CSS alone); the same words are the day's accessible
// name, so the page reads right without JavaScript and without a mouse.
// Quiet days in a row with the same uptime are one element, striped into days
// by CSS and named by their range: a page of hundreds of services stays a few
// elements per service instead of 90 (decision 037). The row's look is the
// .status-days rule of app.css, once for every row.
// Without a script, Tab reaches today and the days worth a look (an incident,
// or less than full uptime); the day-keys island then makes each row one tab
// stop that arrow keys, Home and End move along.
import type { PublicIncident, PublicService } from "#shared/status/public-status.ts";
import type { CSSProperties } from "react";
import { useLanguage } from "#app/i18n/language.tsx";
import { ServiceStateBadge } from "./state-badge.tsx";
import { DAY_ROW_ATTRIBUTE } from "./day-keys.tsx";
import type { DayRun, ServiceView } from "./day-runs.ts";
import { formatStatusDay, formatUptime } from "#shared/status/status-time.ts";
import { measuredNote, WINDOW_SECONDS } from "#shared/monitor/measured.ts";

/** A window's uptime, with how much of the window was measured while that is not all of it; "–" for nothing. */
function UptimeFigure({
  service,
  window,
}: {
  service: Pick<PublicService, "uptime" | "measuredSeconds">;
  window: "h24" | "d30" | "d90";
}) {
  const { t, lang } = useLanguage();
  const measured = service.measuredSeconds[window];
  const value = measured > 0 ? formatUptime(service.uptime[window], lang) : null;
  if (value === null) return <span className="font-semibold">{t("status.uptimeNone")}</span>;
  const note = measuredNote(measured, WINDOW_SECONDS[window], lang);
  return (
    <>
      <span className="font-semibold">{value}</span>
      {note ? <span className="block text-xs text-slate-700 dark:text-slate-300">{note}</span> : null}
    </>
  );
}

/** A day's colour by its uptime: full, a blip, a bad day, a down day; grey without checks. */
function dayColour(uptime: number | null): string {
  // The text colour: the row draws each day (and each day of a run) in currentColor.
  if (uptime === null) return "text-slate-300 dark:text-slate-600";
  if (uptime >= 99.9) return "text-green-600 dark:text-green-500";
  if (uptime >= 99) return "text-lime-500 dark:text-lime-400";
  if (uptime >= 95) return "text-amber-500 dark:text-amber-400";
  return "text-red-600 dark:text-red-500";
}

/**
 * Labels of quiet days and runs (no incident), by language, dates and uptime: most services share most of their
 * days, and a page of hundreds of services renders thousands of them each time the status changes.
 */
const quietDays = new Map<string, string>();

function dayLabel(run: DayRun, touched: readonly PublicIncident[], { t, lang }: ReturnType<typeof useLanguage>) {
  const key = touched.length === 0 ? `${lang}|${run.from}|${run.to}|${run.uptime}` : undefined;
  const known = key === undefined ? undefined : quietDays.get(key);
  if (known !== undefined) return known;
  const uptime = formatUptime(run.uptime, lang);
  const parts = [
    uptime ? t("status.dayUptime", { value: uptime }) : t("status.dayNoData"),
    ...(touched.length > 0 ? [t("status.dayIncidents", { count: touched.length })] : []),
    ...touched.map((incident) => incident.title[lang]),
  ];
  const label =
    run.count === 1
      ? t("status.day", { date: formatStatusDay(run.from, lang), uptime: parts.join(", ") })
      : t("status.dayRange", {
          from: formatStatusDay(run.from, lang),
          to: formatStatusDay(run.to, lang),
          uptime: parts.join(", "),
        });
  if (key !== undefined) {
    if (quietDays.size >= 20_000) quietDays.clear();
    quietDays.set(key, label);
  }
  return label;
}

/** Runs starting in the later half open their tooltip leftwards, so it stays on the screen. */
const LATE_DAY = 45;

function Day({ run, incidents }: { run: DayRun; incidents: readonly PublicIncident[] }) {
  const language = useLanguage();
  const touched = run.incidents.length === 0 ? [] : incidents.filter((incident) => run.incidents.includes(incident.id));
  return (
    <span
      role="img"
      tabIndex={run.notable ? 0 : -1}
      aria-label={dayLabel(run, touched, language)}
      className={dayColour(run.uptime)}
      style={run.count > 1 ? ({ "--days": run.count } as CSSProperties) : undefined}
      data-late={run.index >= LATE_DAY ? "" : undefined}
    />
  );
}

export function ServiceStatus({
  service,
  incidents,
  headingLevel = 3,
}: {
  service: ServiceView;
  incidents: readonly PublicIncident[];
  /** 4 inside a group, whose name is the heading above. */
  headingLevel?: 3 | 4;
}) {
  const { t, lang } = useLanguage();
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const name = service.name[lang];
  const figures = [
    ["status.uptime24h", "h24"],
    ["status.uptime30d", "d30"],
    ["status.uptime90d", "d90"],
  ] as const;
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      data-status-service={service.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-lg font-bold">{name}</Heading>
        <ServiceStateBadge state={service.state} partialFrom={service.partialFrom} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {figures.map(([key, window]) => (
          <div key={key} className="grid grid-cols-[8.5rem_1fr] gap-x-2 sm:flex sm:gap-1">
            <dt className="text-slate-700 dark:text-slate-300">{`${t("status.uptimeLabel")} ${t(key)}:`}</dt>
            <dd className="tabular-nums" data-uptime={window}>
              <UptimeFigure service={service} window={window} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4" role="group" aria-label={t("status.daysLabel", { name })}>
        <div className="status-days" {...{ [DAY_ROW_ATTRIBUTE]: "" }}>
          {service.runs.map((run) => (
            <Day key={run.from} run={run} incidents={incidents} />
          ))}
        </div>
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-700 dark:text-slate-300">
          <span>{t("status.daysAgo")}</span>
          <span>{t("status.today")}</span>
        </div>
      </div>
    </li>
  );
}
