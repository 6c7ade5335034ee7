// How the dashboard writes numbers: bytes in B, KB, MB, GB
// with steps of 1024; times under 1000 ms in ms, longer ones in seconds; the
// last update as "Ns ago", "Nm ago" or a time of day.
import { COMPANY_TIME_ZONE, formatInZone } from "#shared/time/zoned-time.ts";

const UNITS = ["B", "KB", "MB", "GB"] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "–";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;
}

/**
 * "12s ago", "5m ago", or the time of day once an hour has passed, in the company's zone and named by it ("10:26
 * CET"): the server's render and every browser write the same.
 */
export function formatAgo(
  at: number | string | null | undefined,
  now: number,
  timeZone: string = COMPANY_TIME_ZONE,
): string {
  if (at === null || at === undefined) return "never";
  const time = typeof at === "string" ? Date.parse(at) : at;
  if (!Number.isFinite(time)) return "never";
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  return formatInZone(time, { lang: "en", timeZone, style: "time" });
}

/** Data older than two of its intervals is stale: the sampler is not keeping up, or has stopped. */
export function isStale(
  at: number | string | null | undefined,
  intervalSeconds: number | null | undefined,
  now: number,
): boolean {
  if (at === null || at === undefined || !intervalSeconds) return false;
  const time = typeof at === "string" ? Date.parse(at) : at;
  return Number.isFinite(time) && now - time > 2 * intervalSeconds * 1000;
}

/** A length of time in the largest two units: "45s", "12m 5s", "3h 20m", "2d 4h". */
export function formatSpan(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  const seconds = Math.floor(ms / 1000);
  const units: [number, string][] = [
    [Math.floor(seconds / 86_400), "d"],
    [Math.floor(seconds / 3600) % 24, "h"],
    [Math.floor(seconds / 60) % 60, "m"],
    [seconds % 60, "s"],
  ];
  const first = units.findIndex(([value]) => value > 0);
  if (first === -1) return "0s";
  return units
    .slice(first, first + 2)
    .filter(([value], index) => index === 0 || value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join(" ");
}
