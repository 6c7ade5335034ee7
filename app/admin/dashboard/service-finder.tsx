// Find a service among thousands: a search box and filters by state,
// profile, host, tag and location (each option with its count over the whole
// fleet), a grouping, a line that says what is shown, and pages of cards.
import { Search } from "lucide-react";
import { useId } from "react";
import { controlClass } from "#app/admin/fields.tsx";
import { type StaffTextValue, useStaffText } from "#app/admin/staff-language.tsx";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
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
type Translate = StaffTextValue["t"];

const STATE_LABELS: Record<string, StaffKey> = {
  unhealthy: "services.state.unhealthy",
  degraded: "services.state.degraded",
  unknown: "services.state.unknown",
  healthy: "services.state.healthy",
};

/** The options of a facet, each with its count; the one chosen stays offered even when no service has it now. */
function facetOptions(counts: Record<string, number>, chosen: string, label = (key: string) => key): Option[] {
  const keys = Object.keys(counts);
  if (chosen && !keys.includes(chosen)) keys.push(chosen);
  return keys.map((key) => ({ value: key, label: `${label(key)} (${counts[key] ?? 0})` }));
}

function stateOptions(states: Facets["states"], t: Translate): Option[] {
  const problems = Object.entries(states).reduce((sum, [state, n]) => (state === "healthy" ? sum : sum + n), 0);
  return [
    { value: "problems", label: t("services.finder.problemsOnly", { n: problems }) },
    ...Object.keys(STATE_LABELS).map((state) => ({
      value: state,
      label: `${t(STATE_LABELS[state]!)} (${states[state as keyof Facets["states"]] ?? 0})`,
    })),
  ];
}

/**
 * The filters chosen from the fleet's facets; tags and locations are optional in the configuration, so they are
 * offered once a service has one.
 */
const FACET_FILTERS = [
  {
    name: "profile",
    facet: "profiles",
    label: "services.finder.profile",
    all: "services.finder.allProfiles",
    optional: false,
  },
  { name: "host", facet: "hosts", label: "services.finder.host", all: "services.finder.allHosts", optional: false },
  { name: "tag", facet: "tags", label: "services.finder.tag", all: "services.finder.allTags", optional: true },
  {
    name: "location",
    facet: "locations",
    label: "services.finder.location",
    all: "services.finder.allLocations",
    optional: true,
  },
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
  const { t } = useStaffText();
  const { filters, setFilters, data } = list;
  const searchId = useId();
  const facets = data?.facets;
  const set = (name: keyof ServiceFilters) => (value: string) => setFilters({ [name]: value });
  return (
    <form
      role="search"
      aria-label={t("services.finder.label")}
      className={`${panelClass} grid gap-3 sm:grid-cols-2 lg:grid-cols-4`}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="sm:col-span-2">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {t("services.finder.search")}
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
            placeholder={t("services.finder.searchPlaceholder")}
            className={`${controlClass} pl-10`}
            value={filters.q}
            onChange={(event) => setFilters({ q: event.target.value })}
          />
        </div>
      </div>
      <Filter
        label={t("services.finder.state")}
        all={t("services.finder.allStates")}
        value={filters.state}
        options={facets ? stateOptions(facets.states, t) : []}
        onChange={set("state")}
      />
      {FACET_FILTERS.map(({ name, facet, label, all, optional }) =>
        !optional || (facets && (Object.keys(facets[facet]).length > 0 || filters[name])) ? (
          <Filter
            key={name}
            label={t(label)}
            all={t(all)}
            value={filters[name]}
            options={facets ? facetOptions(facets[facet], filters[name]) : []}
            onChange={set(name)}
          />
        ) : null,
      )}
      <Filter
        label={t("services.finder.groupBy")}
        all={t("services.finder.noGroups")}
        value={filters.group}
        options={GROUPINGS.map((grouping) => ({ value: grouping, label: t(GROUP_LABELS[grouping]) }))}
        onChange={(value) => setFilters({ group: GROUPINGS.find((grouping) => grouping === value) ?? "" })}
      />
      {isFiltering(filters) || filters.group ? (
        <div className="flex items-end">
          <button type="button" className={`${smallButton} min-h-11`} onClick={() => setFilters(NO_FILTERS)}>
            {t("services.finder.clear")}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The summary's sentences per kind of list: a whole sentence each, as German words them otherwise. */
const SUMMARY_KEYS = {
  services: {
    none: "services.list.none",
    one: "services.list.showing.one",
    other: "services.list.showing.other",
  },
  applications: {
    none: "services.list.noneApplications",
    one: "services.list.showingApplications.one",
    other: "services.list.showingApplications.other",
  },
} as const satisfies Record<string, Record<string, StaffKey>>;

/** "Showing 61–120 of 2,996 services": what the list holds now, announced when it changes. */
export function ListSummary({
  data,
  busy,
  what = "services",
  size = PAGE_SIZE,
  empty,
}: {
  data: ServiceListData | undefined;
  busy: boolean;
  /** All services, or the application services (the list without a filter). */
  what?: keyof typeof SUMMARY_KEYS;
  size?: number;
  /** Said in place of "No services match" when the empty list has a better explanation. */
  empty?: string | null;
}) {
  const { t, lang } = useStaffText();
  const keys = SUMMARY_KEYS[what];
  let text = busy && !data ? t("services.list.loading") : "";
  if (data) {
    const first = data.total === 0 ? 0 : (data.page - 1) * size + 1;
    const last = Math.min(data.total, data.page * size);
    const total = data.total.toLocaleString(lang === "de" ? "de-DE" : "en-GB");
    text =
      data.total === 0 ? (empty ?? t(keys.none)) : t(data.total === 1 ? keys.one : keys.other, { first, last, total });
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
  label,
  size = PAGE_SIZE,
}: {
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  label?: string;
  size?: number;
}) {
  const { t } = useStaffText();
  if (total === undefined) return null;
  const pages = pageCount(total, size);
  if (pages === 1) return null;
  const page = Math.min(asked, pages);
  return (
    <nav aria-label={label ?? t("services.pager.label")} className="flex items-center justify-center gap-3">
      <button type="button" className={`${smallButton} min-h-11`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("services.pager.previous")}
      </button>
      <span className="text-sm tabular-nums">{t("services.pager.position", { page, pages })}</span>
      <button
        type="button"
        className={`${smallButton} min-h-11`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("services.pager.next")}
      </button>
    </nav>
  );
}
