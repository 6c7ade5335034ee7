import { describe, expect, it } from "vitest";
import type { StatusDay } from "#shared/status/public-status.ts";
import { dayAfterKey } from "./day-keys.tsx";
import { dayRuns, isNotableDay } from "./day-runs.ts";

const day = (uptime: number | null, incidents: number[] = []): StatusDay => ({ date: "2026-11-01", uptime, incidents });

describe("which days keep a tab stop before the script runs", () => {
  it.each([
    ["a full day in the middle", day(100), 10, false],
    ["a day without checks", day(null), 10, false],
    ["a day at 99.9 %", day(99.9), 10, false],
    ["a day just under 99.9 %", day(99.89), 10, true],
    ["a day with an incident, full uptime", day(100, [7]), 10, true],
    ["today, without checks", day(null), 89, true],
    ["today, full", day(100), 89, true],
  ])("%s: %s", (_, value, index, expected) => {
    expect(isNotableDay(value, index, 90)).toBe(expected);
  });
});

describe("where a key moves among 90 days", () => {
  it.each([
    ["ArrowLeft", 89, 88],
    ["ArrowLeft", 0, 0],
    ["ArrowRight", 88, 89],
    ["ArrowRight", 89, 89],
    ["Home", 45, 0],
    ["End", 3, 89],
    ["Tab", 45, undefined],
    ["ArrowUp", 45, undefined],
    ["Enter", 45, undefined],
  ])("%s from %i: %s", (key, from, to) => {
    expect(dayAfterKey(key, from, 90)).toBe(to);
  });
});

describe("which days are drawn as one element", () => {
  /** Days from a compact spelling: a number is that uptime, "-" no checks, "!" a full day with an incident. */
  const days = (spelling: string): StatusDay[] =>
    spelling.split(" ").map((token, index) => ({
      date: `2026-11-${String(index + 1).padStart(2, "0")}`,
      uptime: token === "-" ? null : token === "!" ? 100 : Number(token),
      incidents: token === "!" ? [1] : [],
    }));
  /** Each run as its length, with "*" for a notable (alone, tab stop) one. */
  const shape = (spelling: string) => dayRuns(days(spelling)).map((run) => `${run.count}${run.notable ? "*" : ""}`);

  it.each([
    ["a quiet month then today", "100 100 100 100 100", ["4", "1*"]],
    ["no checks, then checks", "- - - 100 100 100", ["3", "2", "1*"]],
    ["a different uptime breaks a run, even above 99.9 %", "100 100 99.95 100 100", ["2", "1", "1", "1*"]],
    ["a bad day stands alone between two runs", "100 100 98 100 100 100", ["2", "1*", "2", "1*"]],
    ["an incident at full uptime stands alone", "100 ! 100 100", ["1", "1*", "1", "1*"]],
    ["two notable days side by side stay two", "98 98 100", ["1*", "1*", "1*"]],
    ["today alone", "100", ["1*"]],
  ])("%s", (_, spelling, expected) => {
    expect(shape(spelling)).toEqual(expected);
  });

  it("covers every day once, in order, with each run's first and last date", () => {
    const runs = dayRuns(days("- - 100 100 98 100 100 100 !"));
    expect(runs.reduce((sum, run) => sum + run.count, 0)).toBe(9);
    expect(runs.map((run) => [run.index, run.from, run.to])).toEqual([
      [0, "2026-11-01", "2026-11-02"],
      [2, "2026-11-03", "2026-11-04"],
      [4, "2026-11-05", "2026-11-05"],
      [5, "2026-11-06", "2026-11-08"],
      [8, "2026-11-09", "2026-11-09"],
    ]);
  });
});
