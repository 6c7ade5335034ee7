// The incidents of the public status: the monitor's incidents of public
// services merged into public ones (two hosts failing together, or several
// services failing with a host they share, are one disruption), told in
// staff's words or a neutral line, and split into open and recently resolved.
import type {
  Bilingual,
  IncidentState,
  IncidentUpdate,
  PublicIncident,
  PublicStatus,
} from "#shared/status/public-status.ts";
import type { ServiceConfig } from "#server/monitor/services-config.ts";
import { namesOf, NEUTRAL } from "./incident-wording.ts";
import { publicName } from "./service-state.ts";
import { groupInto } from "#shared/group-into.ts";

/** Resolved incidents stay on the page this long. */
export const RESOLVED_SHOWN_MS = 30 * 86_400_000;

export type IncidentRow = { id: number; serviceId: string; openedAt: number; resolvedAt: number | null };
export type UpdateRow = {
  incidentId: number;
  postedAt: number;
  state: IncidentState;
  title: Bilingual;
  message: Bilingual;
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Incidents of one service that overlap are one public incident (two hosts
 * failing together are one disruption), and so are the incidents of several
 * services that share one (a host they depend on went down).
 */
function mergeIncidents(rows: readonly IncidentRow[]): IncidentRow[][] {
  const byService = new Map<string, IncidentRow[]>();
  for (const row of rows) groupInto(byService, row.serviceId, row);
  const groups: IncidentRow[][] = [];
  for (const list of byService.values()) {
    let current: IncidentRow[] = [];
    let end: number | null = -Infinity;
    for (const row of [...list].sort((a, b) => a.openedAt - b.openedAt || a.id - b.id)) {
      if (current.length > 0 && end !== null && row.openedAt > end) {
        groups.push(current);
        current = [];
      }
      end =
        current.length === 0
          ? row.resolvedAt
          : end === null || row.resolvedAt === null
            ? null
            : Math.max(end, row.resolvedAt);
      current.push(row);
    }
    if (current.length > 0) groups.push(current);
  }
  return joinShared(groups);
}

/** Groups that share an incident become one (union-find over the groups, by incident id). */
function joinShared(groups: IncidentRow[][]): IncidentRow[][] {
  const parent = groups.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const holder = new Map<number, number>();
  groups.forEach((group, index) => {
    for (const row of group) {
      const other = holder.get(row.id);
      if (other === undefined) holder.set(row.id, index);
      else parent[find(index)] = find(other);
    }
  });
  const joined = new Map<number, IncidentRow[]>();
  groups.forEach((group, index) => joined.set(find(index), [...(joined.get(find(index)) ?? []), ...group]));
  return [...joined.values()];
}

function publicIncident(
  group: IncidentRow[],
  serviceIds: string[],
  names: Bilingual[],
  updates: readonly UpdateRow[],
): PublicIncident {
  const ids = new Set(group.map((row) => row.id));
  const written = updates.filter((update) => ids.has(update.incidentId)).sort((a, b) => b.postedAt - a.postedAt);
  const startedAt = Math.min(...group.map((row) => row.openedAt));
  const resolvedAt = group.some((row) => row.resolvedAt === null)
    ? null
    : Math.max(...group.map((row) => row.resolvedAt!));
  const words = namesOf(names);
  const told: IncidentUpdate[] = written.map((update) => ({
    at: iso(update.postedAt),
    state: update.state,
    message: update.message,
  }));
  if (told.length === 0) told.push({ at: iso(startedAt), state: "investigating", message: NEUTRAL.open(words) });
  // Over when the checks say so, whatever was last written: the page says so in a line of its own.
  if (resolvedAt !== null && written[0]?.state !== "resolved")
    told.unshift({ at: iso(resolvedAt), state: "resolved", message: NEUTRAL.resolved(words) });
  return {
    id: Math.min(...ids),
    serviceIds,
    title: written[0]?.title ?? NEUTRAL.title(words),
    state: resolvedAt !== null ? "resolved" : (written[0]?.state ?? "investigating"),
    startedAt: iso(startedAt),
    resolvedAt: resolvedAt === null ? null : iso(resolvedAt),
    updates: told,
  };
}

/**
 * The public incidents of the public services (given in the configuration's order, which orders each incident's
 * services), and which public incident each of the monitor's incidents was merged into.
 */
export function publicIncidents(
  rows: readonly IncidentRow[],
  updates: readonly UpdateRow[],
  services: readonly ServiceConfig[],
): { incidents: PublicIncident[]; incidentOf: Record<number, number> } {
  const order = new Map(services.map((service, index) => [service.id, index]));
  const names = new Map(services.map((service) => [service.id, publicName(service)]));
  const merged = mergeIncidents(rows.filter((row) => order.has(row.serviceId)));
  const incidentOf: Record<number, number> = {};
  for (const group of merged) {
    const shownAs = Math.min(...group.map((row) => row.id));
    for (const row of group) incidentOf[row.id] = shownAs;
  }
  const incidents = merged.map((group) => {
    const serviceIds = [...new Set(group.map((row) => row.serviceId))].sort((a, b) => order.get(a)! - order.get(b)!);
    return publicIncident(
      group,
      serviceIds,
      serviceIds.map((id) => names.get(id)!),
      updates,
    );
  });
  return { incidents, incidentOf };
}

/** The open incidents and those resolved in the last 30 days, newest first. */
export function incidentLists(incidents: readonly PublicIncident[], now: number): PublicStatus["incidents"] {
  const byNewest = (a: PublicIncident, b: PublicIncident) => Date.parse(b.startedAt) - Date.parse(a.startedAt);
  return {
    open: incidents.filter((incident) => incident.resolvedAt === null).sort(byNewest),
    resolved: incidents
      .filter((incident) => incident.resolvedAt !== null && now - Date.parse(incident.resolvedAt) <= RESOLVED_SHOWN_MS)
      .sort(byNewest),
  };
}
