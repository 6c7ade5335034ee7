// Scheduled maintenance windows: the `maintenance:` part of the monitoring
// configuration, and the questions asked of it (which windows are in force,
// which come next, does one cover this service). Alert notices are held back
// while a window covers their target.
//
// Start and end times are wall-clock times in the window's zone, so "every
// Sunday at 02:00" stays at 02:00 local across daylight saving; a duration is
// real elapsed time. Zones are Temporal's (the polyfill gives way to the
// runtime's own Temporal where there is one): it knows when each zone's
// clocks change, so a wall time becomes an instant without guessing offsets.
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { COMPANY_TIME_ZONE } from "#shared/time/zoned-time.ts";

/** In the order of Date#getUTCDay(), which is how a day's name is found. */
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MAX_SPAN_MS = 7 * DAY;

/** A date and time of day as a clock on the wall in some zone shows it (month 1-12). */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

/**
 * One occurrence of a window: from startsAt (inclusive) to endsAt (exclusive), epoch ms. `services: null` covers
 * everything.
 */
export type ActiveWindow = { name: string; startsAt: number; endsAt: number; services: string[] | null };

type WindowBase = { name: string; timezone: string; services: string[] | null };
/**
 * Starts on each of `days` at `startMinute` (after local midnight); ends after a real duration, or at a local time of
 * day (the next day when not after the start).
 */
export type WeeklyWindow = WindowBase & {
  kind: "weekly";
  days: Weekday[];
  startMinute: number;
  until: { durationMs: number } | { endMinute: number };
};
/** Happens once; its local start and end became instants when the configuration was read. */
export type OneOffWindow = WindowBase & { kind: "once"; startsAt: number; endsAt: number };
export type MaintenanceWindow = WeeklyWindow | OneOffWindow;
export type MaintenanceConfig = { timezone: string; windows: MaintenanceWindow[] };

