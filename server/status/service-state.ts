// A service as the public sees it: whether it is shown at all, by which name,
// its state now and the locations it fails from alone. Only these verdicts
// leave the hosts' states: host names, addresses and error texts stay behind.
import type { Bilingual, ServiceState } from "#shared/status/public-status.ts";
import type { HostState } from "#server/monitor/host-state.ts";
import type { ServiceConfig } from "#server/monitor/services-config.ts";
import { inMaintenance, type MaintenanceInput } from "./status-maintenance.ts";

/** The public services, in the configuration's order. */
export function publicServices(services: readonly ServiceConfig[]): ServiceConfig[] {
  return services.filter((service) => service.public);
}

export function publicName(service: ServiceConfig): Bilingual {
  return service.publicName ?? { en: service.name, de: service.name };
}

/** Down when every checked host is down; degraded when some are (or say so themselves). */
export function serviceState(
  service: ServiceConfig,
  states: ReadonlyMap<string, HostState>,
  maintenance: MaintenanceInput,
): ServiceState {
  if (inMaintenance(service.id, maintenance)) return "maintenance";
  const checked = Object.keys(service.hosts)
    .map((host) => states.get(`${service.id}/${host}`))
    .filter((state): state is HostState => !!state?.lastChecked);
  if (checked.length === 0) return "unknown";
  const down = checked.filter((state) => state.status === "unhealthy").length;
  if (down === checked.length) return "outage";
  if (down > 0 || checked.some((state) => state.status === "degraded")) return "degraded";
  return "operational";
}

/** The locations some host of it fails from alone (fewer than its quorum), by name, each once; empty otherwise. */
export function partialFrom(
  service: ServiceConfig,
  states: ReadonlyMap<string, HostState>,
  names: ReadonlyMap<string, string> | undefined,
): string[] {
  const ids = Object.keys(service.hosts).flatMap((host) => states.get(`${service.id}/${host}`)?.partial ?? []);
  return [...new Set(ids)].map((id) => names?.get(id) ?? id);
}
