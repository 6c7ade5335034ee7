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

const config = parseMonitoringConfig(
  `
alerts: { to: ops@example.com }
locations:
  - { id: fra, name: Frankfurt, token: "${"f".repeat(48)}" }
defaults: { intervalSeconds: 60, timeoutMs: 200, retries: 0, staggerSeconds: 0 }
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
`,
  {},
);

describe.each(testDatabases())("checks from two places on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  const made: string[] = [];

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    made.length = 0;
    const check: CheckTarget = async (target) => {
      made.push(`${Math.round((t.clock.now % 3_600_000) / 1000)}: ${String(target.url)}`);
      return { status: "healthy", responseTime: 20, errorMessage: null, retryAttempt: 0, basic: false };
    };
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => config, check } });
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
});
