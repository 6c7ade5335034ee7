import { describe, expect, it } from "vitest";
import { activeWindows, maintenanceSchema } from "./maintenance-windows.ts";
import { at, config, spans, type WindowInput } from "./maintenance-windows-fixtures.ts";

/** A weekly window, on Sundays unless told other days. */
const weeklyWindow = (
  start: string,
  length: { duration: string } | { end: string },
  every = ["sun"],
  timezone?: string,
) => ({ start, ...length, every, timezone });
const patching = weeklyWindow("02:00", { duration: "90m" });
const nights = weeklyWindow("22:00", { end: "06:00" }, ["mon", "wed", "fri"]);
const weekend = weeklyWindow("18:00", { duration: "63h" }, ["fri"]);
const move = { start: "2026-12-05 22:00", end: "2026-12-06 04:00" };

/** At `now`, the window is active over `expected` (start and end), or not at all when that is null. */
function expectActiveSpan(_label: string, window: WindowInput, now: string, expected: string[] | null) {
  expect(spans(activeWindows(config({ name: "W", ...window }), at(now)))).toEqual(expected ? [expected.map(at)] : []);
}

describe("activeWindows: weekly windows", () => {
  it.each([
    ["the start is in", patching, "2026-01-11T02:00+01:00", ["2026-01-11T02:00+01:00", "2026-01-11T03:30+01:00"]],
    ["just before the start is out", patching, "2026-01-11T01:59:59.999+01:00", null],
    [
      "just before the end is in",
      patching,
      "2026-01-11T03:29:59.999+01:00",
      ["2026-01-11T02:00+01:00", "2026-01-11T03:30+01:00"],
    ],
    ["the end is out", patching, "2026-01-11T03:30+01:00", null],
    ["another day is out", patching, "2026-01-12T02:30+01:00", null],
    [
      "Sunday 23:00 for 2h runs on Monday 00:30",
      weeklyWindow("23:00", { duration: "2h" }),
      "2026-01-12T00:30+01:00",
      ["2026-01-11T23:00+01:00", "2026-01-12T01:00+01:00"],
    ],
    ["...and is over at 01:00", weeklyWindow("23:00", { duration: "2h" }), "2026-01-12T01:00+01:00", null],
    [
      "an end before the start is the next day",
      nights,
      "2026-01-13T05:59+01:00",
      ["2026-01-12T22:00+01:00", "2026-01-13T06:00+01:00"],
    ],
    ["...up to its end", nights, "2026-01-13T06:00+01:00", null],
    [
      "several days: Friday night",
      nights,
      "2026-01-17T01:00+01:00",
      ["2026-01-16T22:00+01:00", "2026-01-17T06:00+01:00"],
    ],
    ["several days: not after Saturday", nights, "2026-01-18T01:00+01:00", null],
    ["several days: not before Monday's start", nights, "2026-01-12T21:59+01:00", null],
    ["a weekend long window", weekend, "2026-01-18T12:00+01:00", ["2026-01-16T18:00+01:00", "2026-01-19T09:00+01:00"]],
    ["...ends on Monday", weekend, "2026-01-19T09:00+01:00", null],
    [
      "7 days long, on its last morning",
      weeklyWindow("12:00", { duration: "168h" }),
      "2026-01-18T11:59+01:00",
      ["2026-01-11T12:00+01:00", "2026-01-18T12:00+01:00"],
    ],
    [
      "7 days across spring: the later of two",
      weeklyWindow("23:30", { duration: "168h" }, ["sat"]),
      "2026-04-05T00:15+02:00",
      ["2026-04-04T23:30+02:00", "2026-04-11T23:30+02:00"],
    ],
    [
      "overlapping occurrences: the one ending last",
      weeklyWindow("12:00", { duration: "48h" }, ["mon", "tue"]),
      "2026-01-13T13:00+01:00",
      ["2026-01-13T12:00+01:00", "2026-01-15T12:00+01:00"],
    ],
  ])("%s", expectActiveSpan);
});

