import { describe, expect, it } from "vitest";
import { resultAt, RoundResults, type StoredResult } from "./round-results.ts";

describe("a round's results in columns", () => {
  it("gives back every result as it was pushed, past several growths, a missing response time as null", () => {
    const pushed: StoredResult[] = Array.from({ length: 1_000 }, (_, index) => ({
      endpointId: index * 7,
      checkedAt: 1_764_000_000_000 + index * 61.5,
      status: (["healthy", "degraded", "unhealthy"] as const)[index % 3]!,
      responseTime: index % 5 === 0 ? null : index * 1.25,
    }));
    const results = new RoundResults();
    for (const result of pushed) results.push(result);
    expect(results.length).toBe(1_000);
    expect(Array.from({ length: results.length }, (_, index) => resultAt(results, index))).toEqual(pushed);
  });

  it("reads a plain list the same way", () => {
    const list: StoredResult[] = [{ endpointId: 3, checkedAt: 5, status: "degraded", responseTime: 0 }];
    expect(resultAt(list, 0)).toEqual(list[0]);
  });
});
