// A host checked from more than one place: a compact row per location (its
// word, response time, and whether its clock or its own network can be
// trusted), and the state of a host that fails from fewer locations than its
// quorum: "Down from Frankfurt only", orange, between degraded and down. It
// is counted as up and raises no alert, so it is never drawn red, and neither
// are its failing locations' rows.
import { type StaffTextValue, useStaffText } from "#app/admin/staff-language.tsx";
import { formatAgo, formatDuration } from "#shared/monitor/format.ts";
import { LOCAL_LOCATION } from "#shared/monitor/locations.ts";
import { listWords } from "#shared/monitor/overall-state.ts";
import { COMPANY_TIME_ZONE } from "#shared/time/zoned-time.ts";
import { MapPin } from "lucide-react";
import { Badge } from "./badges.tsx";
import type { HostData } from "./dashboard.server.ts";

export type HostLocation = NonNullable<HostData["locations"]>[number];

/** The name the server gives `local` when the configuration names it not (server/monitor/locations). */
const DEFAULT_LOCAL_NAME = "This server";

/** A location's name; this server's default name in the staff language ("this server" inside a sentence). */
export function locationLabel(id: string, name: string, t: StaffTextValue["t"], inSentence = false): string {
  if (id !== LOCAL_LOCATION || name !== DEFAULT_LOCAL_NAME) return name;
  const word = t("locations.local");
  return inSentence ? word : word.charAt(0).toUpperCase() + word.slice(1);
}

/** The host's partial state as its badge says it, or null when it is not partial. */
export function partialText(host: Pick<HostData, "partial" | "locations">, text: StaffTextValue): string | null {
  if (!host.partial || host.partial.length === 0) return null;
  const local = host.locations?.find((entry) => entry.location === LOCAL_LOCATION);
  const names = host.partial.map((name) =>
    local && name === local.name ? locationLabel(LOCAL_LOCATION, name, text.t, true) : name,
  );
  return text.t("locations.partial", { names: listWords(names, text.lang) });
}

/**
 * "Down from Frankfurt only": orange, a state of its own between degraded (amber) and down (red), with a pin so it
 * is told apart without its colour; it wraps, as a list of places can be long.
 */
export function PartialBadge({ text }: { text: string }) {
  const { t } = useStaffText();
  return (
    <span
      data-testid="partial"
      title={t("locations.partialTitle")}
      className={
        "inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-semibold " +
        "bg-orange-200 text-orange-950 dark:bg-orange-700 dark:text-white"
      }
    >
      <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
      {text}
    </span>
  );
}

const DOTS: Record<HostLocation["status"], string> = {
  healthy: "bg-green-600 dark:bg-green-500",
  degraded: "bg-amber-500 dark:bg-amber-400",
  unhealthy: "bg-red-600 dark:bg-red-500",
  offline: "bg-slate-500 dark:bg-slate-400",
  unknown: "border border-slate-500 dark:border-slate-400",
};

const STATUS_WORDS = {
  healthy: "panels.status.healthy",
  degraded: "panels.status.degraded",
  unhealthy: "panels.status.unhealthy",
  offline: "locations.offline",
  unknown: "locations.noResult",
} as const;

const STATUS_TITLES: Partial<Record<HostLocation["status"], "locations.offlineTitle" | "locations.noResultTitle">> = {
  offline: "locations.offlineTitle",
  unknown: "locations.noResultTitle",
};

function LocationRow({ entry, partial, now }: { entry: HostLocation; partial: boolean; now: number }) {
  const { t, lang } = useStaffText();
  // Within a partial host a failing location is the orange of the host's state, not the red of a host that is down.
  const dot = partial && entry.status === "unhealthy" ? "bg-orange-500 dark:bg-orange-400" : DOTS[entry.status];
  const statusTitle = STATUS_TITLES[entry.status];
  const measured = entry.checkedAt
    ? t("locations.measuredAt", { ago: formatAgo(entry.checkedAt, now, COMPANY_TIME_ZONE, lang) })
    : undefined;
  return (
    <li className="py-1" data-location={entry.location} data-location-status={entry.status}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${dot}`} />
        <span className="min-w-0 font-medium break-words" title={measured}>
          {locationLabel(entry.location, entry.name, t)}
        </span>
        <span
          className={
            entry.status === "healthy" || entry.status === "degraded" || entry.status === "unhealthy"
              ? "text-slate-700 dark:text-slate-200"
              : "text-slate-600 italic dark:text-slate-300"
          }
          title={statusTitle ? t(statusTitle) : undefined}
        >
          {t(STATUS_WORDS[entry.status])}
        </span>
        {entry.responseTime !== null ? (
          <span className="ml-auto text-xs tabular-nums text-slate-600 dark:text-slate-300">
            {formatDuration(entry.responseTime, lang)}
          </span>
        ) : null}
        {entry.clockSkewed ? (
          <span data-testid="clock-off">
            <Badge tone="amber" title={t("locations.clockOffTitle")}>
              {t("locations.clockOff")}
            </Badge>
          </span>
        ) : null}
      </div>
      {entry.errorMessage && entry.status !== "healthy" ? (
        <p className="truncate pl-4.5 text-xs text-slate-600 dark:text-slate-300" title={entry.errorMessage}>
          {entry.errorMessage}
        </p>
      ) : null}
    </li>
  );
}

/** Each location's latest word on the host; nothing for a host checked from this server alone. */
export function HostLocations({ host, now }: { host: HostData; now: number }) {
  const { t } = useStaffText();
  if (!host.locations || host.locations.length === 0) return null;
  const partial = !!host.partial && host.partial.length > 0;
  return (
    <div className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-700">
      <p className="text-xs font-semibold text-slate-600 dark:text-slate-300">{t("locations.checkedFrom")}</p>
      <ul className="text-sm" aria-label={t("locations.checkedFrom")} data-testid="host-locations">
        {host.locations.map((entry) => (
          <LocationRow key={entry.location} entry={entry} partial={partial} now={now} />
        ))}
      </ul>
    </div>
  );
}
