// The one scheduler of the server's probes, as two processes on one database
// see it over time: only the holder of the probe lease runs its families'
// due work; a process that gains the lease has each family start afresh
// (once per gain, not per renewal); a dead holder's lease passes to the other
// within one lease period; one family that fails stops no other.
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createLeases } from "#server/db/leases.ts";
import { migrate } from "#server/db/migrate.ts";
import { createProbeLease } from "./probe-lease.ts";
import { createProbeScheduler, type ProbeFamily } from "./probe-scheduler.ts";

const LEASE_MS = 60_000;

/** A family that writes down what it was asked to do, and when. */
function recordingFamily(name: string, failing = false) {
  const log: string[] = [];
  const family: ProbeFamily = {
    name,
    takeOver: () => void log.push("take over"),
    runDue: async (time) => {
      log.push(`due at ${time / 1000}`);
      if (failing) throw new Error(`${name} broke`);
    },
    drain: async () => void log.push("drain"),
  };
  return { family, log };
}

describe.each(testDatabases())("the probe scheduler on $dialect", ({ open }) => {
  let clock = 0;
  let opened: Awaited<ReturnType<typeof open>>;
  const now = () => clock;
  const logger = pino({ level: "silent" });

  beforeEach(async () => {
    clock = 1_000_000;
    opened = await open();
    await migrate(opened.handle);
  });
  afterEach(() => opened.cleanup());

  /** A process: its own lease handle on the shared database, its own families and scheduler. */
  function startProcess(name: string, options: { failing?: boolean } = {}) {
    const checks = recordingFamily(`${name} checks`, options.failing);
    const readings = recordingFamily(`${name} readings`);
    const lease = createProbeLease(createLeases(opened.handle.db, now));
    const scheduler = createProbeScheduler({
      lease,
      families: [checks.family, readings.family],
      leaseMs: () => LEASE_MS,
      now,
      logger,
    });
    return { checks: checks.log, readings: readings.log, lease, scheduler };
  }

  it("runs the families of the lease holder only, each tick, and has them start afresh once per gain", async () => {
    const a = startProcess("a");
    const b = startProcess("b");
    for (let second = 0; second < 3; second += 1) {
      await a.scheduler.tick();
      await b.scheduler.tick();
      clock += 1_000;
    }
    expect(a.checks).toEqual(["take over", "due at 1000", "due at 1001", "due at 1002"]);
    expect(a.readings).toEqual(a.checks);
    expect(b.checks).toEqual([]);
    expect(a.lease.leading()).toBe(true);
    expect(await a.lease.holds()).toBe(true);
    expect(b.lease.leading()).toBe(false);
  });

  it("hands the lease to the other process within one lease period when the holder dies", async () => {
    const a = startProcess("a");
    const b = startProcess("b");
    await a.scheduler.tick();
    await b.scheduler.tick();
    // a dies: it neither ticks nor releases. b keeps asking every second.
    let movedAfter = Infinity;
    for (let second = 1; second <= LEASE_MS / 1000 + 1; second += 1) {
      clock += 1_000;
      await b.scheduler.tick();
      if (b.lease.leading()) {
        movedAfter = second;
        break;
      }
    }
    expect(movedAfter).toBeLessThanOrEqual(LEASE_MS / 1000);
    expect(b.checks[0]).toBe("take over");
    expect(b.checks).toHaveLength(2);
  });

  it("lets go at stop: the families drain and the other process takes over at its next look", async () => {
    const a = startProcess("a");
    const b = startProcess("b");
    await a.scheduler.tick();
    await a.scheduler.stop();
    expect(a.checks.at(-1)).toBe("drain");
    expect(a.lease.leading()).toBe(false);
    await b.scheduler.tick();
    expect(b.checks).toEqual(["take over", "due at 1000"]);
  });

  it("goes on with the other families when one fails", async () => {
    const a = startProcess("a", { failing: true });
    await a.scheduler.tick();
    clock += 1_000;
    await a.scheduler.tick();
    expect(a.checks).toEqual(["take over", "due at 1000", "due at 1001"]);
    expect(a.readings).toEqual(["take over", "due at 1000", "due at 1001"]);
  });
});
