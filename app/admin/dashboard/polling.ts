// How often each panel reads its API. Maintenance, AI health and
// certificates are read whether auto-refresh is on or not (a maintenance
// window or an expiring certificate must show up on a screen left alone);
// services, nginx and HAProxy only while it is on. Service health is read
// when the engine's next round is due, not on a timer of the page's own, so
// "next check in" counts down to a round that really comes.

/** Seconds between reads (the engine's own interval for service health, when it has one). */
export const POLL_SECONDS = {
  health: 60,
  maintenance: 30,
  ai: 120,
  nginx: 60,
  haproxy: 30,
  certificates: 300,
  configuration: 60,
} as const;

/** Panels read while auto-refresh is off too. */
export const ALWAYS_POLLED = new Set<keyof typeof POLL_SECONDS>(["maintenance", "ai", "certificates"]);

/** Until the engine's first round is stored, service health is read this often. */
export const FIRST_ROUND_POLL_MS = 3_000;
/** After a round is due, how long the engine gets to store it before the page reads it. */
export const ROUND_GRACE_MS = 1_500;
/** The least time between two reads of service health. */
const MIN_POLL_MS = 1_000;
/** A read that is due now still goes through a timer (TanStack Query takes 0 as "no timer"). */
const DUE_NOW_MS = 100;

export type HealthTiming = {
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
  intervalSeconds?: number | null;
  /** The most often checked service's interval (the health poll holds the fleet's figures, not every service). */
  fastestIntervalSeconds?: number | null;
};

/** The engine's shortest interval: its most often checked service's (each carries the default or its own). */
export function fastestInterval(health: HealthTiming): number {
  return health.fastestIntervalSeconds ?? health.intervalSeconds ?? POLL_SECONDS.health;
}

/** While a started round is not stored yet, reads come this often: a round takes up to a quarter of its interval. */
function roundPendingPollMs(intervalMs: number): number {
  return Math.min(5_000, Math.max(2_000, intervalMs / 12));
}

/**
 * Milliseconds from `now` until service health should be read again, given
 * the last answer and when it came (`updatedAt`): shortly after the next round
 * is due; every few seconds while a round that has started is not stored yet,
 * and until the first round ever; once an interval while the engine is not
 * checking at all.
 */
export function nextHealthRead(health: HealthTiming | undefined, updatedAt: number, now: number): number {
  // Aimed at a moment, not a delay from now: a re-render that asks again does not put the read off.
  const at = (readAt: number, intervalMs: number) =>
    Math.max(DUE_NOW_MS, Math.min(Math.max(readAt, updatedAt + MIN_POLL_MS) - now, intervalMs));
  if (!health?.lastCheckedAt) return at(updatedAt + FIRST_ROUND_POLL_MS, FIRST_ROUND_POLL_MS);
  const intervalMs = fastestInterval(health) * 1000;
  const last = Date.parse(health.lastCheckedAt);
  const next = health.nextCheckAt ? Date.parse(health.nextCheckAt) : last + intervalMs;
  // The engine moves nextCheckAt on when it starts a round and stores lastCheckedAt when the round ends:
  // more than an interval and a half between them means a round is running.
  const running = next - last > intervalMs * 1.5;
  // A round overdue by more than an interval: the engine has stopped (the health card says Stale); read at its pace.
  if (updatedAt - next > intervalMs) return at(updatedAt + intervalMs, intervalMs);
  const readAt = running || next <= updatedAt ? updatedAt + roundPendingPollMs(intervalMs) : next + ROUND_GRACE_MS;
  return at(readAt, intervalMs);
}

/** Seconds until the next round, or null once it is due (the engine is checking). */
export function secondsToNextCheck(nextCheckAt: string | null | undefined, now: number): number | null {
  if (!nextCheckAt) return null;
  const seconds = Math.ceil((Date.parse(nextCheckAt) - now) / 1000);
  return seconds > 0 ? seconds : null;
}
