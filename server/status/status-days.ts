// The days and uptime figures of the public status: the last 90 days in the
// company's time zone (daylight saving included), each service's checks and
// failures counted per day and over 24 hours, 30 and 90 days, the share that
// succeeded, and since when it is measured (a new service has no 90-day figure).
import type { PublicIncident, PublicService, StatusDay } from "#shared/status/public-status.ts";
import { measuredSeconds, WINDOW_SECONDS } from "#shared/monitor/measured.ts";
import { addDays, dayOf, startOfDay } from "#shared/time/start-of-day.ts";

export const STATUS_DAYS = 90;

export type HourBucket = {
  serviceId: string;
  hour: number;
  checks: number;
  failures: number;
  /** The bucket's first check (ms) where known (raw results); a rolled-up hour counts from its start. */
  firstAt?: number;
};

/** The days shown, found once per status and shared by every service. */
export type StatusCalendar = {
  now: number;
  timeZone: string;
  days: CalendarDay[];
  dayIndex: ReadonlyMap<string, number>;
};
type Tally = { checks: number; failures: number };
type ServiceFigures = Pick<PublicService, "uptime" | "measuredSince" | "measuredSeconds" | "days">;

const iso = (ms: number) => new Date(ms).toISOString();

const percent = (checks: number, failures: number) =>
  checks === 0 ? null : Math.round(((checks - failures) / checks) * 10_000) / 100;

/** The service's first check counted in the days shown (ms), null without any: its figures cover the time since. */
function firstCheck(hours: readonly HourBucket[], serviceId: string, now: number): number | null {
  let since: number | null = null;
  for (const bucket of hours) {
    const first = bucket.firstAt ?? bucket.hour;
    if (bucket.serviceId !== serviceId || bucket.checks === 0 || now - first >= STATUS_DAYS * 86_400_000) continue;
    if (since === null || first < since) since = first;
  }
  return since;
}

/** A day shown: its date and the instants it begins and ends (now, for today). */
export type CalendarDay = { date: string; start: number; end: number };

/**
 * The last `count` days (oldest first), each from its local midnight (the first instant of its date in the zone)
 * to the next day's: 23 or 25 hours across a clock change, and on the half hour in zones such as Asia/Kolkata.
 */
export function lastDays(now: number, timeZone: string, count: number): CalendarDay[] {
  const today = dayOf(now, timeZone);
  const days: CalendarDay[] = [];
  let end = now;
  for (let back = 0; back < count; back++) {
    const date = addDays(today, -back);
    const start = startOfDay(date, timeZone);
    days.push({ date, start, end });
    end = start;
  }
  return days.reverse();
}

export function statusCalendar(now: number, timeZone: string): StatusCalendar {
  const days = lastDays(now, timeZone, STATUS_DAYS);
  return { now, timeZone, days, dayIndex: new Map(days.map((day, index) => [day.date, index])) };
}

/**
 * The service's checks and failures per day shown and per uptime window. The checks are summed per UTC hour (the
 * rollups), so a day that begins on the half hour (Asia/Kolkata) cannot be cut exactly: each hour counts whole
 * towards the day its start falls on, the same before and after it is rolled up (decision 051).
 */
function tally(calendar: StatusCalendar, hours: readonly HourBucket[], serviceId: string) {
  const { now, timeZone, days, dayIndex } = calendar;
  const perDay: Tally[] = days.map(() => ({ checks: 0, failures: 0 }));
  const windows = {
    h24: { checks: 0, failures: 0 },
    d30: { checks: 0, failures: 0 },
    d90: { checks: 0, failures: 0 },
  };
  for (const bucket of hours) {
    if (bucket.serviceId !== serviceId) continue;
    const index = dayIndex.get(dayOf(bucket.hour, timeZone));
    if (index !== undefined) {
      perDay[index]!.checks += bucket.checks;
      perDay[index]!.failures += bucket.failures;
    }
    const age = now - bucket.hour;
    for (const [key, span] of [
      ["h24", 86_400_000],
      ["d30", 30 * 86_400_000],
      ["d90", STATUS_DAYS * 86_400_000],
    ] as const) {
      if (age < span) {
        windows[key].checks += bucket.checks;
        windows[key].failures += bucket.failures;
      }
    }
  }
  return { perDay, windows };
}

/** A service's uptime per window and per day, each day with the incidents (of this service) it overlaps. */
export function serviceFigures(
  calendar: StatusCalendar,
  hours: readonly HourBucket[],
  serviceId: string,
  own: readonly PublicIncident[],
): ServiceFigures {
  const { now, days } = calendar;
  const { perDay, windows } = tally(calendar, hours, serviceId);
  const since = firstCheck(hours, serviceId, now);
  const statusDays: StatusDay[] = days.map((day, index) => ({
    date: day.date,
    uptime: percent(perDay[index]!.checks, perDay[index]!.failures),
    incidents: own
      .filter(
        (incident) =>
          Date.parse(incident.startedAt) < day.end &&
          (incident.resolvedAt === null ? now : Date.parse(incident.resolvedAt)) >= day.start,
      )
      .map((incident) => incident.id),
  }));
  return {
    uptime: {
      h24: percent(windows.h24.checks, windows.h24.failures),
      d30: percent(windows.d30.checks, windows.d30.failures),
      d90: percent(windows.d90.checks, windows.d90.failures),
    },
    measuredSince: since === null ? null : iso(since),
    measuredSeconds: {
      h24: measuredSeconds(since, now, WINDOW_SECONDS.h24),
      d30: measuredSeconds(since, now, WINDOW_SECONDS.d30),
      d90: measuredSeconds(since, now, WINDOW_SECONDS.d90),
    },
    days: statusDays,
  };
}
