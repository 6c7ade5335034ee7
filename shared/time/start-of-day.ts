// Calendar days in a time zone: which date an instant falls on, and the
// instant a date begins (Temporal's start of day: local midnight, or, where a
// clock change skips midnight, the first instant after the jump). Exact in
// every IANA zone, half-hour and quarter-hour offsets included, from the
// runtime's own zone data (Intl): Node 20 has no Temporal, and a polyfill
// here would reach the browser with every page that shows a day.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// One formatter per zone and kind: making one costs far more than using it.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function cached(formats: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = make()));
  return format;
}

/** "2026-11-24": the date an instant falls on in the time zone. */
export function dayOf(ms: number, timeZone: string): string {
  const format = cached(
    dateFormats,
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  );
  return format.format(ms);
}

/** How far the zone's clocks are ahead of UTC at an instant, in ms (Kolkata: +5.5 h). */
export function offsetAt(ms: number, timeZone: string): number {
  const format = cached(
    wallFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      }),
  );
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  // The wall clock shows whole seconds: compare it with the instant's whole second.
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** "2026-11-24" as the ms of its midnight written as if it were UTC; throws on anything else. */
function wallMidnight(date: string): number {
  const match = DATE.exec(date);
  const wall = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== date)
    throw new RangeError(`not a calendar date "YYYY-MM-DD": ${JSON.stringify(date)}`);
  return wall;
}

/** The date `days` after (or before, when negative) a date: calendar arithmetic, no zone involved. */
export function addDays(date: string, days: number): string {
  return new Date(wallMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant (ms) of `date` in the zone. Midnight is tried with the offsets in force a day before and a day
 * after (a clock change between them is the only way it can differ); of those that really show midnight, the
 * earlier (midnight shown twice when the clocks go back across it). Where none does, the clocks jumped over
 * midnight, and the day begins at the jump: the first instant between the two that falls on `date`.
 */
export function startOfDay(date: string, timeZone: string): number {
  const wall = wallMidnight(date);
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const shown = [before, after].filter((instant) => instant + offsetAt(instant, timeZone) === wall);
  if (shown.length > 0) return Math.min(...shown);
  return firstInstantOf(date, timeZone, Math.min(before, after), Math.max(before, after));
}

/** Bisection: `from` falls before `date`, `to` on it; the first instant (ms) on it. */
function firstInstantOf(date: string, timeZone: string, from: number, to: number): number {
  let [low, high] = [from, to];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dayOf(middle, timeZone) < date) low = middle;
    else high = middle;
  }
  return high;
}

/** The date's first instant and the next date's (ms): how long the day is, 23 or 25 hours across a clock change. */
export function dayBounds(date: string, timeZone: string): { start: number; end: number } {
  return { start: startOfDay(date, timeZone), end: startOfDay(addDays(date, 1), timeZone) };
}
