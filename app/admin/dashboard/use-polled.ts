// One panel's data: its first value from the loader, then fetched from its
// API every interval while auto-refresh is on, and on Retry or Refresh. A
// failed fetch keeps the last data (marked by the error) rather than blanking
// the panel; a panel with no data yet shows its error state.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Initial } from "./dashboard.server.ts";

export type Polled<T> = {
  data: T | undefined;
  error: string | null;
  /** No data yet and a fetch is under way (the skeleton shows). */
  loading: boolean;
  /** A fetch is under way. */
  busy: boolean;
  /** Fetch now; `fresh` asks the server to sample its source again rather than answer its stored reading. */
  refresh: (fresh?: boolean) => Promise<T | undefined>;
};

export class PanelError extends Error {}

/** GET JSON; a failed status throws a PanelError with the panel's "Failed to load ..." text and, where the server gave one, its reason. */
export async function getJson<T>(url: string, failure: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { cache: "no-store", headers: { Accept: "application/json" } });
  } catch {
    throw new PanelError(`${failure}: the server cannot be reached`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PanelError(`${failure}: the answer was not JSON`);
  }
  if (!response.ok) {
    const details = (body as { details?: string; error?: string } | null)?.details ?? (body as { error?: string } | null)?.error;
    throw new PanelError(details ? `${failure}: ${details}` : failure);
  }
  return body as T;
}

export function usePolled<T>(options: {
  url: string;
  /** The URL that makes the server sample now (integrations), when it differs. */
  freshUrl?: string;
  /** How long until the next read, given the data so far; null: no polling (auto-refresh is off). */
  every: (data: T | undefined) => number | null;
  /** False for a panel whose source is not configured: it never fetches. */
  enabled?: boolean;
  initial: Initial<T> | undefined;
  failure: string;
}): Polled<T> {
  const { url, freshUrl, initial, failure, enabled = true } = options;
  const [data, setData] = useState<T | undefined>(initial?.ok ? initial.data : undefined);
  const [error, setError] = useState<string | null>(initial && !initial.ok ? initial.error : null);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef<Promise<T | undefined> | undefined>(undefined);

  const refresh = useCallback(
    (fresh = false): Promise<T | undefined> => {
      if (!enabled) return Promise.resolve(undefined);
      inFlight.current ??= (async () => {
        setLoading(true);
        try {
          const next = await getJson<T>(fresh && freshUrl ? freshUrl : url, failure);
          setData(next);
          setError(null);
          return next;
        } catch (caught) {
          setError(caught instanceof PanelError ? caught.message : failure);
          return undefined;
        } finally {
          setLoading(false);
          inFlight.current = undefined;
        }
      })();
      return inFlight.current;
    },
    [enabled, url, freshUrl, failure],
  );

  // No first data from the loader (nothing stored yet): fetch it now.
  useEffect(() => {
    if (enabled && !initial) void refresh();
  }, [enabled, initial, refresh]);

  const intervalMs = enabled ? options.every(data) : null;
  useEffect(() => {
    if (intervalMs === null) return;
    const timer = setInterval(() => void refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, refresh]);

  return { data, error, loading: loading && data === undefined, busy: loading, refresh };
}

/** POST JSON to the staff API; the answer's body, whatever its status. */
export async function postJson<T>(url: string, body?: unknown): Promise<{ ok: boolean; status: number; body: T | undefined }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = (await response.json().catch(() => undefined)) as T | undefined;
    return { ok: response.ok, status: response.status, body: parsed };
  } catch {
    return { ok: false, status: 0, body: undefined };
  }
}