describe("activeWindows: daylight saving, time zones and one-offs", () => {
  it.each([
    [
      "spring: 02:30 starts when the clocks jump to 03:00",
      weeklyWindow("02:30", { duration: "1h" }),
      "2026-03-29T03:00+02:00",
      ["2026-03-29T03:00+02:00", "2026-03-29T04:00+02:00"],
    ],
    ["spring: not before", weeklyWindow("02:30", { duration: "1h" }), "2026-03-29T01:59+01:00", null],
    [
      "spring: an end as a wall time, 2 real hours",
      weeklyWindow("01:00", { end: "04:00" }),
      "2026-03-29T03:59+02:00",
      ["2026-03-29T01:00+01:00", "2026-03-29T04:00+02:00"],
    ],
    [
      "spring: 90 real minutes across the change",
      weeklyWindow("01:30", { duration: "90m" }),
      "2026-03-29T03:59+02:00",
      ["2026-03-29T01:30+01:00", "2026-03-29T04:00+02:00"],
    ],
    [
      "autumn: 02:30 is the first one",
      weeklyWindow("02:30", { duration: "1h" }),
      "2026-10-25T02:30+02:00",
      ["2026-10-25T02:30+02:00", "2026-10-25T02:30+01:00"],
    ],
    [
      "autumn: still in, the second 02:29",
      weeklyWindow("02:30", { duration: "1h" }),
      "2026-10-25T02:29+01:00",
      ["2026-10-25T02:30+02:00", "2026-10-25T02:30+01:00"],
    ],
    ["autumn: over at the second 02:30", weeklyWindow("02:30", { duration: "1h" }), "2026-10-25T02:30+01:00", null],
    [
      "autumn: 90 real minutes across the change",
      weeklyWindow("01:30", { duration: "90m" }),
      "2026-10-25T01:59+01:00",
      ["2026-10-25T01:30+02:00", "2026-10-25T02:00+01:00"],
    ],
    [
      "autumn: an end as a wall time, 2.5 real hours",
      weeklyWindow("01:30", { end: "03:00" }),
      "2026-10-25T02:30+01:00",
      ["2026-10-25T01:30+02:00", "2026-10-25T03:00+01:00"],
    ],
    [
      "New York autumn: the first 01:30",
      weeklyWindow("01:30", { duration: "1h" }, ["sun"], "America/New_York"),
      "2026-11-01T01:30-04:00",
      ["2026-11-01T01:30-04:00", "2026-11-01T01:30-05:00"],
    ],
    [
      "New York spring: 02:30 starts at 03:00",
      weeklyWindow("02:30", { duration: "30m" }, ["sun"], "America/New_York"),
      "2026-03-08T03:15-04:00",
      ["2026-03-08T03:00-04:00", "2026-03-08T03:30-04:00"],
    ],
    [
      "UTC keeps no daylight saving",
      weeklyWindow("23:00", { end: "01:00" }, ["sat"], "UTC"),
      "2026-03-29T00:30Z",
      ["2026-03-28T23:00Z", "2026-03-29T01:00Z"],
    ],
    ["a one-off from its start", move, "2026-12-05T22:00+01:00", ["2026-12-05T22:00+01:00", "2026-12-06T04:00+01:00"]],
    ["a one-off not before", move, "2026-12-05T21:59:59.999+01:00", null],
    ["a one-off not from its end", move, "2026-12-06T04:00+01:00", null],
    [
      "a one-off with T and a duration",
      { start: "2026-12-05T22:00", duration: "6h" },
      "2026-12-06T03:59+01:00",
      ["2026-12-05T22:00+01:00", "2026-12-06T04:00+01:00"],
    ],
    [
      "a one-off starting in the spring gap",
      { start: "2026-03-29 02:30", end: "2026-03-29 03:30" },
      "2026-03-29T03:00+02:00",
      ["2026-03-29T03:00+02:00", "2026-03-29T03:30+02:00"],
    ],
  ])("%s", expectActiveSpan);

  it("takes the section's zone unless the window names its own", () => {
    const windows = [
      { name: "section zone", start: "02:00", duration: "1h", every: ["sun"] },
      { name: "own zone", start: "03:00", duration: "1h", every: ["sun"], timezone: "Europe/Berlin" },
    ];
    const section = maintenanceSchema.parse({ timezone: "UTC", windows });
    expect(activeWindows(section, at("2026-01-11T02:30Z")).map((window) => window.name)).toEqual([
      "section zone",
      "own zone",
    ]);
    expect(activeWindows(section, at("2026-01-11T03:30Z")).map((window) => window.name)).toEqual([]);
  });
});
