// The service list's filters, order and pages (GET /api/admin/services?q=&state=&...): pure, so the API and its
// tests agree on what a query means. Facets count over the whole fleet, not the filtered part, so the dashboard can
// offer every option with its count whatever is selected.
import { z } from "zod";
import { PROFILES, TAG_PATTERN, type OverallStatus } from "#shared/monitor/health.ts";

const STATES = ["healthy", "degraded", "unhealthy", "unknown"] as const;
const GROUPINGS = ["tag", "host", "location"] as const;
const MAX_LIMIT = 500;

/** What a query reads of a service entry (monitor-snapshot.ts). */
export type QueryableService = {
  serviceId: string;
  serviceName: string;
  reliabilityProfile: string;
  status: OverallStatus;
  tags: readonly string[];
  location: string | null;
  hosts: readonly { host: string; target: string }[];
};

/** A parameter given at most once: a second `?state=` would otherwise be dropped without a word. */
const once = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .array(z.string())
    .max(1, "give it once")
    .optional()
    .transform((values) => values?.[0])
    .pipe(schema.optional());

const querySchema = z.object({
  q: once(z.string().trim().max(100, "at most 100 characters")),
  state: once(z.enum([...STATES, "problems"], { error: `must be one of ${[...STATES, "problems"].join(", ")}` })),
  // One profile, or several separated by commas (any of them): the dashboard's application list is every profile but
  // infrastructure.
  profile: once(
    z
      .string()
      .transform((value) => value.split(",").filter(Boolean))
      .pipe(z.array(z.enum(PROFILES, { error: `must be one of ${PROFILES.join(", ")}` })).max(PROFILES.length)),
  ),
  host: once(z.string().max(32, "at most 32 characters")),
  location: once(z.string().max(60, "at most 60 characters")),
  tag: z
    .array(z.string())
    .default([])
    .transform((values) => values.flatMap((value) => value.split(",")).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(TAG_PATTERN, "a tag is 1 to 40 lower-case letters, digits and dashes"))
        .max(32, "at most 32 tags"),
    ),
  sort: once(z.enum(["problems", "name"], { error: "must be problems or name" })),
  // Groups of what matches, by one of these, each with its count and its problems (the dashboard's collapsed groups).
  group: once(z.enum(GROUPINGS, { error: `must be one of ${GROUPINGS.join(", ")}` })),
  // Only services with no tag, or no location: the group of those a grouping by tag or location leaves over.
  without: once(z.enum(["tag", "location"], { error: "must be tag or location" })),
  page: once(
    z.coerce
      .number<string>({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1_000_000, "must be at most 1000000"),
  ),
  limit: once(
    z.coerce
      .number<string>({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`),
  ),
});

export type ServiceQuery = {
  q?: string;
  state?: (typeof STATES)[number] | "problems";
  /** Any of these (none: any profile). */
  profiles: (typeof PROFILES)[number][];
  host?: string;
  location?: string;
  tags: string[];
  group?: (typeof GROUPINGS)[number];
  without?: "tag" | "location";
  /** `config`: the configuration's order, the answer of a request without parameters. */
  sort: "problems" | "name" | "config";
  page: number;
  limit: number | null;
};

/** Every service in the configuration's order: the answer of a request without parameters. */
export const EVERY_SERVICE: ServiceQuery = { profiles: [], tags: [], sort: "config", page: 1, limit: null };

export type ParsedQuery = { ok: true; query: ServiceQuery } | { ok: false; fields: Record<string, string> };

/**
 * Reads the parameters as `URLSearchParams` hold them (each name with its values). Empty values count as absent (a
 * cleared search box); unknown names are ignored. Without any parameter, the order is the configuration's, as before
 * the filters existed; with any, the worst first.
 */
export function parseServiceQuery(params: Record<string, string[]>): ParsedQuery {
  const given = Object.fromEntries(
    Object.entries(params)
      .map(([name, values]) => [name, values.filter((value) => value !== "")] as const)
      .filter(([, values]) => values.length > 0),
  );
  const parsed = querySchema.safeParse(given);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return { ok: false, fields };
  }
  const { tag, sort, page, limit, q, profile, ...filters } = parsed.data;
  const anyGiven = Object.keys(given).some((name) => name in querySchema.shape);
  return {
    ok: true,
    query: {
      ...filters,
      ...(q ? { q: q.toLowerCase() } : {}),
      tags: tag,
      profiles: profile ?? [],
      sort: sort ?? (anyGiven ? "problems" : "config"),
      page: page ?? 1,
      limit: limit ?? null,
    },
  };
}

function matches(service: QueryableService, query: ServiceQuery): boolean {
  const { q, state, profiles, host, location, tags } = query;
  if (state === "problems" ? service.status === "healthy" : state && service.status !== state) return false;
  if (profiles.length > 0 && !(profiles as readonly string[]).includes(service.reliabilityProfile)) return false;
  if (host && !service.hosts.some((entry) => entry.host === host)) return false;
  if (location && service.location !== location) return false;
  if (!tags.every((tag) => service.tags.includes(tag))) return false;
  if (query.without === "tag" ? service.tags.length > 0 : query.without === "location" && service.location !== null)
    return false;
  if (!q) return true;
  const texts = [
    service.serviceId,
    service.serviceName,
    ...service.hosts.flatMap((entry) => [entry.host, entry.target]),
  ];
  return texts.some((text) => text.toLowerCase().includes(q));
}

/** Worst first: a failing service before one not checked yet, before a healthy one. */
const SEVERITY: Record<OverallStatus, number> = { unhealthy: 0, degraded: 1, unknown: 2, healthy: 3 };
// Numbers in names by their value: "Worker 2" before "Worker 10". One collator: localeCompare with options builds one
// per call, which sorting thousands of services would pay for each comparison.
const collator = new Intl.Collator("en", { numeric: true });
const byName = (a: QueryableService, b: QueryableService) =>
  collator.compare(a.serviceName, b.serviceName) || collator.compare(a.serviceId, b.serviceId);
const ORDERS = {
  problems: (a: QueryableService, b: QueryableService) => SEVERITY[a.status] - SEVERITY[b.status] || byName(a, b),
  name: byName,
};

const count = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};
/** Keys in alphabetical order, so the answer (and its ETag) does not depend on the configuration's order. */
const sorted = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b, "en")));

/** Every option of each filter over the whole fleet, with how many services have it. */
export function serviceFacets(services: readonly QueryableService[]) {
  const states: Record<string, number> = Object.fromEntries(STATES.map((state) => [state, 0]));
  const profiles: Record<string, number> = Object.fromEntries(PROFILES.map((profile) => [profile, 0]));
  const hosts: Record<string, number> = {};
  const tags: Record<string, number> = {};
  const locations: Record<string, number> = {};
  for (const service of services) {
    count(states, service.status);
    count(profiles, service.reliabilityProfile);
    new Set(service.hosts.map((entry) => entry.host)).forEach((host) => count(hosts, host));
    service.tags.forEach((tag) => count(tags, tag));
    if (service.location !== null) count(locations, service.location);
  }
  return { states, profiles, hosts: sorted(hosts), tags: sorted(tags), locations: sorted(locations) };
}

/** A service's group keys: each tag, each host (the one filtered for, if any), its location; none: null. */
function groupKeys(service: QueryableService, group: NonNullable<ServiceQuery["group"]>, query: ServiceQuery) {
  if (group === "host") return query.host ? [query.host] : [...new Set(service.hosts.map((entry) => entry.host))];
  if (group === "location") return [service.location];
  return service.tags.length > 0 ? service.tags : [null];
}

/**
 * The groups of the matched services: how many each holds and how many of them are not healthy, those with problems
 * first (the most first), then by name; the group of services without a tag or location last.
 */
export function serviceGroups(found: readonly QueryableService[], query: ServiceQuery) {
  if (!query.group) return null;
  const groups = new Map<string | null, { key: string | null; total: number; problems: number }>();
  for (const service of found)
    for (const key of groupKeys(service, query.group, query)) {
      const entry = groups.get(key) ?? { key, total: 0, problems: 0 };
      entry.total += 1;
      if (service.status !== "healthy") entry.problems += 1;
      groups.set(key, entry);
    }
  return [...groups.values()].sort(
    (a, b) =>
      b.problems - a.problems ||
      Number(a.key === null) - Number(b.key === null) ||
      (a.key ?? "").localeCompare(b.key ?? "", "en"),
  );
}

/** The services the query asks for, one page of them, how many matched, and the fleet's facets. */
export function queryServices<S extends QueryableService>(services: readonly S[], query: ServiceQuery) {
  const found = services.filter((service) => matches(service, query));
  if (query.sort !== "config") found.sort(ORDERS[query.sort]);
  const start = query.limit === null ? 0 : (query.page - 1) * query.limit;
  const end = query.limit === null ? undefined : start + query.limit;
  return {
    services: query.limit === null && query.page > 1 ? [] : found.slice(start, end),
    total: found.length,
    page: query.page,
    limit: query.limit,
    facets: serviceFacets(services),
    groups: serviceGroups(found, query),
  };
}
