// A service's hosts and sub-services as alert targets: their keys, names and
// what a check just said about them. A service is one group, so its hosts
// share one cooldown and one notice ("Mail relay is unhealthy (centron,
// local)").
import type { HealthStatus, HostName } from "#shared/monitor/health.ts";
import type { AlertTarget, Observation } from "#server/alerting/incident-tracker.ts";
import type { ObservedStatus } from "#server/alerting/incident-rules.ts";
import { hostNames, intervalOf, thresholdsOf, type Defaults, type ServiceConfig } from "./services-config.ts";

export const hostKey = (serviceId: string, host: HostName) => `service:${serviceId}/${host}`;
export const subServiceKey = (serviceId: string, name: string) => `service:${serviceId}/sub:${name}`;

const OBSERVED: Record<HealthStatus, ObservedStatus> = { healthy: "ok", degraded: "degraded", unhealthy: "failing" };

function target(
  service: ServiceConfig,
  defaults: Defaults,
  key: string,
  label: string,
  name: string,
  dependsOn: readonly string[] | undefined,
): AlertTarget {
  return {
    key,
    source: "service",
    group: { key: `service:${service.id}`, name: service.name },
    name,
    label,
    serviceId: service.id,
    profile: service.profile,
    thresholds: thresholdsOf(service, defaults),
    intervalMs: intervalOf(service, defaults),
    ...(dependsOn && dependsOn.length > 0 ? { dependsOn } : {}),
  };
}

/**
 * Its own fields first: begun with the target's spread, V8 gave each of a round's observations a dictionary of its own
 * (834 bytes a host; decision 057).
 */
function observed(on: AlertTarget, result: { status: HealthStatus; errorMessage: string | null }): Observation {
  return {
    status: OBSERVED[result.status],
    severity: "critical",
    summary: "is unhealthy",
    message: result.errorMessage,
    ...on,
  };
}

type Result = { status: HealthStatus; errorMessage: string | null };

/** What a check of a host said; `dependsOn`: the targets it depends on (dependencies.ts). */
export function hostObservation(
  service: ServiceConfig,
  defaults: Defaults,
  host: HostName,
  result: Result,
  dependsOn?: readonly string[],
): Observation {
  return observed(
    target(service, defaults, hostKey(service.id, host), host, `${service.name} on ${host}`, dependsOn),
    result,
  );
}

export function subServiceObservation(
  service: ServiceConfig,
  defaults: Defaults,
  name: string,
  result: Result,
  dependsOn?: readonly string[],
): Observation {
  return observed(
    target(service, defaults, subServiceKey(service.id, name), name, `${service.name}: ${name}`, dependsOn),
    result,
  );
}

/** Every target the configuration has now: an open incident of any other was removed from it. */
export function configuredKeys(services: readonly ServiceConfig[]): Set<string> {
  const keys = new Set<string>();
  for (const service of services) {
    for (const host of hostNames(service)) keys.add(hostKey(service.id, host));
    for (const sub of service.subServices) keys.add(subServiceKey(service.id, sub.name));
  }
  return keys;
}
