// Maintenance as the public status tells it: whether a service is under it
// now (the manual switch, or a window naming it or every service), and the
// windows announced, each naming only public services. Apart from the
// service state, because the page also lists the windows themselves.
import type { PublicMaintenance, PublicStatus } from "#shared/status/public-status.ts";

export type WindowInput = { name: string; startsAt: number; endsAt: number; services: string[] | null };
export type MaintenanceInput = {
  manual: { active: boolean; since: number | null; until: number | null };
  active: WindowInput[];
  upcoming: WindowInput[];
};

const iso = (ms: number) => new Date(ms).toISOString();

export function inMaintenance(serviceId: string, maintenance: MaintenanceInput): boolean {
  return (
    maintenance.manual.active ||
    maintenance.active.some((window) => window.services === null || window.services.includes(serviceId))
  );
}

function maintenanceView(window: WindowInput, visible: ReadonlySet<string>): PublicMaintenance | null {
  const serviceIds = window.services === null ? null : window.services.filter((id) => visible.has(id));
  if (serviceIds !== null && serviceIds.length === 0) return null; // only private services: not announced
  return { name: window.name, startsAt: iso(window.startsAt), endsAt: iso(window.endsAt), serviceIds };
}

/** The maintenance in force (the manual switch first, unnamed and for every service) and the windows to come. */
export function publicMaintenance(
  maintenance: MaintenanceInput,
  visible: ReadonlySet<string>,
  now: number,
): PublicStatus["maintenance"] {
  const manual: PublicMaintenance[] = maintenance.manual.active
    ? [
        {
          name: null,
          startsAt: iso(maintenance.manual.since ?? now),
          endsAt: maintenance.manual.until === null ? null : iso(maintenance.manual.until),
          serviceIds: null,
        },
      ]
    : [];
  return {
    active: [
      ...manual,
      ...maintenance.active.map((window) => maintenanceView(window, visible)).filter((view) => view !== null),
    ],
    upcoming: maintenance.upcoming.map((window) => maintenanceView(window, visible)).filter((view) => view !== null),
  };
}
