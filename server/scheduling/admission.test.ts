import { afterEach, describe, expect, it, vi } from "vitest";
import { createAdmission } from "./admission.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets the event loop go round `count` times. */
async function turns(count: number) {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

function busyWait(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("createAdmission", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at most `concurrency` tasks, queues `queueLimit` in order, and refuses the rest at once", async () => {
    const admission = createAdmission({ concurrency: 2, queueLimit: 3, maxWaitMs: 60_000 });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      admission.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    expect(await runs[3]).toEqual({ admitted: false, reason: "queue-full" });
    expect(await runs[4]).toEqual({ admitted: false, reason: "queue-full" });
    // Nothing starts in the caller's own turn of the event loop.
    expect(started).toEqual([]);
    await turns(3);
    expect(started).toEqual([0, 1]);
    expect(admission.load()).toEqual({ active: 2, waiting: 1 });

    gates[1]!.resolve();
    expect(await runs[1]).toEqual({ admitted: true, value: 1 });
    await turns(2);
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs.slice(0, 3))).toEqual([0, 1, 2].map((value) => ({ admitted: true, value })));
    expect(admission.load()).toEqual({ active: 0, waiting: 0 });
  });

  it(
    "starts each task on a turn of the event loop of its own, " + "so what came due meanwhile goes between two",
    async () => {
      const admission = createAdmission({ concurrency: 4, queueLimit: 10, maxWaitMs: 60_000 });
      const order: string[] = [];
      // Each task holds the process for a moment, as a render does (synchronously).
      const work = Array.from({ length: 3 }, (_, i) =>
        admission.run(async () => {
          busyWait(2);
          order.push(`render ${i}`);
        }),
      );
      // Comes due while the first task runs, as a health check's request would arrive.
      const healthCheck = new Promise<void>((resolve) =>
        setTimeout(() => {
          order.push("health check");
          resolve();
        }, 0),
      );
      await Promise.all([...work, healthCheck]);
      expect(order).toHaveLength(4);
      expect(order.indexOf("health check")).toBeLessThan(order.indexOf("render 1"));
    },
  );

  it("gives up on a wait that grows too long, and a failing task frees its slot", async () => {
    vi.useFakeTimers();
    const admission = createAdmission({ concurrency: 1, queueLimit: 5, maxWaitMs: 1_000 });
    const hold = deferred();
    const first = admission.run(() => hold.promise);
    const waiting = admission.run(async () => "late");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await waiting).toEqual({ admitted: false, reason: "waited-too-long" });
    expect(admission.load()).toEqual({ active: 1, waiting: 0 });
    hold.resolve();
    await first;

    const failing = admission.run(() => Promise.reject(new Error("render failed"))).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(await failing).toEqual(new Error("render failed"));
    expect(admission.load()).toEqual({ active: 0, waiting: 0 });
    const next = admission.run(async () => "next");
    await vi.advanceTimersByTimeAsync(0);
    expect(await next).toEqual({ admitted: true, value: "next" });
  });
});
