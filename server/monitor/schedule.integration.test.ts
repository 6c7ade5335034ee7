// The engine's schedule on a fake clock, second by second as its ticker runs
// it: each service on its own interval and fixed slots, a slow service never
// holding a fast one back, a host with an open circuit checked in every slot
// all the same, Refresh served only once every service has run, and
// sub-services keeping history like hosts. On SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { CheckOutcome, CheckTarget } from "./checks/check-types.ts";

const config = parseMonitoringConfig(
  `
alerts: { to: ops@example.com }
defaults: { intervalSeconds: 60, timeoutMs: 4000, retries: 2, staggerSeconds: 0, circuitFailures: 2 }
services:
  - id: fast
    name: Fast
    intervalSeconds: 15
    timeoutMs: 800
    hosts: { fra: { url: "http://fast.test/fra" } }
  - id: slow
    name: Slow
    hosts:
      fra: { url: "http://slow.test/fra" }
      muc: { url: "http://slow.test/muc" }
      ber: { url: "http://slow.test/ber" }
    subServices: [{ name: Queue, muc: { url: "http://slow.test/queue" } }]
`,
  {},
);

/** What the fake checks saw and how they answer; tests read it and steer it. */
type CheckLog = {
  /** Every check made: "seconds since start: url (timeout ms)". */
  made: string[];
  /** Every check's settings: "seconds: url timeout/retries". */
  settings: string[];
  /** Checks of the slow service wait until released, as a slow target would. */
  holdSlow: Promise<void> | undefined;
  /** URLs that answer 503. */
  failing: Set<string>;
};

/** A check that records what it was asked and answers healthy, or 503 for the failing URLs. */
function fakeCheck(log: CheckLog, secondsIn: () => number): CheckTarget {
  return async (target, context) => {
    log.made.push(`${secondsIn()}: ${String(target.url)} (${context.timeoutMs})`);
    log.settings.push(`${secondsIn()}: ${String(target.url)} ${context.timeoutMs}/${context.retries}`);
    if (String(target.url).includes("slow") && log.holdSlow) await log.holdSlow;
    if (log.failing.has(String(target.url)))
      return {
        status: "unhealthy",
        responseTime: null,
        errorMessage: "HTTP 503",
        retryAttempt: 0,
        basic: false,
      } satisfies CheckOutcome;
    return {
      status: "healthy",
      responseTime: 20,
      errorMessage: null,
      retryAttempt: 0,
      basic: false,
    } satisfies CheckOutcome;
  };
}

/** A fresh app and database for each test, its checks faked, with the steps the tests below share. */
function useSchedule(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  const log: CheckLog = { made: [], settings: [], holdSlow: undefined, failing: new Set() };
  let start = 0;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    log.made.length = 0;
    log.settings.length = 0;
    log.holdSlow = undefined;
    log.failing.clear();
    const check = fakeCheck(log, () => (t.clock.now - start) / 1000);
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => config, check } });
    start = t.clock.now;
  });
  afterEach(() => cleanup());

  const engine = () => t.services.monitor!.engine;
  const at = (url: string) => log.made.filter((line) => line.includes(url)).map((line) => Number(line.split(":")[0]));
  return {
    get t() {
      return t;
    },
    log,
    engine,
    at,
    /** Runs the ticker's steps from now to `until` seconds, a second at a time, letting each round finish. */
    async runUntil(until: number, settle = true) {
      while (t.clock.now - start <= until * 1000) {
        await t.services.probes!.tick();
        if (settle) await engine().settled();
        t.advance(1000);
      }
    },
    /**
     * Waits (on the real clock, generously) until `count` checks of `url` have been made: rounds start their checks
     * after a few database reads.
     */
    reached: (url: string, count: number) => expect.poll(() => at(url).length, { timeout: 10_000 }).toBe(count),
    /**
     * Waits until the round that began `second` seconds in has ended (the fast one: the slow one hangs), so the next
     * slot finds the service free.
     */
    roundDone: (second: number) =>
      expect
        .poll(async () => (await t.services.monitor!.snapshot()).lastCheckedAt, { timeout: 10_000 })
        .toBe(new Date(start + second * 1000).toISOString()),
    /**
     * Ticks a second at a time until the condition holds (each tick's rounds get a moment to start), at most `seconds`
     * ticks.
     */
    async tickUntil(condition: () => boolean | Promise<boolean>, seconds: number) {
      for (let tick = 0; tick < seconds; tick += 1) {
        t.advance(1000);
        await t.services.probes!.tick();
        try {
          await expect.poll(condition, { timeout: 1_000, interval: 20 }).toBe(true);
          return;
        } catch {
          // not yet: the next second
        }
      }
      expect(await condition(), `within ${seconds} ticks`).toBe(true);
    },
  };
}

