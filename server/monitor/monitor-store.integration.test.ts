import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { migrate } from "#server/db/migrate.ts";
import { createMonitorStore, type MonitorStore, type StoredResult } from "./monitor-store.ts";

const HOUR = 60 * 60_000;
/** 10:00 UTC on a fixed day: the hours of these scenarios start on the hour. */
const TEN = Date.UTC(2026, 2, 2, 10);

describe.each(testDatabases())("monitor history on $dialect", ({ open }) => {
  let store: MonitorStore;
  let cleanup: () => Promise<void>;
  let endpoint: number;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    await migrate(db.handle);
    store = createMonitorStore(db.handle.db);
    endpoint = await store.endpointId("api", "fra");
  });
  afterEach(() => cleanup());

  /** Results a minute apart from `start`: `failed` says which minutes failed (a fast 503 of 5 ms). */
  async function checks(start: number, count: number, failed: (minute: number) => boolean = () => false) {
    const results: StoredResult[] = Array.from({ length: count }, (_, minute) => ({
      endpointId: endpoint,
      checkedAt: start + minute * 60_000,
      status: failed(minute) ? "unhealthy" : "healthy",
      responseTime: failed(minute) ? 5 : 100 + minute,
    }));
    await store.saveCycle(new Map(), results, start + count * 60_000);
  }

  it("7 d and 30 d show the hour not rolled up yet, as the uptime figures count it", async () => {
    await checks(TEN + 60_000, 20);
    const now = TEN + 25 * 60_000;
    expect(await store.rollUp(now)).toBe(0);
    const uptime = (await store.uptime([endpoint], now)).get(endpoint)!;
    expect(uptime.uptime7d).toBe(100);
    for (const range of ["7d", "30d"] as const) {
      expect(await store.history(endpoint, range, now)).toEqual([
        { at: TEN, checks: 20, failures: 0, meanMs: 109.5, p95Ms: 118 },
      ]);
    }
  });

  it("rolled-up hours and the raw hours after them, each counted once", async () => {
    await checks(TEN, 60);
    await checks(TEN + HOUR, 60);
    await checks(TEN + 2 * HOUR, 10);
    // Housekeeping ran at 11:30 (10:00 rolled up), not yet in the 12:00 hour (11:00 is raw still).
    expect(await store.rollUp(TEN + HOUR + 30 * 60_000)).toBe(1);
    const week = await store.history(endpoint, "7d", TEN + 2 * HOUR + 10 * 60_000);
    expect(week.map((point) => [point.at, point.checks])).toEqual([
      [TEN, 60],
      [TEN + HOUR, 60],
      [TEN + 2 * HOUR, 10],
    ]);
    expect(await store.rollUp(TEN + 2 * HOUR + 10 * 60_000)).toBe(1);
    expect(await store.history(endpoint, "7d", TEN + 2 * HOUR + 10 * 60_000)).toEqual(week);
  });

  it("an outage of fast 503s is counted as failures, never as a low response time", async () => {
    await checks(TEN, 60, (minute) => minute >= 30);
    await checks(TEN + HOUR, 60, () => true);
    expect(await store.rollUp(TEN + 2 * HOUR)).toBe(2);
    const week = await store.history(endpoint, "7d", TEN + 2 * HOUR);
    expect(week).toEqual([
      { at: TEN, checks: 60, failures: 30, meanMs: 114.5, p95Ms: 128 },
      { at: TEN + HOUR, checks: 60, failures: 60, meanMs: null, p95Ms: null },
    ]);
    const day = await store.history(endpoint, "24h", TEN + 2 * HOUR);
    expect(day[29]).toEqual({ at: TEN + 29 * 60_000, checks: 1, failures: 0, meanMs: 129, p95Ms: 129 });
    expect(day[30]).toEqual({ at: TEN + 30 * 60_000, checks: 1, failures: 1, meanMs: null, p95Ms: null });
  });
});
