// Local's reach: one look at its reference target shared by rounds starting within a few seconds, a fresh look when
// asked, and a check that fails or throws read as offline with its reason.
import { describe, expect, it } from "vitest";
import type { CheckTarget, Target } from "../checks/check-types.ts";
import { localReach, type ReachMemory } from "./local-connectivity.ts";

const TARGET = { type: "tcp", tcp: "1.1.1.1:53" } as unknown as Target;

function reference(answers: ("up" | "refused" | "throws")[]) {
  let looks = 0;
  const check: CheckTarget = async () => {
    const answer = answers[Math.min(looks, answers.length - 1)]!;
    looks += 1;
    if (answer === "throws") throw new Error("socket hang up");
    return {
      status: answer === "up" ? "healthy" : "unhealthy",
      responseTime: answer === "up" ? 5 : null,
      errorMessage: answer === "up" ? null : "connect ECONNREFUSED 1.1.1.1:53",
      retryAttempt: 0,
      basic: false,
    };
  };
  return { check, looks: () => looks };
}

describe("local's reach", () => {
  it("is looked at once for rounds starting within five seconds, again after, and afresh when asked", async () => {
    const { check, looks } = reference(["up", "refused", "up"]);
    const clock = { now: 1_000_000 };
    const context = { check, now: () => clock.now, intervalMs: 60_000 };
    let memory: ReachMemory;
    const look = async (fresh = false) => {
      const taken = localReach(TARGET, memory, context, fresh);
      memory = taken.memory;
      return taken.answer;
    };
    expect(await look()).toEqual({ online: true, checkedAt: 1_000_000, error: null });
    clock.now += 4_000;
    expect((await look()).online).toBe(true);
    expect(looks()).toBe(1);
    clock.now += 1_000;
    expect(await look()).toEqual({ online: false, checkedAt: 1_005_000, error: "connect ECONNREFUSED 1.1.1.1:53" });
    expect((await look(true)).online).toBe(true);
    expect(looks()).toBe(3);
  });

  it("a check that throws is offline, with its reason", async () => {
    const { check } = reference(["throws"]);
    const taken = localReach(TARGET, undefined, { check, now: () => 5, intervalMs: 60_000 });
    expect(await taken.answer).toEqual({ online: false, checkedAt: 5, error: "socket hang up" });
  });
});
