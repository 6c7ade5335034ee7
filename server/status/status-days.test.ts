// The status page's days: each begins at local midnight in the company's
// zone (on the half hour in Kolkata, at 01:00 where a clock change skips
// midnight), lasts 23 or 25 hours across a change, and an incident or an
// hour of checks lands on the day it belongs to.
import { describe, expect, it } from "vitest";
import type { PublicIncident } from "#shared/status/public-status.ts";
import { dayOf } from "#shared/time/start-of-day.ts";
import { lastDays, serviceFigures, statusCalendar, STATUS_DAYS, type HourBucket } from "./status-days.ts";

const HOUR = 3_600_000;
const at = (text: string) => Date.parse(text);
const iso = (ms: number) => new Date(ms).toISOString();

type Scenario = { zone: string; now: string; days: { date: string; start: string; hours: number }[] };

// Three days ending with the day `now` falls on (today's end is now); expected starts from the zones' rules.
const scenarios: Scenario[] = [
  {
    zone: "Asia/Kolkata",
    now: "2026-11-24T19:10:00Z",
    days: [
      { date: "2026-11-23", start: "2026-11-22T18:30:00.000Z", hours: 24 },
      { date: "2026-11-24", start: "2026-11-23T18:30:00.000Z", hours: 24 },
      { date: "2026-11-25", start: "2026-11-24T18:30:00.000Z", hours: 40 / 60 },
    ],
  },
  {
    zone: "Australia/Adelaide",
    now: "2026-04-05T20:00:00Z",
    days: [
      { date: "2026-04-04", start: "2026-04-03T13:30:00.000Z", hours: 24 },
      { date: "2026-04-05", start: "2026-04-04T13:30:00.000Z", hours: 25 },
      { date: "2026-04-06", start: "2026-04-05T14:30:00.000Z", hours: 5.5 },
    ],
  },
  {
    zone: "Australia/Adelaide",
    now: "2026-10-04T20:00:00Z",
    days: [
      { date: "2026-10-03", start: "2026-10-02T14:30:00.000Z", hours: 24 },
      { date: "2026-10-04", start: "2026-10-03T14:30:00.000Z", hours: 23 },
      { date: "2026-10-05", start: "2026-10-04T13:30:00.000Z", hours: 6.5 },
    ],
  },
  {
    zone: "Europe/Berlin",
    now: "2026-03-30T06:00:00Z",
    days: [
      { date: "2026-03-28", start: "2026-03-27T23:00:00.000Z", hours: 24 },
      { date: "2026-03-29", start: "2026-03-28T23:00:00.000Z", hours: 23 },
      { date: "2026-03-30", start: "2026-03-29T22:00:00.000Z", hours: 8 },
    ],
  },
  {
    zone: "Europe/Berlin",
    now: "2026-10-26T06:00:00Z",
    days: [
      { date: "2026-10-24", start: "2026-10-23T22:00:00.000Z", hours: 24 },
      { date: "2026-10-25", start: "2026-10-24T22:00:00.000Z", hours: 25 },
      { date: "2026-10-26", start: "2026-10-25T23:00:00.000Z", hours: 7 },
    ],
  },
  {
    zone: "America/Santiago",
    now: "2026-09-07T12:00:00Z",
    days: [
      { date: "2026-09-05", start: "2026-09-05T04:00:00.000Z", hours: 24 },
      { date: "2026-09-06", start: "2026-09-06T04:00:00.000Z", hours: 23 },
      { date: "2026-09-07", start: "2026-09-07T03:00:00.000Z", hours: 9 },
    ],
  },
];

describe("the status page's days", () => {
  it.each(scenarios)("in $zone up to $now: each starts at local midnight", ({ zone, now, days }) => {
    const found = lastDays(at(now), zone, days.length);
    expect(
      found.map((day) => ({ date: day.date, start: iso(day.start), hours: (day.end - day.start) / HOUR })),
    ).toEqual(days);
    expect(found.at(-1)!.end).toBe(at(now));
  });

  it.each(["Asia/Kolkata", "Australia/Adelaide", "Europe/Berlin", "America/Santiago"])(
    "in %s, all 90 days follow each other, each beginning on its date's first instant",
    (zone) => {
      const { days } = statusCalendar(at("2026-11-24T19:10:00Z"), zone);
      expect(days).toHaveLength(STATUS_DAYS);
      days.forEach((day, index) => {
        expect(dayOf(day.start, zone)).toBe(day.date);
        expect(dayOf(day.start - 1, zone)).not.toBe(day.date);
        if (index > 0) expect(day.start).toBe(days[index - 1]!.end);
      });
    },
  );
});

describe("what lands on a day in a half-hour zone (Asia/Kolkata, +05:30)", () => {
  const now = at("2026-11-24T22:00:00Z"); // 25 Nov, 03:30
  const calendar = statusCalendar(now, "Asia/Kolkata");
  const dayOfFigures = (figures: ReturnType<typeof serviceFigures>, date: string) =>
    figures.days.find((day) => day.date === date)!;

  it("shows an incident of the first half hour after midnight on the new day only", () => {
    const incident: PublicIncident = {
      id: 7,
      serviceIds: ["api"],
      title: { en: "Outage", de: "Ausfall" },
      state: "resolved",
      startedAt: "2026-11-24T18:35:00.000Z", // 25 Nov, 00:05
      resolvedAt: "2026-11-24T18:50:00.000Z",
      updates: [],
    };
    const figures = serviceFigures(calendar, [], "api", [incident]);
    expect(dayOfFigures(figures, "2026-11-25").incidents).toEqual([7]);
    expect(dayOfFigures(figures, "2026-11-24").incidents).toEqual([]);
  });

  it("counts each hour of checks whole towards the day its start falls on", () => {
    const hours: HourBucket[] = [
      // 23:30 to 00:30: begins on the 24th.
      { serviceId: "api", hour: at("2026-11-24T18:00:00Z"), checks: 60, failures: 60 },
      // 00:30 to 01:30: the 25th.
      { serviceId: "api", hour: at("2026-11-24T19:00:00Z"), checks: 60, failures: 0 },
    ];
    const figures = serviceFigures(calendar, hours, "api", []);
    expect(dayOfFigures(figures, "2026-11-24").uptime).toBe(0);
    expect(dayOfFigures(figures, "2026-11-25").uptime).toBe(100);
  });
});
