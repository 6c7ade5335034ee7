// Checks from two places, on the engine's own schedule and in what the APIs answer: a service checked from a remote
// location too runs on the probes' grid (slots k*I in server time, its first round at once) while one checked from
// here alone keeps its own slots; the services API lists each host's word from every location, the places it fails
// from alone and the locations' state; the public status names those places. On SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { CheckTarget } from "./checks/check-types.ts";
import { createProbeResults } from "./locations/probe-results.ts";

const yaml = (timeoutMs: number) => `
alerts: { to: ops@example.com }
locations:
  - { id: fra, name: Frankfurt, token: "${"f".repeat(48)}" }
defaults: { intervalSeconds: 60, timeoutMs: ${timeoutMs}, retries: 0, staggerSeconds: 0 }
services:
  - id: shop
    name: Shop
    public: true
    locations: [local, fra]
    quorum: 2
    hosts: { web: { url: "http://shop.test/" } }
  - id: wiki
    name: Wiki
    hosts: { main: { url: "http://wiki.test/" } }
`;
const config = parseMonitoringConfig(yaml(200), {});
/** A slot's round would wait up to 23 s for the probes' results (no stagger, a 20 s timeout, 3 s to travel). */
const slowConfig = parseMonitoringConfig(yaml(20_000), {});

describe.each(testDatabases())("checks from two places on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  const made: string[] = [];
  let current = config;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    made.length = 0;
    const check: CheckTarget = async (target) => {
      made.push(`${Math.round((t.clock.now % 3_600_000) / 1000)}: ${String(target.url)}`);
      return { status: "healthy", responseTime: 20, errorMessage: null, retryAttempt: 0, basic: false };
    };
    current = config;
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => current, check } });
  });
  afterEach(() => cleanup());

  it("runs a service checked from Frankfurt too on the grid of its interval, others on their own slots", async () => {
    const { engine } = t.services.monitor!;
    const probes = t.services.probes!;
    // The clock starts on a full hour: begin 17 s later, off the grid.
    t.advance(17_000);
    for (let second = 17; second <= 200; second += 1) {
      await probes.tick();
      await engine.settled();
      t.advance(1_000);
    }
    const at = (url: string) => made.filter((line) => line.endsWith(url)).map((line) => Number(line.split(":")[0]));
    expect(at("shop.test/")).toEqual([17, 60, 120, 180]);
    expect(at("wiki.test/")).toEqual([17, 77, 137, 197]);
  });

  it("shows each location's word, the places a host fails from alone, and the locations' state", async () => {
    const monitor = t.services.monitor!;
    const probe = createProbeResults(t.services.database.db);
    const web = await monitor.store.endpointId("shop", "web");
    await probe.record({
      location: "fra",
      receivedAt: t.clock.now,
      skewMs: 6_000,
      connectivity: { online: true, checkedAt: t.clock.now, error: null },
      results: [
        { endpointId: web, checkedAt: t.clock.now, status: "unhealthy", responseTime: null, errorMessage: "HTTP 503" },
      ],
    });
    await t.services.probes!.lead();
    await monitor.engine.runCycle();

    const snapshot = await monitor.snapshot();
    const host = snapshot.services.find((service) => service.serviceId === "shop")!.hosts[0]!;
    expect(host).toMatchObject({
      status: "degraded",
      errorMessage: "Down from Frankfurt only: HTTP 503",
      partial: ["Frankfurt"],
      measuredFrom: ["local", "fra"],
    });
    expect(
      host.locations!.map(({ location, name, status, clockSkewed }) => ({ location, name, status, clockSkewed })),
    ).toEqual([
      { location: "local", name: "This server", status: "healthy", clockSkewed: false },
      { location: "fra", name: "Frankfurt", status: "unhealthy", clockSkewed: true },
    ]);
    const wiki = snapshot.services.find((service) => service.serviceId === "wiki")!.hosts[0]!;
    expect(wiki.locations).toBeNull();
    expect(wiki.measuredFrom).toEqual(["local"]);
    expect(wiki.partial).toBeNull();
    expect(snapshot.locations.map(({ id, state, clockSkewed }) => ({ id, state, clockSkewed }))).toEqual([
      { id: "local", state: "online", clockSkewed: false },
      { id: "fra", state: "online", clockSkewed: true },
    ]);

    const status = await t.services.status!.source.refresh();
    expect(status.services.map(({ id, state, partialFrom }) => ({ id, state, partialFrom }))).toEqual([
      { id: "shop", state: "degraded", partialFrom: ["Frankfurt"] },
    ]);
  });

  it("answers a check now between slots from the latest results, without waiting for the next slot", async () => {
    current = slowConfig;
    const { engine, store } = t.services.monitor!;
    const web = await store.endpointId("shop", "web");
    // The clock starts on a full hour: Frankfurt checked at that slot; "check now" is pressed 37 s later.
    t.advance(37_000);
    await createProbeResults(t.services.database.db).record({
      location: "fra",
      receivedAt: t.clock.now - 35_000,
      skewMs: 0,
      connectivity: { online: true, checkedAt: t.clock.now - 37_000, error: null },
      results: [
        {
          endpointId: web,
          checkedAt: t.clock.now - 37_000,
          status: "unhealthy",
          responseTime: null,
          errorMessage: "HTTP 503",
        },
      ],
    });
    await t.services.probes!.lead();
    await engine.requestCycle();
    const began = performance.now();
    await t.services.probes!.tick();
    await engine.settled();
    // Waiting for the next slot's results would take 23 s here (the engine's pauses run on the real clock).
    expect(performance.now() - began).toBeLessThan(10_000);
    const host = (await t.services.monitor!.snapshot()).services.find((service) => service.serviceId === "shop")!
      .hosts[0]!;
    expect(host).toMatchObject({ partial: ["Frankfurt"], measuredFrom: ["local", "fra"] });
  });
});
