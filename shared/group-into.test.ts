// Grouping in place keeps the order the values came in, one list per key.
import { describe, expect, it } from "vitest";
import { groupInto } from "./group-into.ts";

describe("grouping into a map of lists", () => {
  it("keeps each key's values in the order given, and each list is grown, not replaced", () => {
    const groups = new Map<number, string[]>();
    for (const [key, value] of [
      [60, "a"],
      [30, "b"],
      [60, "c"],
      [60, "d"],
    ] as const)
      groupInto(groups, key, value);
    expect([...groups]).toEqual([
      [60, ["a", "c", "d"]],
      [30, ["b"]],
    ]);
    const sixty = groups.get(60);
    groupInto(groups, 60, "e");
    expect(groups.get(60)).toBe(sixty);
  });

  it("groups 100,000 values under one key as one list", () => {
    const groups = new Map<string, number[]>();
    for (let index = 0; index < 100_000; index += 1) groupInto(groups, "one", index);
    expect(groups.get("one")).toHaveLength(100_000);
    expect(groups.get("one")![99_999]).toBe(99_999);
  });
});
