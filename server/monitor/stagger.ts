// How a round's starts are spread, shared by the server's engine and the
// remote probe (which loads nothing of the configuration's schema).
import type { Defaults } from "./services-config.ts";

/**
 * Starts of a service's checks are spread over this much of its round: a quarter of its interval, at most 15 s, unless
 * set.
 */
export function staggerMs(defaults: Pick<Defaults, "staggerSeconds">, intervalMs: number): number {
  return (defaults.staggerSeconds ?? Math.min(15, intervalMs / 4000)) * 1000;
}
