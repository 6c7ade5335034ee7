// How much of an uptime window was measured: a share computed from fifteen
// minutes of checks is no 30-day figure, so every uptime is shown with the
// part of its window it covers ("measured 15 min of 30 d"), and "–" without.

import type { Language } from "#shared/i18n/languages.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The windows the screens show, in seconds. */
export const WINDOW_SECONDS = { h24: DAY, d7: 7 * DAY, d30: 30 * DAY, d90: 90 * DAY } as const;

/** Seconds of the window measured: from the first check counted until now, at most the window. */
export function measuredSeconds(since: number | null, now: number, windowSeconds: number): number {
  if (since === null) return 0;
  return Math.max(0, Math.min(windowSeconds, Math.round((now - since) / 1000)));
}

/** A window counts as fully measured from 99.5 % on: a few minutes short of 30 days is no news. */
export const FULLY_MEASURED = 0.995;

const UNITS: Record<Language, { min: string; h: string; d: string }> = {
  en: { min: "min", h: "h", d: "d" },
  de: { min: "Min.", h: "Std.", d: "T." },
};

/**
 * "15 min", "5 h", "12 d" (German "15 Min.", "5 Std.", "12 T."), rounded down: never more than was measured. A
 * no-break space holds each number to its unit in a narrow column.
 */
export function formatSpan(seconds: number, lang: Language = "en"): string {
  const unit = UNITS[lang];
  if (seconds < HOUR) return `${Math.max(1, Math.floor(seconds / MINUTE))}\u00a0${unit.min}`;
  if (seconds < 2 * DAY) return `${Math.floor(seconds / HOUR)}\u00a0${unit.h}`;
  return `${Math.floor(seconds / DAY)}\u00a0${unit.d}`;
}

/**
 * "measured 15 min of 30 d" ("gemessen: 15 Min. von 30 T."), or null when the window is (almost) fully measured or
 * nothing was measured (the figure itself is "–" then).
 */
export function measuredNote(seconds: number, windowSeconds: number, lang: Language = "en"): string | null {
  if (seconds <= 0 || seconds >= windowSeconds * FULLY_MEASURED) return null;
  const span = formatSpan(seconds, lang);
  const window = formatSpan(windowSeconds, lang);
  return lang === "de" ? `gemessen: ${span} von ${window}` : `measured ${span} of ${window}`;
}
