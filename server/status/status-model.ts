// The public status, put together from what the monitor knows: public
// services only, by their public names, their state, daily uptime in the
// company's time zone, incidents merged per service and told in staff's words
// (else a neutral line), and maintenance. Pure: status-store.ts reads the
// inputs, status-site.ts renders the result. Each part is a module of its own
// (service-state, status-days, status-incidents, status-maintenance); this one
// only says what goes in and composes them.
import { groupServices, overallState, type PublicService, type PublicStatus } from "#shared/status/public-status.ts";
import type { HostState } from "#server/monitor/host-state.ts";
import type { ServiceConfig } from "#server/monitor/services-config.ts";
import { partialFrom, publicName, publicServices, serviceState } from "./service-state.ts";
import { serviceFigures, statusCalendar, type HourBucket } from "./status-days.ts";
import { incidentLists, publicIncidents, type IncidentRow, type UpdateRow } from "./status-incidents.ts";
import { publicMaintenance, type MaintenanceInput } from "./status-maintenance.ts";

export type StatusInputs = {
  now: number;
  timeZone: string;
  services: readonly ServiceConfig[];
  /** Host states by "serviceId/host". */
  states: ReadonlyMap<string, HostState>;
  /** The checking locations' names by id ("fra" -> "Frankfurt"): a partial failure is told by them. */
  locationNames?: ReadonlyMap<string, string>;
  /** Checks and failures per public service and hour, the current hour included. */
  hours: readonly HourBucket[];
  /** Incidents of public services' hosts, not tests, opened within the days shown or still open. */
  incidents: readonly IncidentRow[];
  updates: readonly UpdateRow[];
  maintenance: MaintenanceInput;
};

export function buildPublicStatus(inputs: StatusInputs): PublicStatus {
  const { now, timeZone, maintenance } = inputs;
  const services = publicServices(inputs.services);
  const calendar = statusCalendar(now, timeZone);
  const { incidents, incidentOf } = publicIncidents(inputs.incidents, inputs.updates, services);
  const result: PublicService[] = services.map((service) => ({
    id: service.id,
    name: publicName(service),
    group: service.publicGroup ?? null,
    state: serviceState(service, inputs.states, maintenance),
    partialFrom: partialFrom(service, inputs.states, inputs.locationNames),
    ...serviceFigures(
      calendar,
      inputs.hours,
      service.id,
      incidents.filter((incident) => incident.serviceIds.includes(service.id)),
    ),
  }));
  return {
    generatedAt: new Date(now).toISOString(),
    timeZone,
    overall: overallState(result.map((service) => service.state)),
    services: result,
    groups: groupServices(result),
    incidents: incidentLists(incidents, now),
    incidentOf,
    maintenance: publicMaintenance(maintenance, new Set(services.map((service) => service.id)), now),
  };
}
