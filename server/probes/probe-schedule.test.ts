// The probe's grid: slots at multiples of each interval in the server's
// clock, a new group at once, a missed slot never run twice, and starts
// spread over the server's stagger.
import { describe, expect, it } from "vitest";
import { groupByInterval, plan, slotAfter, startDelays, takeDue, untilNext } from "./probe-schedule.ts";

const defaults = { intervalSeconds: 60, timeoutMs: 5000, retries: 2, concurrency: 10 };

describe("probe schedule", () => {
  it.each([
    [0, 60_000, 60_000],
    [59_999, 60_000, 60_000],
    [60_000, 60_000, 120_000],
    [1_764_270_123_456, 30_000, 1_764_270_150_000],
  ])("after %i the next slot of %i ms is %i", (time, interval, slot) => {
    expect(slotAfter(time, interval)).toBe(slot);
  });

  it("groups checks by interval, in order", () => {
    const groups = groupByInterval([
      { key: "a", intervalSeconds: 60 },
      { key: "b", intervalSeconds: 30 },
      { key: "c", intervalSeconds: 60 },
    ]);
    expect([...groups].map(([interval, checks]) => [interval, checks.map((check) => check.key)])).toEqual([
      [60_000, ["a", "c"]],
      [30_000, ["b"]],
    ]);
  });

  it("runs a new group at once, keeps a known group's slot, and moves a taken slot past now", () => {
    const groups = new Map([
      [60_000, []],
      [30_000, []],
    ]);
    const due = plan(groups, new Map([[60_000, 180_000]]), 125_000);
    expect([...due]).toEqual([
      [60_000, 180_000],
      [30_000, 125_000],
    ]);
    expect(takeDue(due, 125_000)).toEqual([{ intervalMs: 30_000, slot: 125_000 }]);
    expect(due.get(30_000)).toBe(150_000);
    expect(untilNext(due, 125_000)).toBe(25_000);
    // Asleep past two slots of 30 s: one round for the latest, none for the ones missed.
    expect(takeDue(due, 215_000)).toEqual([
      { intervalMs: 60_000, slot: 180_000 },
      { intervalMs: 30_000, slot: 150_000 },
    ]);
    expect([...due]).toEqual([
      [60_000, 240_000],
      [30_000, 240_000],
    ]);
    expect(takeDue(due, 239_999)).toEqual([]);
    expect(untilNext(new Map(), 0)).toBe(Infinity);
  });

  it("spreads starts over the stagger the server uses", () => {
    // A quarter of the interval, at most 15 s, unless set.
    expect(startDelays(4, defaults, 60_000)).toEqual([0, 3750, 7500, 11_250]);
    expect(startDelays(2, defaults, 20_000)).toEqual([0, 2500]);
    expect(startDelays(3, { ...defaults, staggerSeconds: 0 }, 60_000)).toEqual([0, 0, 0]);
    expect(startDelays(1, defaults, 60_000)).toEqual([0]);
  });
});