function isTimeZone(name: string): boolean {
  try {
    new Temporal.ZonedDateTime(0n, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant at which a wall clock in `timeZone` shows `wall`. A time skipped
 * when the clocks go forward becomes the instant they jump to (02:30 -> 03:00);
 * a time shown twice when they go back is its first occurrence.
 */
export function wallTimeToEpoch(wall: WallTime, timeZone: string): number {
  return wallMsToEpoch(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute), timeZone);
}

/** wallTimeToEpoch for a wall time written as if it were UTC ms, the form this module computes days in. */
function wallMsToEpoch(wall: number, timeZone: string): number {
  const date = new Date(wall);
  const shown = new Temporal.PlainDateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
  );
  // "earlier": of a time shown twice, the first; of a skipped one, an instant before the jump, whose next transition
  // is the jump itself.
  const zoned = shown.toZonedDateTime(timeZone, { disambiguation: "earlier" });
  if (zoned.toPlainDateTime().equals(shown)) return zoned.epochMilliseconds;
  return zoned.getTimeZoneTransition("next")!.epochMilliseconds;
}

/** Local midnight of the day `epoch` falls on in `timeZone`, as wall ms. */
function localDay(epoch: number, timeZone: string): number {
  const { year, month, day } = Temporal.Instant.fromEpochMilliseconds(epoch).toZonedDateTimeISO(timeZone);
  return Date.UTC(year, month - 1, day);
}

function occurrenceOn(window: WeeklyWindow, day: number): ActiveWindow {
  const startsAt = wallMsToEpoch(day + window.startMinute * MINUTE, window.timezone);
  const { until } = window;
  const endsAt =
    "durationMs" in until
      ? startsAt + until.durationMs
      : wallMsToEpoch(
          day + (until.endMinute > window.startMinute ? 0 : DAY) + until.endMinute * MINUTE,
          window.timezone,
        );
  return { name: window.name, startsAt, endsAt, services: window.services };
}

/**
 * The occurrences starting on the local days `from` to `to` days after the day `now` falls on; a one-off's only one
 * whatever the days.
 */
function occurrences(window: MaintenanceWindow, now: number, from: number, to: number): ActiveWindow[] {
  const { name, services } = window;
  if (window.kind === "once") return [{ name, startsAt: window.startsAt, endsAt: window.endsAt, services }];
  const today = localDay(now, window.timezone);
  const found: ActiveWindow[] = [];
  for (let offset = from; offset <= to; offset++) {
    const day = today + offset * DAY;
    if (window.days.includes(WEEKDAYS[new Date(day).getUTCDay()]!)) found.push(occurrenceOn(window, day));
  }
  return found;
}

// A weekly window may have started up to 7 days (its longest duration) before
// today. One started 8 days before can still run only when the clocks went
// forward since; then the one a week later runs too, and ends later.
const LOOKBACK_DAYS = 7;

/**
 * The windows in force at `now`, in configuration order. When occurrences of
 * one window overlap, it is reported once, with the occurrence that ends last.
 */
export function activeWindows(config: Pick<MaintenanceConfig, "windows">, now: number): ActiveWindow[] {
  return config.windows.flatMap((window) => {
    const running = occurrences(window, now, -LOOKBACK_DAYS, 0).filter(
      (entry) => entry.startsAt <= now && now < entry.endsAt,
    );
    return running.length === 0 ? [] : [running.reduce((last, entry) => (entry.endsAt > last.endsAt ? entry : last))];
  });
}

/**
 * The next `limit` occurrences starting after `now` (those already running are activeWindows'), soonest first; a tie
 * keeps configuration order.
 */
export function nextWindows(config: Pick<MaintenanceConfig, "windows">, now: number, limit: number): ActiveWindow[] {
  if (limit <= 0) return [];
  // Every week holds at least one start of a weekly window, so limit + 1 weeks hold `limit` starts after today's.
  const upcoming = config.windows.flatMap((window) =>
    occurrences(window, now, 0, 7 * (limit + 1))
      .filter((entry) => entry.startsAt > now)
      .slice(0, limit),
  );
  return upcoming.sort((a, b) => a.startsAt - b.startsAt).slice(0, limit);
}

/**
 * The first window that covers a target; a target without a service id (a certificate, say) is covered only by windows
 * for everything.
 */
export function coversService<W extends Pick<ActiveWindow, "services">>(
  windows: readonly W[],
  serviceId: string | null,
): W | undefined {
  return windows.find(
    (window) => window.services === null || (serviceId !== null && window.services.includes(serviceId)),
  );
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)$/;
const DURATION = /^(?:(\d+)h)?(?:(\d+)m)?$/;
const DURATION_FORMAT = 'must be like "90m", "2h", "1h30m" or a number of minutes';

/** "02:30" -> 150 minutes after midnight. */
function minuteOfDay(text: string): number | undefined {
  const match = TIME_OF_DAY.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** "2026-12-05 22:00" -> that wall time as UTC ms; a day the calendar lacks (02-30) is refused too. */
function wallDateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return new Date(wall).getUTCDate() === day && month >= 1 && month <= 12 ? wall : undefined;
}

const timeZoneSchema = z.string().superRefine((name, context) => {
  if (!isTimeZone(name)) context.addIssue({ code: "custom", message: `unknown time zone "${name}"` });
});

const dayList = z
  .array(
    z.enum(WEEKDAYS, {
      error: (issue) => `unknown day ${JSON.stringify(issue.input)}: use mon, tue, wed, thu, fri, sat or sun`,
    }),
  )
  .min(1, "needs at least one day")
  .superRefine((days, context) =>
    days.forEach((day, index) => {
      if (days.indexOf(day) < index)
        context.addIssue({ code: "custom", path: [index], message: `"${day}" is listed twice` });
    }),
  );

/** Real elapsed time, in ms. */
const durationSchema = z.union([z.number(), z.string()], { error: DURATION_FORMAT }).transform((value, context) => {
  const match = typeof value === "string" ? DURATION.exec(value) : null;
  const minutes =
    typeof value === "number"
      ? value
      : match && (match[1] || match[2])
        ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)
        : NaN;
  const problem = Number.isNaN(minutes)
    ? DURATION_FORMAT
    : !Number.isInteger(minutes)
      ? "must be a whole number of minutes"
      : minutes <= 0
        ? "must be longer than 0"
        : minutes * MINUTE > MAX_SPAN_MS
          ? "must be at most 7 days (10080 minutes)"
          : undefined;
  if (problem) context.addIssue({ code: "custom", message: problem });
  return minutes * MINUTE;
});

