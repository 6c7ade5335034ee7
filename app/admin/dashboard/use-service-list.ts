// The Services Health list: the filters (kept in the page's URL beside the
// tab's hash, without a navigation, so the loader does not run for each key
// pressed), and the page of services they ask the API for, read again when a
// round lands. A read sends the last answer's ETag, so an unchanged list
// costs a 304; while the next page or filter loads, the last one stays.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { DashboardData, ServiceListData } from "./dashboard.server.ts";
import { filtersFromSearch, filtersToSearch, type ServiceFilters, serviceListUrl } from "./service-filters.ts";
import { getJsonRevalidated } from "./staff-api.ts";
import { RenderTime } from "./use-now.ts";

/** How long typing pauses before the search is asked for. */
const TYPING_PAUSE_MS = 250;

export type ServiceList = {
  filters: ServiceFilters;
  /** Changes filters (any change but the page's goes back to page 1). */
  setFilters: (change: Partial<ServiceFilters>) => void;
  data: ServiceListData | undefined;
  error: string | null;
  busy: boolean;
};

export function useServiceList(initial: FirstPage, lastCheckedAt: string | null | undefined) {
  const [searchParams] = useSearchParams();
  // The router's location is the one it rendered: filters changed since live only in the window's (the tab mounts
  // again after another tab was shown).
  const [filters, setState] = useState(() =>
    filtersFromSearch(typeof window === "undefined" ? searchParams : new URLSearchParams(window.location.search)),
  );
  const q = useTypingPause(filters.q);
  const query = useServicePage(serviceListUrl({ ...filters, q }), initial, lastCheckedAt);

  const setFilters = useCallback((change: Partial<ServiceFilters>) => {
    setState((current) => {
      const next = { ...current, ...change, page: change.page ?? 1 };
      const search = filtersToSearch(next).toString();
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`,
      );
      return next;
    });
  }, []);

  return {
    filters,
    setFilters,
    data: query.data,
    error: query.error ? query.error.message : null,
    busy: query.isFetching,
  } satisfies ServiceList;
}

/**
 * A page of services from the API (the loader's first one when it asked the same URL), read again when a round lands.
 * While the next page or filter loads, the last one stays on screen.
 */
export function useServicePage(url: string, initial: FirstPage, lastCheckedAt: string | null | undefined) {
  const renderedAt = useContext(RenderTime);
  const { lang, t } = useStaffText();
  const failure = t("services.failed.list");
  const query = useQuery({
    queryKey: ["service-list", url],
    queryFn: () => getJsonRevalidated<ServiceListData>(url, failure, lang),
    initialData: initial?.url === url ? initial.data : undefined,
    initialDataUpdatedAt: renderedAt,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  useReadEachRound(lastCheckedAt);
  return query;
}

type FirstPage = DashboardData["serviceList"];

/** A search text as asked for: once typing pauses. */
export function useTypingPause(text: string): string {
  const [asked, setAsked] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return asked;
}

/** A new round changes states: every list read since is read again (the shown one at once, others when shown). */
function useReadEachRound(lastCheckedAt: string | null | undefined) {
  const client = useQueryClient();
  const seen = useRef(lastCheckedAt);
  useEffect(() => {
    if (lastCheckedAt === seen.current) return;
    seen.current = lastCheckedAt;
    void client.invalidateQueries({ queryKey: ["service-list"] });
  }, [client, lastCheckedAt]);
}
