// Where the hosts are checked from, shown only when some are checked from
// more than this server: each location online, offline (its own reference
// target failed, so its failures are not counted against hosts) or not
// reporting, when it was last heard from, and its clock when that is off.
import type { LocationState, LocationSummary } from "#shared/monitor/locations.ts";
import { LOCAL_LOCATION } from "#shared/monitor/locations.ts";
import { formatDuration } from "#shared/monitor/format.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { When } from "#app/admin/when.tsx";
import { Badge, type Tone } from "./badges.tsx";
import type { HealthData } from "./dashboard.server.ts";
import { locationLabel } from "./host-locations.tsx";
import { panelClass } from "./panel.tsx";

const STATE_TONES: Record<LocationState, Tone> = { online: "green", offline: "amber", "not-reporting": "red" };

/** The services answer's locations (read as optional: an answer from before they were added has none). */
export function locationsOf(health: HealthData | undefined): LocationSummary[] | undefined {
  return (health as { locations?: LocationSummary[] } | undefined)?.locations;
}

/** Whether the answer names a location other than this server: only then is the panel worth its place. */
export function hasRemoteLocations(locations: readonly LocationSummary[] | undefined): boolean {
  return !!locations?.some((location) => location.id !== LOCAL_LOCATION);
}

function LocationItem({ location }: { location: LocationSummary }) {
  const { t, lang } = useStaffText();
  const skew = formatDuration(Math.abs(location.clockSkewMs), lang);
  return (
    <li
      className="min-w-0 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
      data-location={location.id}
      data-location-state={location.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-semibold break-words">{locationLabel(location.id, location.name, t)}</span>
        <Badge tone={STATE_TONES[location.state]}>{t(`locations.state.${location.state}`)}</Badge>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {t("locations.lastSeen")}:{" "}
        {location.lastSeen ? <When at={location.lastSeen} seconds stacked /> : t("locations.never")}
      </p>
      {location.clockSkewed ? (
        <p className="mt-1 text-xs font-semibold text-amber-900 dark:text-amber-200" data-testid="clock-skew">
          {t(location.clockSkewMs > 0 ? "locations.skewAhead" : "locations.skewBehind", { skew })}
        </p>
      ) : null}
      {location.state === "offline" && location.error ? (
        <p className="mt-1 text-xs break-words text-slate-700 dark:text-slate-200">{location.error}</p>
      ) : null}
    </li>
  );
}

/** The locations, or nothing when every host is checked from this server alone. */
export function LocationsPanel({ locations }: { locations: readonly LocationSummary[] | undefined }) {
  const { t } = useStaffText();
  if (!locations || !hasRemoteLocations(locations)) return null;
  return (
    <section aria-labelledby="locations-heading" className={panelClass} data-testid="locations-panel">
      <h2 id="locations-heading" className="text-lg font-bold">
        {t("locations.panel.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("locations.panel.intro")}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {locations.map((location) => (
          <LocationItem key={location.id} location={location} />
        ))}
      </ul>
    </section>
  );
}
