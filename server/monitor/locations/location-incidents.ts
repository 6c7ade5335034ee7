// The locations' own incidents, apart from the targets': a probe that stopped
// reporting ("Probe fra is not reporting") and a location whose reference
// target fails ("Location fra is offline", "Location local is offline").
// Neither is ever a target's failure: the verdicts leave such a location out.
import type { Observation } from "#server/alerting/incident-tracker.ts";
import { LOCAL_LOCATION, type LocationState } from "#shared/monitor/locations.ts";
import type { Reach } from "./local-connectivity.ts";
import type { LocationConfig } from "./locations-config.ts";
import type { LocationReport } from "./probe-results.ts";

const reportingKey = (id: string) => `location:${id}/reporting`;
const networkKey = (id: string) => `location:${id}/network`;

type Thresholds = { failure: number; success: number };
/** Silence is already counted over three intervals: the first round that finds it tells it. */
const AT_ONCE: Thresholds = { failure: 1, success: 1 };

function observation(
  key: string,
  name: string,
  summary: string,
  failing: boolean,
  message: string | null,
  thresholds: Thresholds,
): Observation {
  return {
    key,
    source: "location",
    group: { key, name },
    name,
    label: "",
    serviceId: null,
    profile: null,
    thresholds,
    status: failing ? "failing" : "ok",
    severity: "critical",
    summary,
    message: failing ? message : null,
  };
}

/** What each location's state says now; `states` and `reports` for the remote ones, `localReach` when local has one. */
export function locationObservations(
  locations: readonly LocationConfig[],
  states: ReadonlyMap<string, LocationState>,
  reports: ReadonlyMap<string, LocationReport>,
  localReach: Reach | undefined,
  thresholds: Thresholds,
): Observation[] {
  const found: Observation[] = [];
  for (const { id } of locations) {
    if (id === LOCAL_LOCATION) {
      if (localReach)
        found.push(
          observation(networkKey(id), `Location ${id}`, "is offline", !localReach.online, localReach.error, thresholds),
        );
      continue;
    }
    const state = states.get(id) ?? "online";
    const silent = state === "not-reporting";
    const message = silent ? "Nothing heard from it for three of its intervals" : null;
    found.push(observation(reportingKey(id), `Probe ${id}`, "is not reporting", silent, message, AT_ONCE));
    // A silent probe's network is not known: its incident keeps its last state.
    if (silent) continue;
    const error = reports.get(id)?.connectivityError ?? "its reference target failed";
    found.push(observation(networkKey(id), `Location ${id}`, "is offline", state === "offline", error, thresholds));
  }
  return found;
}

/** Every location target the configuration has now: an open incident of any other was removed from it. */
export function locationKeys(locations: readonly LocationConfig[]): Set<string> {
  const keys = new Set<string>();
  for (const location of locations) {
    if (location.id !== LOCAL_LOCATION) keys.add(reportingKey(location.id));
    if (location.id !== LOCAL_LOCATION || location.connectivity) keys.add(networkKey(location.id));
  }
  return keys;
}
