import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import {
  activeWindows,
  coversService,
  maintenanceSchema,
  nextWindows,
  wallTimeToEpoch,
  type ActiveWindow,
} from "./maintenance-windows.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);
type WindowInput = Record<string, unknown>;
const config = (...windows: WindowInput[]) => maintenanceSchema.parse({ windows });
const spans = (windows: ActiveWindow[]) => windows.map((window) => [window.startsAt, window.endsAt]);

/** "windows[1].every[0]: message", as the monitoring configuration reports it. */
const problems = (section: unknown) => {
  const result = maintenanceSchema.safeParse(section);
  if (result.success) return [];
  return result.error.issues.map(({ path, message }) => {
    const where = path
      .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index > 0 ? "." : ""}${String(key)}`))
      .join("");
    return `${where}: ${message}`;
  });
};

describe("wallTimeToEpoch", () => {
  it.each([
    ["Europe/Berlin", "2026-01-15 12:00", "2026-01-15T11:00:00Z"],
    ["Europe/Berlin", "2026-07-01 12:00", "2026-07-01T10:00:00Z"],
    ["Europe/Berlin", "2026-03-29 01:59", "2026-03-29T00:59:00Z"],
    ["Europe/Berlin", "2026-03-29 02:00", "2026-03-29T01:00:00Z"], // skipped: the clocks jump to 03:00
    ["Europe/Berlin", "2026-03-29 02:30", "2026-03-29T01:00:00Z"],
    ["Europe/Berlin", "2026-03-29 03:00", "2026-03-29T01:00:00Z"],
    ["Europe/Berlin", "2026-10-25 02:30", "2026-10-25T00:30:00Z"], // shown twice: the first time
    ["Europe/Berlin", "2026-10-25 03:00", "2026-10-25T02:00:00Z"],
    ["America/New_York", "2026-03-08 02:30", "2026-03-08T07:00:00Z"],
    ["America/New_York", "2026-11-01 01:30", "2026-11-01T05:30:00Z"],
    ["Australia/Lord_Howe", "2026-10-04 02:15", "2026-10-03T15:30:00Z"], // a half-hour jump, 02:00 -> 02:30
    ["Asia/Kolkata", "2026-03-29 02:30", "2026-03-28T21:00:00Z"],
    ["UTC", "2026-03-29 02:30", "2026-03-29T02:30:00Z"],
  ])("%s %s is %s", (zone, local, expected) => {
    const [year, month, day, hour, minute] = local.split(/[- :]/).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    expect(new Date(wallTimeToEpoch({ year, month, day, hour, minute }, zone)).toISOString()).toBe(
      new Date(expected).toISOString(),
    );
  });
});

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

describe("coversService", () => {
  const mail: ActiveWindow = { name: "mail", startsAt: 0, endsAt: 1, services: ["mail-relay", "sentiment-service"] };
  const everything: ActiveWindow = { name: "everything", startsAt: 0, endsAt: 1, services: null };
  it.each([
    [[mail, everything], "mail-relay", "mail"],
    [[mail, everything], "sentiment-service", "mail"],
    [[mail, everything], "yahoo-stock", "everything"],
    [[mail, everything], null, "everything"],
    [[everything, mail], "mail-relay", "everything"],
    [[mail], "yahoo-stock", undefined],
    [[mail], null, undefined],
    [[], "mail-relay", undefined],
  ] as const)("%#: %s", (windows, target, expected) => expect(coversService(windows, target)?.name).toBe(expected));
});

describe("nextWindows", () => {
  const announced = config(
    { name: "Patching", start: "02:00", duration: "90m", every: ["sun"] },
    { name: "Backups", start: "23:00", end: "01:00", every: ["wed", "sat"] },
    { name: "Move", start: "2026-12-05 22:00", end: "2026-12-06 04:00" },
    { name: "Past", start: "2026-11-01 10:00", duration: "1h" },
  );
  const listed = (now: string, limit: number) =>
    nextWindows(announced, at(now), limit).map((window) => `${window.name} ${new Date(window.startsAt).toISOString()}`);

  it("lists the next starts, soonest first, one-offs among them", () => {
    expect(listed("2026-12-01T12:00+01:00", 5)).toEqual([
      "Backups 2026-12-02T22:00:00.000Z",
      "Move 2026-12-05T21:00:00.000Z",
      "Backups 2026-12-05T22:00:00.000Z",
      "Patching 2026-12-06T01:00:00.000Z",
      "Backups 2026-12-09T22:00:00.000Z",
    ]);
  });

  it("leaves out what already runs, what is over, and answers nothing for no limit", () => {
    expect(listed("2026-12-05T22:30+01:00", 2)).toEqual([
      "Backups 2026-12-05T22:00:00.000Z",
      "Patching 2026-12-06T01:00:00.000Z",
    ]);
    expect(listed("2026-12-05T23:00+01:00", 1)).toEqual(["Patching 2026-12-06T01:00:00.000Z"]);
    expect(listed("2026-12-01T12:00+01:00", 0)).toEqual([]);
  });

  it("reaches as many weeks ahead as the limit needs; equal starts keep configuration order", () => {
    const mondays = nextWindows(
      config({ name: "M", start: "06:00", duration: "1h", every: ["mon"] }),
      at("2026-01-05T07:00+01:00"),
      10,
    );
    expect(mondays.map((window) => window.startsAt)).toEqual(
      Array.from({ length: 10 }, (_, week) => at("2026-01-12T06:00+01:00") + week * 7 * DAY),
    );
    const twins = config(
      { name: "A", start: "06:00", duration: "1h", every: ["mon"] },
      { name: "B", start: "06:00", duration: "2h", every: ["mon"] },
    );
    expect(nextWindows(twins, at("2026-01-05T07:00+01:00"), 2).map((window) => window.name)).toEqual(["A", "B"]);
  });
});

describe("maintenanceSchema", () => {
  it("reads the documented example; a missing section has no windows", () => {
    const example = load(`
timezone: Europe/Berlin
windows:
  - name: Weekly patching
    start: "02:00"
    duration: 90m
    every: [sun]
    timezone: Europe/Berlin
    services: [mail-relay]
  - name: Datacenter move
    start: "2026-12-05 22:00"
    end: "2026-12-06 04:00"
`);
    expect(maintenanceSchema.parse(example)).toEqual({
      timezone: "Europe/Berlin",
      windows: [
        {
          kind: "weekly",
          name: "Weekly patching",
          timezone: "Europe/Berlin",
          services: ["mail-relay"],
          days: ["sun"],
          startMinute: 120,
          until: { durationMs: 90 * MINUTE },
        },
        {
          kind: "once",
          name: "Datacenter move",
          timezone: "Europe/Berlin",
          services: null,
          startsAt: at("2026-12-05T22:00+01:00"),
          endsAt: at("2026-12-06T04:00+01:00"),
        },
      ],
    });
    expect(maintenanceSchema.parse(undefined)).toEqual({ timezone: "Europe/Berlin", windows: [] });
  });

  it.each([
    ["90m", 90],
    ["2h", 120],
    ["1h30m", 90],
    [45, 45],
    ["168h", 7 * 24 * 60],
  ])("duration %j is %i minutes", (duration, minutes) => {
    const [window] = config({ name: "W", start: "02:00", duration, every: ["sun"] }).windows;
    expect(window).toMatchObject({ until: { durationMs: minutes * MINUTE } });
  });
});

describe("maintenanceSchema: what it refuses", () => {
  const weekly = { name: "W", start: "02:00", duration: "1h", every: ["sun"] };
  const once = { name: "O", start: "2026-12-05 22:00", end: "2026-12-06 04:00" };
  const weeklyStart = (text: string) =>
    `must be a time of day "HH:mm" (00:00 to 23:59) for a weekly window, not "${text}"`;
  const onceStart = (text: string) =>
    `must be a local date-time "YYYY-MM-DD HH:mm" for a one-off window (with every, a time of day), not "${text}"`;
  it.each<[string, unknown, string]>([
    [
      "an unknown day",
      { windows: [weekly, { ...weekly, every: ["mon", "sunday"] }] },
      'windows[1].every[1]: unknown day "sunday": use mon, tue, wed, thu, fri, sat or sun',
    ],
    [
      "a day twice",
      { windows: [{ ...weekly, every: ["sun", "mon", "sun"] }] },
      'windows[0].every[2]: "sun" is listed twice',
    ],
    ["no day", { windows: [{ ...weekly, every: [] }] }, "windows[0].every: needs at least one day"],
    [
      "a window's unknown zone",
      { windows: [{ ...weekly, timezone: "Europe/Berln" }] },
      'windows[0].timezone: unknown time zone "Europe/Berln"',
    ],
    ["the section's unknown zone", { timezone: "Mars/Olympus" }, 'timezone: unknown time zone "Mars/Olympus"'],
    [
      "both duration and end",
      { windows: [weekly, once, { ...weekly, end: "03:00" }] },
      "windows[2]: needs either duration or end, not both",
    ],
    [
      "neither duration nor end",
      { windows: [{ name: "W", start: "02:00", every: ["sun"] }] },
      "windows[0]: needs either duration or end, not both",
    ],
    ["24:00", { windows: [{ ...weekly, start: "24:00" }] }, `windows[0].start: ${weeklyStart("24:00")}`],
    ["2:7", { windows: [{ ...weekly, start: "2:7" }] }, `windows[0].start: ${weeklyStart("2:7")}`],
    [
      "a date-time with every",
      { windows: [{ ...weekly, start: "2026-12-05 22:00" }] },
      `windows[0].start: ${weeklyStart("2026-12-05 22:00")}`,
    ],
    [
      "a weekly end 12:60",
      { windows: [{ ...once, start: "02:00", every: ["sun"], end: "12:60" }] },
      `windows[0].end: ${weeklyStart("12:60")}`,
    ],
    [
      "a weekly end at its start",
      { windows: [{ ...once, start: "02:00", every: ["sun"], end: "02:00" }] },
      "windows[0].end: must differ from start (for a whole day, use duration: 24h)",
    ],
    [
      "a time of day without every",
      { windows: [{ ...once, start: "22:00" }] },
      `windows[0].start: ${onceStart("22:00")}`,
    ],
    [
      "a day the calendar lacks",
      { windows: [{ ...once, start: "2026-02-30 22:00" }] },
      `windows[0].start: ${onceStart("2026-02-30 22:00")}`,
    ],
    [
      "a one-off end before its start",
      { windows: [{ ...once, end: "2026-12-05 21:00" }] },
      "windows[0].end: must be after start",
    ],
    [
      "a one-off end at its start",
      { windows: [{ ...once, end: "2026-12-05 22:00" }] },
      "windows[0].end: must be after start",
    ],
    [
      "a one-off over 7 days",
      { windows: [{ ...once, end: "2027-12-06 04:00" }] },
      "windows[0].end: must be at most 7 days after start",
    ],
    ["a bad one-off end", { windows: [{ ...once, end: "tomorrow" }] }, `windows[0].end: ${onceStart("tomorrow")}`],
    ["duration 0m", { windows: [{ ...weekly, duration: "0m" }] }, "windows[0].duration: must be longer than 0"],
    ["duration -5", { windows: [{ ...weekly, duration: -5 }] }, "windows[0].duration: must be longer than 0"],
    [
      "duration 1.5",
      { windows: [{ ...weekly, duration: 1.5 }] },
      "windows[0].duration: must be a whole number of minutes",
    ],
    [
      "duration over 7 days",
      { windows: [{ ...weekly, duration: 10081 }] },
      "windows[0].duration: must be at most 7 days (10080 minutes)",
    ],
    ...["7d", "1.5h", "90", "1h 30m", ""].map((text): [string, unknown, string] => [
      `duration "${text}"`,
      { windows: [{ ...weekly, duration: text }] },
      'windows[0].duration: must be like "90m", "2h", "1h30m" or a number of minutes',
    ]),
    [
      "duration true",
      { windows: [{ ...weekly, duration: true }] },
      'windows[0].duration: must be like "90m", "2h", "1h30m" or a number of minutes',
    ],
    ["no name", { windows: [{ ...weekly, name: undefined }] }, "windows[0].name: needs a name"],
    ["a long name", { windows: [{ ...weekly, name: "x".repeat(101) }] }, "windows[0].name: at most 100 characters"],
    [
      "no services",
      { windows: [{ ...weekly, services: [] }] },
      "windows[0].services: list at least one service, or leave services out to cover every one",
    ],
    ["an unknown key", { windows: [{ ...weekly, days: ["sun"] }] }, 'windows[0]: Unrecognized key: "days"'],
  ])("refuses %s", (_label, section, expected) => expect(problems(section)).toEqual([expected]));
});

describe("activeWindows agrees with a minute-by-minute reading of the wall clock", () => {
  type Rule = { name: string; timezone: string; every: string[]; start: string; duration?: number; end?: string };
  const rules: Rule[] = [
    { name: "berlin 02:30", timezone: "Europe/Berlin", every: ["sun"], start: "02:30", duration: 90 },
    { name: "berlin nights", timezone: "Europe/Berlin", every: ["sat", "sun"], start: "23:30", end: "02:45" },
    {
      name: "berlin days",
      timezone: "Europe/Berlin",
      every: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
      start: "02:15",
      end: "03:15",
    },
    { name: "berlin long", timezone: "Europe/Berlin", every: ["fri", "sun"], start: "12:00", duration: 4000 },
    { name: "new york 01:30", timezone: "America/New_York", every: ["sun"], start: "01:30", end: "01:45" },
    { name: "new york week", timezone: "America/New_York", every: ["sun"], start: "12:00", duration: 7 * 24 * 60 },
    { name: "utc", timezone: "UTC", every: ["mon", "wed", "fri", "sun"], start: "22:00", duration: 180 },
  ];
  const weeks = ["2026-03-23", "2026-10-19", "2026-03-02", "2026-10-26", "2026-07-06"].map((monday) =>
    at(`${monday}T00:00Z`),
  );

  // The definition, read off Intl's clock without the module's arithmetic: an
  // occurrence begins at the first minute whose wall clock reads its start or
  // later on a listed day, and ends after the duration or at the first minute
  // after that reads its end or later.
  const wallClock = (timeZone: string) => {
    const format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    const read = new Map<number, string>(); // rules in one zone read the same minutes
    return (epoch: number) => {
      if (!read.has(epoch)) {
        const part = Object.fromEntries(format.formatToParts(epoch).map(({ type, value }) => [type, value]));
        read.set(epoch, `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`);
      }
      return read.get(epoch)!;
    };
  };
  const clocks = new Map(rules.map(({ timezone }) => [timezone, wallClock(timezone)]));
  const weekdayOf = (date: string) =>
    ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][new Date(`${date}T00:00Z`).getUTCDay()]!;
  const dayAfter = (date: string) => new Date(at(`${date}T00:00Z`) + DAY).toISOString().slice(0, 10);

  function occurrencesByScan(rule: Rule, from: number, to: number): [number, number][] {
    const wall = clocks.get(rule.timezone)!;
    const begun = new Set([wall(from).slice(0, 10)]);
    const found: [number, number][] = [];
    const open: { startsAt: number; endWall: string }[] = [];
    for (let minute = from; minute < to; minute += MINUTE) {
      const reading = wall(minute);
      const date = reading.slice(0, 10);
      for (const entry of open.filter(({ endWall }) => reading >= endWall)) {
        found.push([entry.startsAt, minute]);
        open.splice(open.indexOf(entry), 1);
      }
      if (begun.has(date) || !rule.every.includes(weekdayOf(date)) || reading < `${date} ${rule.start}`) continue;
      begun.add(date);
      if (rule.duration !== undefined) found.push([minute, minute + rule.duration * MINUTE]);
      else open.push({ startsAt: minute, endWall: `${rule.end! > rule.start ? date : dayAfter(date)} ${rule.end}` });
    }
    return found;
  }

  // A seeded generator (mulberry32), so a failure can be replayed.
  let seed = 20260329;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
  };

  it.each(weeks.map((week) => [new Date(week).toISOString().slice(0, 10), week]))(
    "in the week of %s",
    (_label, week) => {
      const windows = config(...rules);
      const scanned = rules.map((rule) => occurrencesByScan(rule, week - 9 * DAY, week + 9 * DAY));
      const edges = scanned
        .flat(2)
        .flatMap((edge) => [edge - 1, edge])
        .filter((instant) => instant >= week && instant < week + 7 * DAY);
      const instants = [...edges, ...Array.from({ length: 300 }, () => week + Math.floor(random() * 7 * DAY))];
      const mismatches: string[] = [];
      for (const now of instants) {
        const active = activeWindows(windows, now);
        rules.forEach((rule, index) => {
          const running = scanned[index]!.filter(([startsAt, endsAt]) => startsAt <= now && now < endsAt);
          const expected =
            running.length === 0 ? [] : [running.reduce((last, entry) => (entry[1] > last[1] ? entry : last))];
          const got = spans(active.filter((window) => window.name === rule.name));
          if (JSON.stringify(got) !== JSON.stringify(expected))
            mismatches.push(
              `${rule.name} at ${new Date(now).toISOString()}: ${JSON.stringify(got)} != ${JSON.stringify(expected)}`,
            );
        });
      }
      expect(mismatches).toEqual([]);
      expect(edges.length).toBeGreaterThan(20);
    },
  );
});
