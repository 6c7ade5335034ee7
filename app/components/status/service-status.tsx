// One public service: its state, its uptime over 24 hours, 30 and 90 days,
// and a bar per day of the last 90. Hovering or focusing a day shows its
// uptime and incidents (CSS alone); the same words are the day's accessible
// name, so the page reads right without JavaScript and without a mouse.
// Without a script, Tab reaches today and the days worth a look (an incident,
// or less than full uptime); the day-keys island then makes each row one tab
// stop that arrow keys, Home and End move along.
import type { PublicIncident, PublicService, StatusDay } from "#shared/status/public-status.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { ServiceStateBadge } from "./state-badge.tsx";
import { DAY_ROW_ATTRIBUTE } from "./day-keys.tsx";
import { formatStatusDay, formatUptime } from "./status-time.ts";

/** A day's colour by its uptime: full, a blip, a bad day, a down day; grey without checks. */
function dayColour(uptime: number | null): string {
  if (uptime === null) return "bg-slate-300 dark:bg-slate-600";
  if (uptime >= 99.9) return "bg-green-600 dark:bg-green-500";
  if (uptime >= 99) return "bg-lime-500 dark:bg-lime-400";
  if (uptime >= 95) return "bg-amber-500 dark:bg-amber-400";
  return "bg-red-600 dark:bg-red-500";
}

/** Days that keep a tab stop before the script runs: today, and any day with something to tell. */
export function isNotableDay(day: StatusDay, index: number, count: number): boolean {
  return index === count - 1 || day.incidents.length > 0 || (day.uptime !== null && day.uptime < 99.9);
}

/**
 * Labels of quiet days (no incident), by language, date and uptime: most services share most of their days, and a
 * page of hundreds of services renders tens of thousands of them each time the status changes.
 */
const quietDays = new Map<string, string>();

function dayLabel(day: StatusDay, touched: readonly PublicIncident[], { t, lang }: ReturnType<typeof useLanguage>) {
  const key = touched.length === 0 ? `${lang}|${day.date}|${day.uptime}` : undefined;
  const known = key === undefined ? undefined : quietDays.get(key);
  if (known !== undefined) return known;
  const uptime = formatUptime(day.uptime, lang);
  const parts = [
    uptime ? t("status.dayUptime", { value: uptime }) : t("status.dayNoData"),
    ...(touched.length > 0 ? [t("status.dayIncidents", { count: touched.length })] : []),
    ...touched.map((incident) => incident.title[lang]),
  ];
  const label = t("status.day", { date: formatStatusDay(day.date, lang), uptime: parts.join(", ") });
  if (key !== undefined) {
    if (quietDays.size >= 20_000) quietDays.clear();
    quietDays.set(key, label);
  }
  return label;
}

function Day({ day, incidents, tabStop }: { day: StatusDay; incidents: readonly PublicIncident[]; tabStop: boolean }) {
  const language = useLanguage();
  const touched = day.incidents.length === 0 ? [] : incidents.filter((incident) => day.incidents.includes(incident.id));
  return (
    <span
      role="img"
      tabIndex={tabStop ? 0 : -1}
      aria-label={dayLabel(day, touched, language)}
      className={dayColour(day.uptime)}
    />
  );
}

/**
 * The days' look, once on their row rather than on each of 90 days: each day
 * is a bar whose tooltip is its own ::after, its accessible name drawn on
 * hover and focus, opening towards the middle so it never leaves the screen.
 */
const DAY_ROW = [
  "flex gap-px sm:gap-0.5",
  "[&>span]:relative [&>span]:block [&>span]:h-9 [&>span]:flex-1 [&>span]:rounded-sm [&>span]:outline-offset-2",
  "[&>span]:after:pointer-events-none [&>span]:after:absolute [&>span]:after:bottom-full " +
    "[&>span]:after:left-0 [&>span]:after:z-10 [&>span]:after:mb-2 [&>span]:after:hidden",
  "[&>span]:after:w-max [&>span]:after:max-w-64 [&>span]:after:rounded-md " +
    "[&>span]:after:px-3 [&>span]:after:py-2 [&>span]:after:text-xs [&>span]:after:shadow-lg",
  "[&>span]:after:bg-slate-900 [&>span]:after:text-white " +
    "[&>span]:after:content-[attr(aria-label)] dark:[&>span]:after:bg-slate-100 " +
    "dark:[&>span]:after:text-slate-900",
  "[&>span:hover]:after:block [&>span:focus]:after:block " +
    "[&>span:nth-child(n+46)]:after:right-0 " +
    "[&>span:nth-child(n+46)]:after:left-auto",
].join(" ");

export function ServiceStatus({
  service,
  incidents,
  headingLevel = 3,
}: {
  service: PublicService;
  incidents: readonly PublicIncident[];
  /** 4 inside a group, whose name is the heading above. */
  headingLevel?: 3 | 4;
}) {
  const { t, lang } = useLanguage();
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const name = service.name[lang];
  const figures = [
    ["status.uptime24h", service.uptime.h24],
    ["status.uptime30d", service.uptime.d30],
    ["status.uptime90d", service.uptime.d90],
  ] as const;
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      data-status-service={service.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-lg font-bold">{name}</Heading>
        <ServiceStateBadge state={service.state} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {figures.map(([key, value]) => (
          <div key={key} className="flex gap-1">
            <dt className="text-slate-700 dark:text-slate-300">
              {t("status.uptimeLabel")} {t(key)}:
            </dt>
            <dd className="font-semibold tabular-nums">{formatUptime(value, lang) ?? t("status.uptimeNone")}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4" role="group" aria-label={t("status.daysLabel", { name })}>
        <div className={DAY_ROW} {...{ [DAY_ROW_ATTRIBUTE]: "" }}>
          {service.days.map((day, index) => (
            <Day
              key={day.date}
              day={day}
              incidents={incidents}
              tabStop={isNotableDay(day, index, service.days.length)}
            />
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
