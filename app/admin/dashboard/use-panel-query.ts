// One panel's data through TanStack Query: its first value from the loader
// (so the first render shows data, not a skeleton), then read from its API
// as often as `every` says, and on Retry or Refresh. A failed read keeps the
// last data (marked by the error) rather than blanking the panel; a panel
// with no data yet shows its error state.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext } from "react";
import type { Initial } from "./dashboard.server.ts";
import { getJson, getJsonRevalidated } from "./staff-api.ts";
import { RenderTime } from "./use-now.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";

export type Polled<T> = {
  data: T | undefined;
  /** The panel's error text, or null. */
  error: string | null;
  /** A read is under way. */
  busy: boolean;
  /** Read now; `fresh` asks the server to sample its source again rather than answer its stored reading. */
  refresh: (fresh?: boolean) => Promise<T | undefined>;
};

export function usePanelQuery<T>(options: {
  url: string;
  /** The URL that makes the server sample now (integrations), when it differs. */
  freshUrl?: string;
  /**
   * Milliseconds from now until the next read, given the data so far and when it came; null: no reading by itself
   * (auto-refresh is off).
   */
  every: (data: T | undefined, updatedAt: number) => number | null;
  /** False for a panel whose source is not configured: it never reads. */
  enabled?: boolean;
  /** What the loader found: the first data, its error, or nothing stored yet (null: read at once). */
  initial: Initial<T> | undefined;
  failure: string;
  /** Send the last answer's ETag (the services list: a read between two rounds costs a 304). */
  revalidate?: boolean;
}): Polled<T> {
  const { url, freshUrl, every, initial, failure, enabled = true } = options;
  const read = options.revalidate ? getJsonRevalidated : getJson;
  const renderedAt = useContext(RenderTime);
  const { lang } = useStaffText();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [url],
    queryFn: () => read<T>(url, failure, lang),
    enabled,
    initialData: initial?.ok ? initial.data : undefined,
    initialDataUpdatedAt: renderedAt,
    // Fresh until the next read is due: the loader's data is not read again on mount.
    staleTime: (current) => {
      const delay = every(current.state.data, current.state.dataUpdatedAt);
      return delay === null ? Infinity : Date.now() - current.state.dataUpdatedAt + delay;
    },
    refetchInterval: (current) => every(current.state.data, current.state.dataUpdatedAt) ?? false,
  });

  const refresh = useCallback(
    async (fresh = false): Promise<T | undefined> => {
      if (!enabled) return undefined;
      try {
        // An asked-for read shows its outcome at once: no retries.
        return await client.fetchQuery({
          queryKey: [url],
          queryFn: () => read<T>(fresh && freshUrl ? freshUrl : url, failure),
          staleTime: 0,
          retry: false,
        });
      } catch {
        return undefined;
      }
    },
    [client, enabled, url, freshUrl, failure, read],
  );

  // The loader's error stands until this page has read the source itself.
  const loaderError =
    initial && !initial.ok && query.dataUpdatedAt === 0 && query.errorUpdatedAt === 0 ? initial.error : null;
  return { data: query.data, error: query.error ? query.error.message : loaderError, busy: query.isFetching, refresh };
}
