// A location's state from its last word about itself: online, offline (its
// reference target failed) or not reporting (silent for NOT_REPORTING_INTERVALS
// of the shortest interval of the hosts it checks). The engine judges and
// alerts by it; the services API shows it.
import { NOT_REPORTING_INTERVALS, type LocationState } from "#shared/monitor/locations.ts";
import type { ServicesConfig } from "../services-config.ts";
import { intervalOf } from "../services-config.ts";
import type { LocationReport } from "./probe-results.ts";

/**
 * A remote location's state now; one never heard counts its silence from `watchedSince` (the engine's first look at
 * it; -Infinity: not reporting at once).
 */
export function locationState(
  report: LocationReport | undefined,
  now: number,
  intervalMs: number,
  watchedSince: number,
): LocationState {
  if (now - (report?.lastSeenAt ?? watchedSince) >= NOT_REPORTING_INTERVALS * intervalMs) return "not-reporting";
  if (!report) return "online";
  return report.online ? "online" : "offline";
}

/** Each location's shortest interval among the hosts checked from it, found once per configuration. */
const intervalsOf = new WeakMap<ServicesConfig, Map<string, number>>();

/** How often a location is expected to be heard from: its hosts' shortest interval, else the default interval. */
export function locationInterval(config: ServicesConfig, location: string): number {
  let intervals = intervalsOf.get(config);
  if (!intervals) {
    intervals = new Map();
    for (const service of config.services) {
      const interval = intervalOf(service, config.defaults);
      for (const placement of Object.values(service.placements))
        for (const id of placement.locations) intervals.set(id, Math.min(interval, intervals.get(id) ?? Infinity));
    }
    intervalsOf.set(config, intervals);
  }
  return intervals.get(location) ?? config.defaults.intervalSeconds * 1000;
}
