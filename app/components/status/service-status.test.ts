import { describe, expect, it } from "vitest";
import type { StatusDay } from "#shared/status/public-status.ts";
import { dayAfterKey } from "./day-keys.tsx";
import { isNotableDay } from "./service-status.tsx";

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
