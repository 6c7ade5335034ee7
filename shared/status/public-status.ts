// What the public status page, its JSON, its feeds and its badges show: only
// services marked public, under their public names, with uptime figures and
// incidents in words staff wrote (or a neutral line). Never a host name, an
// address, an error text or a private service. Shared by the server, which
// builds it, and the page, which shows it.

export type Bilingual = { en: string; de: string };

/** A public service right now. "unknown": not checked yet. */
export type ServiceState = "operational" | "degraded" | "outage" | "maintenance" | "unknown";

/** The banner over the page. */
export type OverallState = "operational" | "degraded" | "partial-outage" | "major-outage" | "maintenance" | "unknown";

export const INCIDENT_STATES = ["investigating", "identified", "monitoring", "resolved"] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

/** One day of a service: its uptime (percent, null without checks) and the incidents that touched it. */
export type StatusDay = { date: string; uptime: number | null; incidents: number[] };

export type PublicService = {
  id: string;
  name: Bilingual;
  /** The configuration's `publicGroup`, one name for both languages; null outside any group. */
  group: string | null;
  state: ServiceState;
  /**
   * The locations (public names) it fails from, fewer than its quorum: reachable from elsewhere, shown as "down from
   * Frankfurt only". Empty or absent when it fails from none or from enough to count as down.
   */
  partialFrom?: string[];
  uptime: { h24: number | null; d30: number | null; d90: number | null };
  /** The first check counted: the figures above cover only the time since (null: nothing measured). */
  measuredSince: string | null;
  /** Seconds of each window measured: a 30-day figure from 15 minutes of checks says so. */
  measuredSeconds: { h24: number; d30: number; d90: number };
  /** The last 90 days, oldest first, in the company's time zone. */
  days: StatusDay[];
};

/** Public services that share a `publicGroup`, in the order the group first appears in the configuration. */
export type PublicGroup = { name: string; state: ServiceState; serviceIds: string[] };

export type IncidentUpdate = { at: string; state: IncidentState; message: Bilingual };

export type PublicIncident = {
  id: number;
  serviceIds: string[];
  title: Bilingual;
  state: IncidentState;
  startedAt: string;
  resolvedAt: string | null;
  /** Newest first; an automatic neutral line when staff wrote nothing. */
  updates: IncidentUpdate[];
};

export type PublicMaintenance = {
  /** The window's name, or null for maintenance started by hand (its reason stays internal). */
  name: string | null;
  startsAt: string;
  endsAt: string | null;
  /** null: every service. */
  serviceIds: string[] | null;
};

export type PublicStatus = {
  generatedAt: string;
  /** Days and times are the company's: "Europe/Berlin" unless configured otherwise. */
  timeZone: string;
  overall: OverallState;
  services: PublicService[];
  groups: PublicGroup[];
  incidents: { open: PublicIncident[]; resolved: PublicIncident[] };
  /**
   * The incident each incident on the page was merged into (a service's hosts, or a parent and its children, are one
   * incident there), by id: for the server's own use (telling subscribers once), never published.
   */
  incidentOf: Record<number, number>;
  maintenance: { active: PublicMaintenance[]; upcoming: PublicMaintenance[] };
};

/** The status page's incident feed in a language. */
export const statusFeedPath = (lang: "en" | "de") => `/${lang}/status/rss.xml`;

/** The banner from the services' states: maintenance when any is in maintenance and none is down. */
export function overallState(states: readonly ServiceState[]): OverallState {
  const known = states.filter((state) => state !== "unknown");
  if (known.length === 0) return "unknown";
  const down = known.filter((state) => state === "outage").length;
  if (down > 0) return down * 2 > known.length ? "major-outage" : "partial-outage";
  if (known.includes("degraded")) return "degraded";
  if (known.includes("maintenance")) return "maintenance";
  return "operational";
}

/** Worst first: a group shows the worst state among its services, so "unknown" outranks only "operational". */
const SEVERITY: readonly ServiceState[] = ["outage", "degraded", "maintenance", "unknown", "operational"];

/** The worst of the states; "operational" for none. */
export function worstState(states: readonly ServiceState[]): ServiceState {
  return SEVERITY.find((state) => states.includes(state)) ?? "operational";
}

/** A group is shown open unless all of its services are operational: what needs a look is never folded away. */
export const isGroupOpen = (group: PublicGroup): boolean => group.state !== "operational";

/** The groups of the services, in the order each group first appears; services without a group are in none. */
export function groupServices(services: readonly PublicService[]): PublicGroup[] {
  const members = new Map<string, PublicService[]>();
  for (const service of services) {
    if (service.group === null) continue;
    const list = members.get(service.group);
    if (list) list.push(service);
    else members.set(service.group, [service]);
  }
  return [...members].map(([name, list]) => ({
    name,
    state: worstState(list.map((service) => service.state)),
    serviceIds: list.map((service) => service.id),
  }));
}
