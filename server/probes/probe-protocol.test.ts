// The probe reads the server's answers by hand: a good one whole, a bad one
// refused at the first thing wrong, by its path.
import { describe, expect, it } from "vitest";
import { readAssignmentsAnswer, readResultsAnswer, type AssignmentsAnswer } from "./probe-protocol.ts";

const ANSWER: AssignmentsAnswer = {
  location: { id: "fra", name: "Frankfurt" },
  serverTime: 1_800_000_000_000,
  revision: "0123456789abcdef",
  defaults: { intervalSeconds: 60, timeoutMs: 10_000, retries: 1, concurrency: 50, staggerSeconds: 15 },
  connectivity: { url: "https://www.example.com/" },
  checks: [
    { key: "web/a", target: { url: "https://a.example.com/" }, intervalSeconds: 60, timeoutMs: 5000, retries: 0 },
  ],
};

const changed = (path: string[], value: unknown): unknown => {
  const copy = structuredClone(ANSWER) as unknown as Record<string, unknown>;
  let at = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>;
  at[path.at(-1)!] = value;
  return copy;
};

describe("the server's answers as a probe reads them", () => {
  it("reads assignments whole, with and without a stagger and a reference target", () => {
    expect(readAssignmentsAnswer(JSON.parse(JSON.stringify(ANSWER)))).toEqual(ANSWER);
    const { staggerSeconds: _stagger, ...defaults } = ANSWER.defaults;
    const plain = { ...ANSWER, defaults, connectivity: null };
    expect(readAssignmentsAnswer(plain)).toEqual(plain);
  });

  it.each([
    [null, "answer: must be an object"],
    [changed(["location"], "fra"), "location: must be an object"],
    [changed(["location", "id"], 7), "location.id: must be text"],
    [changed(["serverTime"], "now"), "serverTime: must be a number"],
    [changed(["defaults", "concurrency"], 0), "defaults.concurrency: must be a whole number of at least 1"],
    [changed(["defaults", "intervalSeconds"], 0), "defaults.intervalSeconds: must be a number above 0"],
    [changed(["checks"], {}), "checks: must be a list"],
    [changed(["checks", "0", "retries"], 1.5), "checks.0.retries: must be a whole number of at least 0"],
    [changed(["checks", "0", "target"], null), "checks.0.target: must be an object"],
    [changed(["connectivity"], "https://www.example.com"), "connectivity: must be an object"],
  ])("refuses a bad one at its first fault (%#)", (answer, message) => {
    expect(() => readAssignmentsAnswer(answer)).toThrow(message);
  });

  it("reads the answer to a batch, and refuses a proxy's page", () => {
    expect(readResultsAnswer({ stored: 3, ignored: 0, serverTime: 1 })).toEqual({
      stored: 3,
      ignored: 0,
      serverTime: 1,
    });
    expect(() => readResultsAnswer({ error: "Bad gateway" })).toThrow("stored: must be a number");
  });
});
