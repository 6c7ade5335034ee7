import { describe, expect, it } from "vitest";
import { formatInZone, zonedTime, type ZonedStyle } from "./zoned-time.ts";
import type { Language } from "#shared/i18n/languages.ts";

const BERLIN = "Europe/Berlin";

type Scenario = {
  name: string;
  at: string;
  lang: Language;
  visitorZone: string | null;
  style?: ZonedStyle;
  seconds?: boolean;
  company: string;
  visitor: string | null;
};

// Last Sunday of March 2027 (28 Mar), 01:00 UTC: Berlin moves from CET (+1) to CEST (+2); New York moved on 14 Mar.
const scenarios: Scenario[] = [
  {
    name: "winter, en",
    at: "2026-11-27T09:26:00Z",
    lang: "en",
    visitorZone: null,
    style: "time",
    company: "10:26 CET",
    visitor: null,
  },
  {
    name: "winter, de",
    at: "2026-11-27T09:26:00Z",
    lang: "de",
    visitorZone: null,
    style: "time",
    company: "10:26 MEZ",
    visitor: null,
  },
  {
    name: "summer, en",
    at: "2026-07-01T09:26:00Z",
    lang: "en",
    visitorZone: null,
    style: "time",
    company: "11:26 CEST",
    visitor: null,
  },
  {
    name: "summer, de",
    at: "2026-07-01T09:26:00Z",
    lang: "de",
    visitorZone: null,
    style: "time",
    company: "11:26 MESZ",
    visitor: null,
  },
  {
    name: "the visitor in the company's zone",
    at: "2026-11-27T09:26:00Z",
    lang: "en",
    visitorZone: BERLIN,
    company: "27 Nov 2026, 10:26 CET",
    visitor: null,
  },
  {
    name: "another zone reading the same (Paris)",
    at: "2026-11-27T09:26:00Z",
    lang: "en",
    visitorZone: "Europe/Paris",
    company: "27 Nov 2026, 10:26 CET",
    visitor: null,
  },
  {
    name: "New York, same day",
    at: "2026-11-27T15:26:00Z",
    lang: "en",
    visitorZone: "America/New_York",
    style: "time",
    company: "16:26 CET",
    visitor: "10:26 GMT-5",
  },
  {
    name: "New York, the day before: its weekday is named",
    at: "2026-11-27T02:30:00Z",
    lang: "en",
    visitorZone: "America/New_York",
    style: "time",
    company: "03:30 CET",
    visitor: "Thu 26 Nov, 21:30 GMT-5",
  },
  {
    name: "Kolkata, half-hour offset, German",
    at: "2026-11-27T09:26:00Z",
    lang: "de",
    visitorZone: "Asia/Kolkata",
    company: "27. Nov. 2026, 10:26 MEZ",
    visitor: "14:56 GMT+5:30",
  },
  {
    name: "Kolkata with seconds",
    at: "2026-11-27T09:26:07Z",
    lang: "en",
    visitorZone: "Asia/Kolkata",
    style: "time",
    seconds: true,
    company: "10:26:07 CET",
    visitor: "14:56:07 GMT+5:30",
  },
  {
    name: "a minute before Berlin's DST change",
    at: "2027-03-28T00:59:00Z",
    lang: "en",
    visitorZone: "America/New_York",
    style: "time",
    company: "01:59 CET",
    visitor: "Sat 27 Mar, 20:59 GMT-4",
  },
  {
    name: "a minute after Berlin's DST change",
    at: "2027-03-28T01:01:00Z",
    lang: "en",
    visitorZone: "America/New_York",
    style: "time",
    company: "03:01 CEST",
    visitor: "Sat 27 Mar, 21:01 GMT-4",
  },
  {
    name: "weekday style",
    at: "2026-11-27T09:26:00Z",
    lang: "en",
    visitorZone: "Asia/Kolkata",
    style: "weekday-time",
    company: "Fri 27 Nov, 10:26 CET",
    visitor: "14:56 GMT+5:30",
  },
  {
    name: "a date on another day than the company's keeps its date",
    at: "2026-11-27T02:30:00Z",
    lang: "en",
    visitorZone: "America/New_York",
    company: "27 Nov 2026, 03:30 CET",
    visitor: "26 Nov 2026, 21:30 GMT-5",
  },
];

describe("times in the company's zone, the visitor's beside them", () => {
  for (const scenario of scenarios) {
    it(scenario.name, () => {
      const { at, lang, visitorZone, style, seconds } = scenario;
      expect(zonedTime(at, { lang, companyZone: BERLIN, visitorZone, style, seconds })).toEqual({
        company: scenario.company,
        visitor: scenario.visitor,
      });
    });
  }

  it("a moment that is none reads as a dash on both sides", () => {
    expect(zonedTime("not a time", { lang: "en", companyZone: BERLIN, visitorZone: "Asia/Kolkata" })).toEqual({
      company: "–",
      visitor: null,
    });
    expect(formatInZone(Number.NaN, { lang: "en", timeZone: BERLIN })).toBe("–");
  });

  it("takes milliseconds, ISO text and dates alike", () => {
    const at = Date.parse("2026-11-27T09:26:00Z");
    const options = { lang: "en", timeZone: BERLIN } as const;
    expect(formatInZone(at, options)).toBe("27 Nov 2026, 10:26 CET");
    expect(formatInZone(new Date(at), options)).toBe(formatInZone(new Date(at).toISOString(), options));
  });
});
