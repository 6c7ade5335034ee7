// Find a service among thousands: a search box and filters by state,
// profile, host, tag and location (each option with its count over the whole
// fleet), a grouping, a line that says what is shown, and pages of cards.
import { Search } from "lucide-react";
import { useId } from "react";
import { controlClass } from "#app/admin/fields.tsx";
import type { ServiceListData } from "./dashboard.server.ts";
import { panelClass, smallButton } from "./panel.tsx";
import {
  GROUP_LABELS,
  GROUPINGS,
  isFiltering,
  NO_FILTERS,
  PAGE_SIZE,
  pageCount,
  type ServiceFilters,
} from "./service-filters.ts";
import type { ServiceList } from "./use-service-list.ts";

type Option = { value: string; label: string };
type Facets = ServiceListData["facets"];

const STATE_LABELS: Record<string, string> = {
  unhealthy: "Unhealthy",
  degraded: "Degraded",
  unknown: "Not checked yet",
  healthy: "Healthy",
};

/** The options of a facet, each with its count; the one chosen stays offered even when no service has it now. */
function facetOptions(counts: Record<string, number>, chosen: string, label = (key: string) => key): Option[] {
  const keys = Object.keys(counts);
  if (chosen && !keys.includes(chosen)) keys.push(chosen);
  return keys.map((key) => ({ value: key, label: `${label(key)} (${counts[key] ?? 0})` }));
}

function stateOptions(states: Facets["states"]): Option[] {
  const problems = Object.entries(states).reduce((sum, [state, n]) => (state === "healthy" ? sum : sum + n), 0);
  return [
    { value: "problems", label: `Problems only (${problems})` },
    ...Object.keys(STATE_LABELS).map((state) => ({
      value: state,
      label: `${STATE_LABELS[state]} (${states[state as keyof Facets["states"]] ?? 0})`,
    })),
  ];
}

/**
 * The filters chosen from the fleet's facets; tags and locations are optional in the configuration, so they are
 * offered once a service has one.
 */
const FACET_FILTERS = [
  { name: "profile", facet: "profiles", label: "Profile", all: "All profiles", optional: false },
  { name: "host", facet: "hosts", label: "Host", all: "All hosts", optional: false },
  { name: "tag", facet: "tags", label: "Tag", all: "All tags", optional: true },
  { name: "location", facet: "locations", label: "Location", all: "All locations", optional: true },
] as const;

function Filter({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  /** The option that sets no filter. */
  all: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} className={`mt-1 ${controlClass}`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ServiceFinder({ list }: { list: ServiceList }) {
  const { filters, setFilters, data } = list;
  const searchId = useId();
  const facets = data?.facets;
  const set = (name: keyof ServiceFilters) => (value: string) => setFilters({ [name]: value });
  return (
    <form
      role="search"
      aria-label="Find services"
      className={`${panelClass} grid gap-3 sm:grid-cols-2 lg:grid-cols-4`}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="sm:col-span-2">
        <label htmlFor={searchId} className="text-sm font-semibold">
          Search services
        </label>
        <div className="relative mt-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
          <input
            id={searchId}
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder="Name, id, host or URL"
            className={`${controlClass} pl-10`}
            value={filters.q}
            onChange={(event) => setFilters({ q: event.target.value })}
          />
        </div>
      </div>
      <Filter
        label="State"
        all="All states"
        value={filters.state}
        options={facets ? stateOptions(facets.states) : []}
        onChange={set("state")}
      />
      {FACET_FILTERS.map(({ name, facet, label, all, optional }) =>
        !optional || (facets && (Object.keys(facets[facet]).length > 0 || filters[name])) ? (
          <Filter
            key={name}
            label={label}
            all={all}
            value={filters[name]}
            options={facets ? facetOptions(facets[facet], filters[name]) : []}
            onChange={set(name)}
          />
        ) : null,
      )}
      <Filter
        label="Group by"
        all="No groups"
        value={filters.group}
        options={GROUPINGS.map((grouping) => ({ value: grouping, label: GROUP_LABELS[grouping] }))}
        onChange={(value) => setFilters({ group: GROUPINGS.find((grouping) => grouping === value) ?? "" })}
      />
      {isFiltering(filters) || filters.group ? (
        <div className="flex items-end">
          <button type="button" className={`${smallButton} min-h-11`} onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** "Showing 61–120 of 2,996 services": what the list holds now, announced when it changes. */
export function ListSummary({
  data,
  busy,
  what,
  size = PAGE_SIZE,
  empty,
}: {
  data: ServiceListData | undefined;
  busy: boolean;
  what: [one: string, many: string];
  size?: number;
  /** Said in place of "No services match" when the empty list has a better explanation. */
  empty?: string | null;
}) {
  let text = busy && !data ? "Loading services…" : "";
  if (data) {
    const first = data.total === 0 ? 0 : (data.page - 1) * size + 1;
    const last = Math.min(data.total, data.page * size);
    text =
      data.total === 0
        ? (empty ?? `No ${what[1]} match these filters.`)
        : `Showing ${first}–${last} of ${data.total.toLocaleString("en")} ${what[data.total === 1 ? 0 : 1]}, ` +
          "problems first.";
  }
  return (
    <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="list-summary">
      {text}
    </p>
  );
}

/** Previous and next page, and where the list stands (nothing while one page holds it all). */
export function Pager({
  total,
  page: asked,
  onPage,
  label = "Service list pages",
  size = PAGE_SIZE,
}: {
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  label?: string;
  size?: number;
}) {
  if (total === undefined) return null;
  const pages = pageCount(total, size);
  if (pages === 1) return null;
  const page = Math.min(asked, pages);
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <button type="button" className={`${smallButton} min-h-11`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span className="text-sm tabular-nums">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={`${smallButton} min-h-11`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
