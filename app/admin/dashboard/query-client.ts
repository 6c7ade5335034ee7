// The dashboard's TanStack Query client. Its defaults are already the
// dashboard's rules (three retries, 1 s doubling to at most 30 s between them,
// unused data dropped after five minutes); only answers that say the request
// itself is wrong (4xx: signed out, not configured) are not retried, since
// asking again cannot change them.
import { QueryClient } from "@tanstack/react-query";
import { PanelError } from "./staff-api.ts";

export const MAX_RETRIES = 3;

export function shouldRetry(failures: number, error: unknown): boolean {
  const status = error instanceof PanelError ? error.status : null;
  if (status !== null && status >= 400 && status < 500) return false;
  return failures < MAX_RETRIES;
}

export function createDashboardQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
