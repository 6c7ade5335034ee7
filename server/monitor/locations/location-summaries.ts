// The checking locations as the services API lists them: each one's state,
// when it was last heard, its clock and why it is offline. Local's word is the
// one the engine writes each round; a remote one's, its probe's last batch.
import { CLOCK_SKEW_LIMIT_MS, LOCAL_LOCATION, type LocationSummary } from "#shared/monitor/locations.ts";
import type { ServicesConfig } from "../services-config.ts";
import { locationInterval, locationState } from "./location-state.ts";
import type { LocationReport } from "./probe-results.ts";

/** Whether the configuration checks from anywhere but this server. */
export const hasRemoteLocations = (config: ServicesConfig) =>
  (config.locations ?? []).some((location) => location.id !== LOCAL_LOCATION);

/** Every configured location, in the configuration's order; one never heard from is not reporting. */
export function locationSummaries(
  config: ServicesConfig,
  reports: ReadonlyMap<string, LocationReport>,
  now: number,
): LocationSummary[] {
  return (config.locations ?? []).map(({ id, name }) => {
    const report = reports.get(id);
    const state =
      id === LOCAL_LOCATION
        ? report?.online === false
          ? "offline"
          : "online"
        : locationState(report, now, locationInterval(config, id), -Infinity);
    const skew = report?.skewMs ?? 0;
    return {
      id,
      name,
      state,
      lastSeen: report ? new Date(report.lastSeenAt).toISOString() : null,
      clockSkewMs: skew,
      clockSkewed: Math.abs(skew) > CLOCK_SKEW_LIMIT_MS,
      error: state === "offline" ? (report?.connectivityError ?? null) : null,
    };
  });
}
