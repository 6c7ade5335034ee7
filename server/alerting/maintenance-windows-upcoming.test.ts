import { describe, expect, it } from "vitest";
import { coversService, nextWindows, type ActiveWindow } from "./maintenance-windows.ts";
import { at, config, DAY } from "./maintenance-windows-fixtures.ts";

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
