// The Services Health tab's filters as the page's URL holds them
// (`?q=&state=&profile=&host=&tag=&location=&page=`, beside the tab's hash),
// so a copied link opens the same view, and the services API's query they
// ask for. Pure: the loader builds the first page with the same query.
import { PROFILES, TAG_PATTERN } from "#shared/monitor/health.ts";

/** Cards per page: a page of them stays a few thousand DOM nodes, however large the fleet. */
export const PAGE_SIZE = 60;

/** The profiles of the application list (every one but infrastructure, which has its own section). */
export const APPLICATION_PROFILES = "critical,standard,external";

export const FILTER_NAMES = ["q", "state", "profile", "host", "tag", "location"] as const;
type FilterName = (typeof FILTER_NAMES)[number];

export type ServiceFilters = Record<FilterName, string> & { page: number };

export const NO_FILTERS: ServiceFilters = { q: "", state: "", profile: "", host: "", tag: "", location: "", page: 1 };

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
  const page = Number(search.get("page"));
  filters.page = Number.isInteger(page) && page >= 1 ? page : 1;
  return filters;
}

/** The page URL's query for these filters: only what is set, page 1 left out. */
export function filtersToSearch(filters: ServiceFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name].trim()) search.set(name, filters[name].trim());
  if (filters.page > 1) search.set("page", String(filters.page));
  return search;
}

/** Any filter set: the tab shows one list of what matches, in place of its sections. */
export function isFiltering(filters: ServiceFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name].trim() !== "");
}

/**
 * The services API URL for a page of the list: what the filters ask, the worst first; without any, the application
 * services (infrastructure has its own section).
 */
export function serviceListUrl(filters: ServiceFilters): string {
  const search = filtersToSearch(filters);
  if (!isFiltering(filters)) search.set("profile", APPLICATION_PROFILES);
  search.set("page", String(filters.page));
  search.set("limit", String(PAGE_SIZE));
  search.set("sort", "problems");
  return `/api/admin/services?${search.toString()}`;
}

/** How many pages `total` services fill (at least one, so an empty list still says "page 1 of 1"). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
