import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { addDays, dayBounds, dayOf, offsetAt, startOfDay } from "./start-of-day.ts";

type Scenario = { zone: string; date: string; start: string; hours: number; why: string };

// Expected instants from the zones' rules (tzdata), not from the code under test.
const scenarios: Scenario[] = [
  { zone: "Asia/Kolkata", date: "2026-11-24", start: "2026-11-23T18:30:00Z", hours: 24, why: "+05:30" },
  { zone: "Asia/Kolkata", date: "2026-03-29", start: "2026-03-28T18:30:00Z", hours: 24, why: "no DST" },
  { zone: "Asia/Kathmandu", date: "2026-01-01", start: "2025-12-31T18:15:00Z", hours: 24, why: "+05:45" },
  { zone: "Europe/Berlin", date: "2026-01-15", start: "2026-01-14T23:00:00Z", hours: 24, why: "CET" },
  { zone: "Europe/Berlin", date: "2026-03-29", start: "2026-03-28T23:00:00Z", hours: 23, why: "clocks go forward" },
  { zone: "Europe/Berlin", date: "2026-03-30", start: "2026-03-29T22:00:00Z", hours: 24, why: "first CEST day" },
  { zone: "Europe/Berlin", date: "2026-10-25", start: "2026-10-24T22:00:00Z", hours: 25, why: "clocks go back" },
  { zone: "Europe/Berlin", date: "2026-10-26", start: "2026-10-25T23:00:00Z", hours: 24, why: "first CET day" },
  { zone: "Australia/Adelaide", date: "2026-07-01", start: "2026-06-30T14:30:00Z", hours: 24, why: "+09:30" },
  { zone: "Australia/Adelaide", date: "2026-04-05", start: "2026-04-04T13:30:00Z", hours: 25, why: "DST ends" },
  { zone: "Australia/Adelaide", date: "2026-10-04", start: "2026-10-03T14:30:00Z", hours: 23, why: "DST starts" },
  { zone: "Australia/Adelaide", date: "2026-12-01", start: "2026-11-30T13:30:00Z", hours: 24, why: "+10:30" },
  // Chile's clocks go from 00:00 -04 to 01:00 -03: the day starts at 01:00.
  { zone: "America/Santiago", date: "2026-09-06", start: "2026-09-06T04:00:00Z", hours: 23, why: "midnight skipped" },
  // The clocks go back at 00:00 -03 (to 23:00 -04): Apr 5's midnight comes once, an hour later.
  { zone: "America/Santiago", date: "2026-04-04", start: "2026-04-04T03:00:00Z", hours: 25, why: "back at midnight" },
  { zone: "America/Santiago", date: "2026-04-05", start: "2026-04-05T04:00:00Z", hours: 24, why: "after going back" },
  // Cuba goes back from 01:00 to 00:00: midnight is shown twice, the day starts at the first.
  { zone: "America/Havana", date: "2026-11-01", start: "2026-11-01T04:00:00Z", hours: 25, why: "midnight twice" },
  { zone: "America/Havana", date: "2026-03-08", start: "2026-03-08T05:00:00Z", hours: 23, why: "midnight skipped" },
  { zone: "UTC", date: "2026-02-28", start: "2026-02-28T00:00:00Z", hours: 24, why: "UTC" },
];

describe("the start of a day in a time zone", () => {
  it.each(scenarios)("$zone $date ($why): starts $start, lasts $hours h", ({ zone, date, start, hours }) => {
    const bounds = dayBounds(date, zone);
    expect(new Date(bounds.start).toISOString()).toBe(new Date(start).toISOString());
    expect((bounds.end - bounds.start) / 3_600_000).toBe(hours);
    expect(dayOf(bounds.start, zone)).toBe(date);
    expect(dayOf(bounds.start - 1, zone)).not.toBe(date);
    expect(dayOf(bounds.end - 1, zone)).toBe(date);
    expect(dayOf(bounds.end, zone)).toBe(addDays(date, 1));
  });

  it("agrees with Temporal's startOfDay in every zone the runtime knows, on any date", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    const dates = fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2037-12-31T00:00:00Z"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.constantFrom(...zones), dates, (zone, date) => {
        const expected = Temporal.PlainDate.from(date).toZonedDateTime(zone).epochMilliseconds;
        expect(startOfDay(date, zone)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it("finds each zone's offset at an instant, before and after a change", () => {
    expect(offsetAt(Date.parse("2026-03-29T00:59:59.999Z"), "Europe/Berlin")).toBe(3_600_000);
    expect(offsetAt(Date.parse("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe(7_200_000);
    expect(offsetAt(Date.parse("2026-07-01T12:00:00Z"), "Asia/Kolkata")).toBe(19_800_000);
    expect(offsetAt(Date.parse("1969-07-20T20:17:40.5Z"), "America/New_York")).toBe(-14_400_000);
  });

  it("counts calendar days across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-11-27", -89)).toBe("2026-08-30");
  });

  it("refuses what is not a calendar date", () => {
    for (const text of ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", ""])
      expect(() => startOfDay(text, "Europe/Berlin")).toThrow(RangeError);
  });
});
