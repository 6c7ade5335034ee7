// Waiting for the remote locations' results of a slot: read every half second until each awaited location has a
// result of this slot, never past the deadline, and bounded in polls when the clock stands still.
import { describe, expect, it } from "vitest";
import { evidenceDeadline, remoteEvidence, type EvidenceWait } from "./remote-evidence.ts";
import type { LocationResult } from "./probe-results.ts";

const START = 1_800_000_000_000;

const result = (location: string, checkedAt: number): LocationResult => ({
  endpointId: 1,
  location,
  checkedAt,
  status: "healthy",
  responseTime: 20,
  errorMessage: null,
  skewMs: 0,
});

/** A store whose results arrive on the given polls (0: already there), on a clock that moves half a second a poll. */
function waitOn(arrivals: { poll: number; result: LocationResult }[], clockMoves = true) {
  let polls = 0;
  let now = START;
  const sinces: number[] = [];
  const wait: EvidenceWait = {
    probeResults: {
      latest: async (_ids, since) => {
        sinces.push(since);
        const byLocation = new Map<string, LocationResult>();
        for (const arrival of arrivals)
          if (arrival.poll <= polls) byLocation.set(arrival.result.location, arrival.result);
        return new Map([[1, byLocation]]);
      },
    },
    now: () => now,
    pause: async (ms) => {
      polls += 1;
      if (clockMoves) now += ms;
    },
    stopped: () => false,
  };
  return { wait, polls: () => polls, sinces };
}

describe("waiting for the remote results of a slot", () => {
  it("stops as soon as every awaited location has a result of this slot", async () => {
    const store = waitOn([
      { poll: 0, result: result("fra", START - 60_000) },
      { poll: 3, result: result("fra", START + 1_200) },
      { poll: 1, result: result("vie", START - 1_500) },
    ]);
    const found = await remoteEvidence(store.wait, new Map([[1, ["fra", "vie"]]]), START, START + 8_000, 60_000);
    expect(store.polls()).toBe(3);
    expect(found.get(1)!.get("fra")!.checkedAt).toBe(START + 1_200);
    // A stand-in may be as old as one interval plus the wait.
    expect(store.sinces[0]).toBe(START - 60_000 - 8_000);
  });

  it("waits no longer than the deadline, and keeps what is there", async () => {
    const store = waitOn([{ poll: 0, result: result("fra", START - 30_000) }]);
    const found = await remoteEvidence(store.wait, new Map([[1, ["fra"]]]), START, START + 4_000, 60_000);
    expect(store.polls()).toBe(8);
    expect(found.get(1)!.get("fra")!.checkedAt).toBe(START - 30_000);
  });

  it("is bounded in polls when the clock stands still", async () => {
    const store = waitOn([], false);
    await remoteEvidence(store.wait, new Map([[1, ["fra"]]]), START, START + 4_000, 60_000);
    expect(store.polls()).toBe(8);
  });

  it("does not wait when no location is awaited", async () => {
    const store = waitOn([]);
    await remoteEvidence(store.wait, new Map([[1, []]]), START, START + 4_000, 60_000);
    expect(store.polls()).toBe(0);
  });

  it("ends the wait after the stagger, the timeout and three seconds, never past 0.9 of the interval", () => {
    expect(evidenceDeadline(START, 15_000, 5_000, 60_000)).toBe(START + 23_000);
    expect(evidenceDeadline(START, 15_000, 5_000, 20_000)).toBe(START + 18_000);
  });
});
