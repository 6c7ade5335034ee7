// How the dashboard writes numbers: bytes in B, KB, MB, GB
// with steps of 1024; times under 1000 ms in ms, longer ones in seconds; the
// last update as "Ns ago", "Nm ago" or a time of day. English by default (the
// public status page and the server's texts); the staff area passes its language.
import type { Language } from "#shared/i18n/languages.ts";
import { COMPANY_TIME_ZONE, formatInZone } from "#shared/time/zoned-time.ts";

/** A decimal number in the reader's way: "1.5" in English, "1,5" in German. */
function decimal(value: number, digits: number, lang: Language): string {
  const text = value.toFixed(digits);
  return lang === "de" ? text.replace(".", ",") : text;
}

const UNITS = ["B", "KB", "MB", "GB"] as const;

export function formatBytes(bytes: number, lang: Language = "en"): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "–";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${decimal(value, value >= 100 ? 0 : 1, lang)} ${UNITS[unit]}`;
}

/** "120ms", "1.23s" (German "120 ms", "1,23 s": German writes a space before a unit). */
export function formatDuration(ms: number | null | undefined, lang: Language = "en"): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  const gap = lang === "de" ? "\u00a0" : "";
  return ms < 1000 ? `${Math.round(ms)}${gap}ms` : `${decimal(ms / 1000, ms < 10_000 ? 2 : 1, lang)}${gap}s`;
}

const AGO: Record<Language, { never: string; seconds: string; minutes: string }> = {
  en: { never: "never", seconds: "{n}s ago", minutes: "{n}m ago" },
  de: { never: "nie", seconds: "vor {n}\u00a0s", minutes: "vor {n}\u00a0Min." },
};

/**
 * "12s ago", "5m ago" (German "vor 12 s", "vor 5 Min."), or the time of day once an hour has passed, in the
 * company's zone and named by it ("10:26 CET"): the server's render and every browser write the same.
 */
export function formatAgo(
  at: number | string | null | undefined,
  now: number,
  timeZone: string = COMPANY_TIME_ZONE,
  lang: Language = "en",
): string {
  const words = AGO[lang];
  if (at === null || at === undefined) return words.never;
  const time = typeof at === "string" ? Date.parse(at) : at;
  if (!Number.isFinite(time)) return words.never;
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return words.seconds.replace("{n}", String(seconds));
  if (seconds < 3600) return words.minutes.replace("{n}", String(Math.floor(seconds / 60)));
  return formatInZone(time, { lang, timeZone, style: "time" });
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

// German spells its units out a little and sets them apart: "2 T. 4 Std.", not "2T4Std".
const SPAN_UNITS: Record<Language, { units: [string, string, string, string]; gap: string }> = {
  en: { units: ["d", "h", "m", "s"], gap: "" },
  de: { units: ["T.", "Std.", "Min.", "s"], gap: "\u00a0" },
};

/** A length of time in the largest two units: "45s", "12m 5s", "3h 20m", "2d 4h" (German "3 Std. 20 Min."). */
export function formatSpan(ms: number, lang: Language = "en"): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  const { units: names, gap } = SPAN_UNITS[lang];
  const seconds = Math.floor(ms / 1000);
  const units: [number, string][] = [
    [Math.floor(seconds / 86_400), names[0]],
    [Math.floor(seconds / 3600) % 24, names[1]],
    [Math.floor(seconds / 60) % 60, names[2]],
    [seconds % 60, names[3]],
  ];
  const first = units.findIndex(([value]) => value > 0);
  if (first === -1) return `0${gap}${names[3]}`;
  return units
    .slice(first, first + 2)
    .filter(([value], index) => index === 0 || value > 0)
    .map(([value, unit]) => `${value}${gap}${unit}`)
    .join(" ");
}
