// What a remote location checks, as the probe protocol carries it: every host
// whose placement lists the location (its sub-services with it), of a kind
// that runs there (server/probe-kinds.ts: never push, which is called here), each target written back in its
// YAML shape so the probe parses it with the server's own schema. The
// revision is a hash of the whole answer but the time, so a probe can tell a
// changed assignment from the same one fetched again.
import { createHash } from "node:crypto";
import { conditionTexts, type Target } from "#server/monitor/checks/check-types.ts";
import { runsAt } from "#server/probe-kinds.ts";
import type { LocationConfig } from "#server/monitor/locations/locations-config.ts";
import {
  hostNames,
  intervalOf,
  placementOf,
  timeoutOf,
  type ServiceConfig,
  type ServicesConfig,
} from "#server/monitor/services-config.ts";
import type { ProbeAssignments, ProbeCheck } from "./probe-protocol.ts";

/** A target as YAML gives it: its type's key and fields, conditions as text. */
export type RawTarget = Record<string, unknown>;

/** The target in the shape `targetSchema` reads back to the same target. */
export function rawTarget(target: Target): RawTarget {
  const { type: _type, conditions, ...fields } = target;
  return conditions === undefined ? { ...fields } : { ...fields, conditions: conditionTexts(target) };
}

function checksOf(service: ServiceConfig, config: ServicesConfig, location: string): ProbeCheck[] {
  const { defaults } = config;
  const check = (key: string, target: Target): ProbeCheck => ({
    key,
    target: rawTarget(target),
    intervalSeconds: intervalOf(service, defaults) / 1000,
    timeoutMs: timeoutOf(target, service, defaults),
    retries: defaults.retries,
  });
  const checks: ProbeCheck[] = [];
  for (const host of hostNames(service)) {
    const target = service.hosts[host]!;
    if (!runsAt(target.type, location) || !placementOf(service, host).locations.includes(location)) continue;
    checks.push(check(`${service.id}/${host}`, target));
    for (const sub of service.subServices)
      if (sub.host === host && runsAt(sub.target.type, location))
        checks.push(check(`${service.id}/${host}/${sub.name}`, sub.target));
  }
  return checks;
}

const cache = new WeakMap<ServicesConfig, Map<string, ProbeAssignments>>();

/** What this location checks under this configuration (worked out once per configuration and location). */
export function assignmentsOf(config: ServicesConfig, location: LocationConfig): ProbeAssignments {
  const known = cache.get(config) ?? new Map<string, ProbeAssignments>();
  cache.set(config, known);
  const found = known.get(location.id);
  if (found) return found;
  const { defaults } = config;
  const body = {
    location: { id: location.id, name: location.name },
    defaults: {
      intervalSeconds: defaults.intervalSeconds,
      timeoutMs: defaults.timeoutMs,
      retries: defaults.retries,
      concurrency: defaults.concurrency,
      ...(defaults.staggerSeconds === undefined ? {} : { staggerSeconds: defaults.staggerSeconds }),
    },
    connectivity: location.connectivity ? rawTarget(location.connectivity) : null,
    checks: config.services.flatMap((service) => checksOf(service, config, location.id)),
  };
  const revision = createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 16);
  const assignments = { ...body, revision };
  known.set(location.id, assignments);
  return assignments;
}

const keysOf = new WeakMap<ProbeAssignments, Set<string>>();

/** The keys assigned to this location, each once (what its results may name). */
export function assignedKeys(config: ServicesConfig, location: LocationConfig): Set<string> {
  const assignments = assignmentsOf(config, location);
  const keys = keysOf.get(assignments) ?? new Set(assignments.checks.map((check) => check.key));
  keysOf.set(assignments, keys);
  return keys;
}