describe.each(testDatabases())("the schedule on $dialect: slots and slow services", ({ open }) => {
  const s = useSchedule(open);
  const { engine, runUntil, at, reached, roundDone, tickUntil } = s;
  const probes = () => s.t.services.probes!;

  it("checks each service on its own interval, in fixed slots, with its own timeout", async () => {
    await runUntil(130);
    expect(at("fast.test/fra")).toEqual([0, 15, 30, 45, 60, 75, 90, 105, 120]);
    expect(at("slow.test/fra")).toEqual([0, 60, 120]);
    expect(at("slow.test/queue")).toEqual([0, 60, 120]);
    expect(s.log.made.filter((line) => line.includes("fast.test")).every((line) => line.endsWith("(800)"))).toBe(true);
    expect(s.log.made.filter((line) => line.includes("slow.test")).every((line) => line.endsWith("(4000)"))).toBe(true);
  });

  it(
    "a slow round never holds a fast service back, and a service is never checked twice at once",
    { timeout: 60_000 },
    async () => {
      let release!: () => void;
      s.log.holdSlow = new Promise((resolve) => (release = resolve));
      await probes().tick();
      await reached("slow.test/", 4); // three hosts and the sub-service, all hanging
      await reached("fast.test/", 1);
      await roundDone(0);
      for (let second = 1; second <= 40; second += 1) {
        s.t.advance(1000);
        await probes().tick();
        if (second % 15 === 0) {
          await reached("fast.test/", 1 + second / 15);
          await roundDone(second);
        }
      }
      expect(at("fast.test/fra")).toEqual([0, 15, 30]);
      // The slow service's round still runs: it was not started again meanwhile.
      expect(at("slow.test/")).toEqual([0, 0, 0, 0]);
      release();
      await engine().settled();
      await runUntil(61);
      expect(at("slow.test/fra")).toEqual([0, 60]);
    },
  );

  it("Refresh is served once every service has run after it, the one that was busy included", async () => {
    await runUntil(2);
    let release!: () => void;
    s.log.holdSlow = new Promise((resolve) => (release = resolve));
    s.t.advance(57_000); // the slow service's next slot, and the fast one's
    await probes().tick();
    await reached("slow.test/fra", 2); // its round starts, and hangs
    await reached("fast.test/fra", 2);
    const requestedAt = await engine().requestCycle();
    const served = async () =>
      (await s.t.services.monitor!.snapshot()).refreshedAt === new Date(requestedAt).toISOString();
    // What is not busy is checked for the request at once; the busy one waits for its round to end.
    await tickUntil(() => at("fast.test/fra").length === 3, 5);
    expect(at("fast.test/fra").at(-1)).toBeGreaterThan(60);
    await tickUntil(served, 3).catch(() => undefined);
    expect(await served()).toBe(false);
    expect(at("slow.test/fra")).toEqual([0, 60]);
    release();
    // Then it runs again, for the request, and only then is the request served.
    await tickUntil(() => at("slow.test/fra").length === 3, 5);
    await tickUntil(served, 5);
    expect(at("slow.test/fra")[2]).toBeGreaterThan(60);
  }, 60_000);
});

describe.each(testDatabases())("the schedule on $dialect: open circuits and sub-services", ({ open }) => {
  const s = useSchedule(open);
  const { runUntil, at } = s;

  it(
    "a host whose circuit is open is still checked every interval, without retries " +
      "and with half the timeout; a recovery is seen at its next slot",
    async () => {
      s.log.failing.add("http://slow.test/fra");
      await runUntil(60 * 30);
      // Thirty-one rounds, every one of them checked the failing host: the circuit opened after two and never skipped a
      // slot.
      expect(at("slow.test/fra")).toEqual(Array.from({ length: 31 }, (_, index) => index * 60));
      const fra = s.log.settings.filter((line) => line.includes("slow.test/fra")).map((line) => line.split(" ").at(-1));
      expect(fra.slice(0, 3)).toEqual(["4000/2", "4000/2", "2000/0"]);
      expect(new Set(fra.slice(2))).toEqual(new Set(["2000/0"]));
      // The other hosts keep their full settings.
      expect(
        new Set(s.log.settings.filter((line) => line.includes("slow.test/muc")).map((line) => line.split(" ").at(-1))),
      ).toEqual(new Set(["4000/2"]));
      const fraState = async () =>
        (await s.t.services.monitor!.snapshot()).services.find((service) => service.serviceId === "slow")!.hosts[0]!;
      expect(await fraState()).toMatchObject({ circuitBreakerState: "open", status: "unhealthy" });
      s.log.failing.clear();
      await runUntil(60 * 31);
      expect(await fraState()).toMatchObject({ circuitBreakerState: "half-open", status: "healthy" });
      expect(s.log.settings.filter((line) => line.includes("slow.test/fra")).at(-1)).toBe(
        "1860: http://slow.test/fra 2000/0",
      );
    },
    60_000,
  );

  it("sub-services keep history like hosts, and every host is listed in the configuration's order", async () => {
    await runUntil(61);
    const history = await s.t.services.monitor!.history("slow", "24h");
    expect(Object.keys(history!.hosts)).toEqual(["fra", "muc", "ber"]);
    expect(history!.subServices.Queue).toHaveLength(2);
    const slow = (await s.t.services.monitor!.snapshot()).services.find((service) => service.serviceId === "slow")!;
    expect(slow.hosts.map((host) => [host.host, host.target, host.subServices.map((sub) => sub.name)])).toEqual([
      ["fra", "http://slow.test/fra", []],
      ["muc", "http://slow.test/muc", ["Queue"]],
      ["ber", "http://slow.test/ber", []],
    ]);
    expect(slow).toMatchObject({ centron: null, local: null, intervalSeconds: 60 });
  });

  it("a sub-service that fails opens an incident of its own, and closes it when it passes", async () => {
    s.log.failing.add("http://slow.test/queue");
    await runUntil(0);
    const incidents = async () =>
      s.t.services.database.db.selectFrom("incidents").select(["target", "name", "resolved_at"]).execute();
    expect(await incidents()).toEqual([{ target: "service:slow/sub:Queue", name: "Slow: Queue", resolved_at: null }]);
    s.log.failing.clear();
    await runUntil(60);
    expect((await incidents()).map((row) => [row.target, row.resolved_at !== null])).toEqual([
      ["service:slow/sub:Queue", true],
    ]);
  });
});
