import { describe, expect, it } from "vitest";
import { activeWindows, wallTimeToEpoch } from "./maintenance-windows.ts";
import { at, config, DAY, MINUTE, spans } from "./maintenance-windows-fixtures.ts";

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
