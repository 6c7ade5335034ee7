// The Services Health list grouped by tag, host or location: a group per
// key with how many services it holds and how many have problems, those with
// problems first. A group that is all green stays closed, and a group's cards
// are read and rendered only while it is open, a page at a time, so the DOM
// stays small however many services and groups there are.
import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { ErrorMessage } from "#app/admin/fields.tsx";
import { type StaffTextValue, useStaffText } from "#app/admin/staff-language.tsx";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import type { ServiceListData } from "./dashboard.server.ts";
import { Skeleton } from "./panel.tsx";
import { ServiceGrid } from "./service-card.tsx";
import {
  filtersToSearch,
  GROUP_LABELS,
  GROUP_PAGE_SIZE,
  groupListUrl,
  type Grouping,
  type ServiceFilters,
} from "./service-filters.ts";
import { ListSummary, Pager } from "./service-finder.tsx";
import { useServicePage } from "./use-service-list.ts";

type Group = NonNullable<ServiceListData["groups"]>[number];

/** Groups with problems open by themselves, this many at most (the worst): the rest wait to be opened. */
const OPEN_BY_ITSELF = 3;

const NO_KEY: Record<Grouping, StaffKey> = {
  tag: "services.groups.noTag",
  host: "services.groups.noHost",
  location: "services.groups.noLocation",
};

const LIST_LABEL: Record<Grouping, StaffKey> = {
  tag: "services.groups.byTag",
  host: "services.groups.byHost",
  location: "services.groups.byLocation",
};

/** "12 services, 3 with problems": a whole sentence per case, as German words each otherwise. */
function groupHealth(group: Group, t: StaffTextValue["t"], lang: StaffTextValue["lang"]): string {
  const locale = lang === "de" ? "de-DE" : "en-GB";
  const vars = { total: group.total.toLocaleString(locale), problems: group.problems.toLocaleString(locale) };
  if (group.problems === 0)
    return t(group.total === 1 ? "services.groups.healthy.one" : "services.groups.healthy.other", vars);
  if (group.total === 1) return t("services.groups.problem.single", vars);
  return t(group.problems === 1 ? "services.groups.problem.one" : "services.groups.problem.other", vars);
}

export function ServiceGroups({
  groups,
  by,
  filters,
  lastCheckedAt,
}: {
  groups: Group[];
  by: Grouping;
  filters: ServiceFilters;
  lastCheckedAt: string | null | undefined;
}) {
  const { t } = useStaffText();
  if (groups.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t("services.groups.nothing")}</p>;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={t(LIST_LABEL[by])}>
      {groups.map((group, index) => (
        <li key={`${by}:${group.key ?? ""}`}>
          <ServiceGroup
            group={group}
            by={by}
            filters={filters}
            lastCheckedAt={lastCheckedAt}
            openAtFirst={group.problems > 0 && index < OPEN_BY_ITSELF}
          />
        </li>
      ))}
    </ul>
  );
}

function ServiceGroup({
  group,
  by,
  filters,
  lastCheckedAt,
  openAtFirst,
}: {
  group: Group;
  by: Grouping;
  filters: ServiceFilters;
  lastCheckedAt: string | null | undefined;
  openAtFirst: boolean;
}) {
  const { t, lang } = useStaffText();
  const [open, setOpen] = useState(openAtFirst);
  // A group that turns from all green to having problems opens; one the operator closed with problems stays closed.
  const [hadProblems, setHadProblems] = useState(group.problems > 0);
  if (group.problems > 0 !== hadProblems) {
    setHadProblems(group.problems > 0);
    if (group.problems > 0) setOpen(true);
  }
  const name = group.key ?? t(NO_KEY[by]);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
      data-group={group.key ?? ""}
    >
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 px-4 py-2">
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-90" />
        <span className="font-semibold">
          <span className="sr-only">{t(GROUP_LABELS[by])}: </span>
          {name}
        </span>
        <span className="text-sm text-slate-700 dark:text-slate-300">{groupHealth(group, t, lang)}</span>
        {group.problems > 0 ? (
          <span aria-hidden="true" className="size-2.5 rounded-full bg-red-700 dark:bg-red-400" />
        ) : null}
      </summary>
      {open ? (
        // Other filters start the group's cards on their first page again.
        <GroupCards
          key={filtersToSearch(filters).toString()}
          by={by}
          groupKey={group.key}
          filters={filters}
          lastCheckedAt={lastCheckedAt}
        />
      ) : null}
    </details>
  );
}

function GroupCards({
  by,
  groupKey,
  filters,
  lastCheckedAt,
}: {
  by: Grouping;
  groupKey: string | null;
  filters: ServiceFilters;
  lastCheckedAt: string | null | undefined;
}) {
  const { t } = useStaffText();
  const [page, setPage] = useState(1);
  const list = useServicePage(groupListUrl(filters, by, groupKey, page), null, lastCheckedAt);
  const label = t("services.groups.pages", { group: groupKey ?? t(NO_KEY[by]) });
  return (
    <div
      className="flex flex-col gap-3 border-t border-slate-200 p-4 dark:border-slate-700"
      aria-busy={list.isFetching}
    >
      <ListSummary data={list.data} busy={list.isFetching} size={GROUP_PAGE_SIZE} />
      {list.error ? <ErrorMessage>{list.error.message}</ErrorMessage> : null}
      {list.data ? (
        <ServiceGrid services={list.data.services} empty={t("services.groups.empty")} />
      ) : (
        <Skeleton lines={2} height="h-24" />
      )}
      <Pager total={list.data?.total} page={page} onPage={setPage} label={label} size={GROUP_PAGE_SIZE} />
    </div>
  );
}
