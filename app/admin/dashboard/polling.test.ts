import { describe, expect, it } from "vitest";
import {
  fastestInterval,
  FIRST_ROUND_POLL_MS,
  nextHealthRead,
  ROUND_GRACE_MS,
  secondsToNextCheck,
  type HealthTiming,
} from "./polling.ts";

const T = Date.UTC(2026, 2, 2, 10);
const iso = (ms: number) => new Date(ms).toISOString();
/** An engine on a 15 s interval whose last stored round started at `last` and whose next is due at `next`. */
const health = (last: number | null, next: number | null): HealthTiming => ({
  lastCheckedAt: last === null ? null : iso(last),
  nextCheckAt: next === null ? null : iso(next),
  intervalSeconds: 60,
  fastestIntervalSeconds: 15,
});

describe("when service health is read next", () => {
  it.each([
    ["before the first round ever: every few seconds", health(null, null), T, T + 1_000, FIRST_ROUND_POLL_MS - 1_000],
    [
      "a round stored: just after the next one is due",
      health(T, T + 15_000),
      T + 2_000,
      T + 2_000,
      13_000 + ROUND_GRACE_MS,
    ],
    [
      "the same answer read again later: still aimed at the round",
      health(T, T + 15_000),
      T + 2_000,
      T + 10_000,
      5_000 + ROUND_GRACE_MS,
    ],
    ["a round started but not stored: again in two seconds", health(T, T + 30_000), T + 16_000, T + 16_000, 2_000],
    ["the answer says the round is due: again in two seconds", health(T, T + 15_000), T + 15_500, T + 15_500, 2_000],
    ["a read already due: at once", health(T, T + 15_000), T + 2_000, T + 20_000, 100],
    ["an engine that stopped: once an interval", health(T, T + 15_000), T + 40_000, T + 40_000, 15_000],
    ["never later than the interval", { ...health(T, T + 300_000), fastestIntervalSeconds: 300 }, T, T, 300_000],
  ])("%s", (_name, answer, updatedAt, now, expected) => {
    expect(nextHealthRead(answer, updatedAt, now)).toBe(expected);
  });

  it("takes the most often checked service's interval, the default only without one", () => {
    expect(fastestInterval(health(T, T))).toBe(15);
    expect(fastestInterval({ ...health(T, T), fastestIntervalSeconds: 300 })).toBe(300);
    expect(fastestInterval({ ...health(T, T), fastestIntervalSeconds: null })).toBe(60);
    expect(fastestInterval({ ...health(T, T), fastestIntervalSeconds: null, intervalSeconds: null })).toBe(60);
  });

  it("counts down to the next round, and says nothing once it is due", () => {
    expect(secondsToNextCheck(iso(T + 12_300), T)).toBe(13);
    expect(secondsToNextCheck(iso(T), T)).toBeNull();
    expect(secondsToNextCheck(null, T)).toBeNull();
  });
});
