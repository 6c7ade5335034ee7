// A service's 90 days as the status page draws them: a notable day alone,
// quiet days in a row with the very same uptime as one run (decision 037).
// The page's loader hands the runs to the render instead of the days, so a
// page of hundreds of services neither draws nor serializes 90 of each.
import type { PublicService, PublicStatus, StatusDay } from "#shared/status/public-status.ts";

/** Days drawn as one element: from and to (the same day when alone), how many, and where the first is among all. */
export interface DayRun {
  from: string;
  to: string;
  uptime: number | null;
  incidents: number[];
  count: number;
  index: number;
  /** Today, or a day with an incident or under 99.9 %: always alone, and a tab stop before the script runs. */
  notable: boolean;
}

/** Days that keep a tab stop before the script runs: today, and any day with something to tell. */
export function isNotableDay(day: StatusDay, index: number, count: number): boolean {
  return index === count - 1 || day.incidents.length > 0 || (day.uptime !== null && day.uptime < 99.9);
}

/**
 * The days as elements: a notable day alone, quiet days together while their uptime is the very same (100 %, or no
 * checks), so no run's label hides a figure a single day's would show.
 */
export function dayRuns(days: readonly StatusDay[]): DayRun[] {
  const runs: DayRun[] = [];
  days.forEach((day, index) => {
    const notable = isNotableDay(day, index, days.length);
    const open = runs.at(-1);
    if (open && !notable && !open.notable && open.uptime === day.uptime) {
      open.to = day.date;
      open.count += 1;
    } else
      runs.push({
        from: day.date,
        to: day.date,
        uptime: day.uptime,
        incidents: day.incidents,
        count: 1,
        index,
        notable,
      });
  });
  return runs;
}

export type ServiceView = Omit<PublicService, "days"> & { runs: DayRun[] };
export type StatusView = Omit<PublicStatus, "services" | "incidentOf"> & { services: ServiceView[] };

/** The status as the page renders it: each service's days as runs. */
export function statusView({ incidentOf: _internal, ...status }: PublicStatus): StatusView {
  return { ...status, services: status.services.map(({ days, ...service }) => ({ ...service, runs: dayRuns(days) })) };
}