/** A window before its zone is settled: the section's zone is its default, and a one-off's instants depend on it. */
type WindowDraft =
  | (Omit<WeeklyWindow, "timezone"> & { timezone?: string })
  | (Omit<OneOffWindow, "timezone" | "startsAt" | "endsAt"> & {
      timezone?: string;
      startWall: number;
      until: { durationMs: number } | { endWall: number };
    });

const windowSchema = z
  .object({
    name: z.string({ error: "needs a name" }).min(1, "needs a name").max(100, "at most 100 characters"),
    start: z.string({ error: 'needs a start: "HH:mm" with every, "YYYY-MM-DD HH:mm" without' }),
    end: z.string({ error: 'must be a quoted "HH:mm" or "YYYY-MM-DD HH:mm"' }).optional(),
    duration: durationSchema.optional(),
    every: dayList.optional(),
    timezone: timeZoneSchema.optional(),
    services: z
      .array(z.string().min(1, "needs a service id"))
      .min(1, "list at least one service, or leave services out to cover every one")
      .optional(),
  })
  .strict()
  .transform((input, context): WindowDraft => {
    const problem = (path: string[], message: string) => context.addIssue({ code: "custom", path, message });
    const { name, timezone, every, duration, end } = input;
    const services = input.services ?? null;
    if ((duration === undefined) === (end === undefined)) problem([], "needs either duration or end, not both");
    if (every) {
      const timeOfDay = (text: string) =>
        `must be a time of day "HH:mm" (00:00 to 23:59) for a weekly window, not "${text}"`;
      const startMinute = minuteOfDay(input.start);
      const endMinute = end === undefined ? undefined : minuteOfDay(end);
      if (startMinute === undefined) problem(["start"], timeOfDay(input.start));
      if (end !== undefined && endMinute === undefined) problem(["end"], timeOfDay(end));
      else if (endMinute !== undefined && endMinute === startMinute)
        problem(["end"], "must differ from start (for a whole day, use duration: 24h)");
      // With a problem reported, the value is never used: the parse fails.
      const until = endMinute === undefined ? { durationMs: duration ?? 0 } : { endMinute };
      return { kind: "weekly", name, timezone, services, days: every, startMinute: startMinute ?? 0, until };
    }
    const dateTime = (text: string) =>
      `must be a local date-time "YYYY-MM-DD HH:mm" for a one-off window (with every, a time of day), not "${text}"`;
    const startWall = wallDateTime(input.start);
    const endWall = end === undefined ? undefined : wallDateTime(end);
    if (startWall === undefined) problem(["start"], dateTime(input.start));
    if (end !== undefined && endWall === undefined) problem(["end"], dateTime(end));
    else if (startWall !== undefined && endWall !== undefined) {
      if (endWall <= startWall) problem(["end"], "must be after start");
      // Like a duration, and so that a mistyped year cannot silence alerts for a year.
      else if (endWall - startWall > MAX_SPAN_MS) problem(["end"], "must be at most 7 days after start");
    }
    const until = endWall === undefined ? { durationMs: duration ?? 0 } : { endWall };
    return { kind: "once", name, timezone, services, startWall: startWall ?? 0, until };
  });

/** Settles a window's zone and turns a one-off's wall times into instants. */
function settle(draft: WindowDraft, sectionZone: string): MaintenanceWindow {
  const timezone = draft.timezone ?? sectionZone;
  if (draft.kind === "weekly") return { ...draft, timezone };
  const { startWall, until, ...rest } = draft;
  const startsAt = wallMsToEpoch(startWall, timezone);
  const endsAt = "durationMs" in until ? startsAt + until.durationMs : wallMsToEpoch(until.endWall, timezone);
  return { ...rest, timezone, startsAt, endsAt };
}

/**
 * The `maintenance:` section; a missing one has no windows. Service ids are not
 * checked here: the whole configuration knows its services and checks each
 * window's `services` against them.
 */
export const maintenanceSchema = z
  .object({
    timezone: timeZoneSchema.default(COMPANY_TIME_ZONE),
    windows: z.array(windowSchema).max(100, "at most 100 windows").default([]),
  })
  .strict()
  .prefault({})
  .transform((section): MaintenanceConfig => ({
    timezone: section.timezone,
    windows: section.windows.map((draft) => settle(draft, section.timezone)),
  }));

export type MaintenanceInput = z.input<typeof maintenanceSchema>;
