// The Services Health tab's filters as the page's URL holds them
// (`?q=&state=&profile=&host=&tag=&location=&page=`, beside the tab's hash),
// so a copied link opens the same view, and the services API's query they
// ask for. Pure: the loader builds the first page with the same query.
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import { PROFILES, TAG_PATTERN } from "#shared/monitor/health.ts";

/** Cards per page: a page of them stays a few thousand DOM nodes, however large the fleet. */
export const PAGE_SIZE = 60;

/** The profiles of the application list (every one but infrastructure, which has its own section). */
export const APPLICATION_PROFILES = "critical,standard,external";

export const FILTER_NAMES = ["q", "state", "profile", "host", "tag", "location"] as const;
type FilterName = (typeof FILTER_NAMES)[number];

/** What the list may be grouped by (`?group=`): groups that are all green stay closed. */
export const GROUPINGS = ["tag", "host", "location"] as const;
export type Grouping = (typeof GROUPINGS)[number];
/** Each grouping's name in the staff dictionaries. */
export const GROUP_LABELS: Record<Grouping, StaffKey> = {
  tag: "services.finder.tag",
  host: "services.finder.host",
  location: "services.finder.location",
};

/** The filters, the grouping ("" for none) and the page. */
export type ServiceFilters = Record<FilterName, string> & { group: Grouping | ""; page: number };

export const NO_FILTERS: ServiceFilters = {
  q: "",
  state: "",
  profile: "",
  host: "",
  tag: "",
  location: "",
  group: "",
  page: 1,
};

/** What the API takes for the filters chosen from a list (a link edited by hand may hold anything). */
const VALID: Partial<Record<FilterName, RegExp>> = {
  state: /^(problems|healthy|degraded|unhealthy|unknown)$/,
  profile: new RegExp(`^(${PROFILES.join("|")})$`),
  tag: TAG_PATTERN,
  host: /^.{0,32}$/u,
  location: /^.{0,60}$/u,
};

/**
 * The filters a URL's query holds; what is missing or malformed counts as not set, so a mangled link shows the whole
 * list rather than an error.
 */
export function filtersFromSearch(search: URLSearchParams): ServiceFilters {
  const filters: ServiceFilters = { ...NO_FILTERS };
  for (const name of FILTER_NAMES) {
    const value = (search.get(name) ?? "").slice(0, 100);
    filters[name] = VALID[name] && !VALID[name].test(value) ? "" : value;
  }
  const group = search.get("group");
  filters.group = GROUPINGS.find((grouping) => grouping === group) ?? "";
  const page = Number(search.get("page"));
  filters.page = Number.isInteger(page) && page >= 1 ? page : 1;
  return filters;
}

/** The page URL's query for these filters: only what is set, page 1 left out. */
export function filtersToSearch(filters: ServiceFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name].trim()) search.set(name, filters[name].trim());
  if (filters.group) search.set("group", filters.group);
  if (filters.page > 1) search.set("page", String(filters.page));
  return search;
}

/** Any filter set: the tab shows one list of what matches, in place of its sections. */
export function isFiltering(filters: ServiceFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name].trim() !== "");
}

/**
 * The services API URL for a page of the list: what the filters ask, the worst first; without any, the application
 * services (infrastructure has its own section). Grouped, the groups of everything that matches, and no page of
 * services: each group reads its own when it is opened (groupListUrl).
 */
export function serviceListUrl(filters: ServiceFilters): string {
  const search = filtersToSearch(filters);
  if (!isFiltering(filters) && !filters.group) search.set("profile", APPLICATION_PROFILES);
  search.set("page", filters.group ? "1" : String(filters.page));
  search.set("limit", filters.group ? "1" : String(PAGE_SIZE));
  search.set("sort", "problems");
  return `/api/admin/services?${search.toString()}`;
}

/** Cards per page of an open group: a few groups open at once stay a few thousand DOM nodes. */
export const GROUP_PAGE_SIZE = 12;

/** A page of one group's services: the filters and the group's key (null: those without a tag or location). */
export function groupListUrl(filters: ServiceFilters, by: Grouping, key: string | null, page: number): string {
  const search = filtersToSearch({ ...filters, group: "", page: 1 });
  if (key === null) search.set("without", by);
  // Tags add up (the service has every one); a host or location filter is the group's own key already.
  else if (by === "tag") search.append("tag", key);
  else search.set(by, key);
  search.set("page", String(page));
  search.set("limit", String(GROUP_PAGE_SIZE));
  search.set("sort", "problems");
  return `/api/admin/services?${search.toString()}`;
}

/**
 * The health poll behind the summary, the health card and the infrastructure section: the fleet's figures, which
 * every answer carries whatever its filter, and the infrastructure entries, not every service.
 */
export const HEALTH_URL = "/api/admin/services?profile=infrastructure";

/** Services per page of the Advanced Metrics panel's choice and uptime table. */
export const METRICS_PAGE_SIZE = 25;

/** The Advanced Metrics panel's services: what its search finds (id, name, host or URL), the worst first. */
export function metricsListUrl(q: string, page: number): string {
  const search = new URLSearchParams();
  if (q.trim()) search.set("q", q.trim());
  search.set("page", String(page));
  search.set("limit", String(METRICS_PAGE_SIZE));
  search.set("sort", "problems");
  return `/api/admin/services?${search.toString()}`;
}

/** How many pages `total` services fill (at least one, so an empty list still says "page 1 of 1"). */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
