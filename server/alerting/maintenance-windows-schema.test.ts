import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { maintenanceSchema } from "./maintenance-windows.ts";
import { at, config, MINUTE } from "./maintenance-windows-fixtures.ts";

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
