// A monitor that never looks away, judged over time: outages of 1 to 120
// minutes at a 60 s interval, on a fake clock through the real engine, each
// resolving within successThreshold + 1 intervals of the recovery in every
// view at once: the dashboard, the notices on each channel, /api/status, the
// badge and the RSS feed. The host's circuit opens after five failures; it
// must not stop the checks. On SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startOutageSimulation, type OutageSimulation, type Views } from "#tests/support/outage-simulation.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

const INTERVAL_S = 60;
/** Five seconds after a round: the worst moment to fail and to recover (the next check is a whole interval away). */
const DOWN_AT_S = 65;
const ALERT = "[ALERT] Mail relay is unhealthy (centron)";
const RESOLVED = "[RESOLVED] Mail relay is healthy again (centron)";
const CHANNELS = ["email", "hook"] as const;

const yaml = (successThreshold: number) => `
alerts:
  cooldownMinutes: 5
  channels:
    - { type: email, to: ops@example.com }
    - { type: webhook, name: hook, url: "http://127.0.0.1:9/hook" }
defaults: { intervalSeconds: ${INTERVAL_S}, timeoutMs: 5000, retries: 2, successThreshold: ${successThreshold} }
services:
  - { id: mail-relay, name: Mail relay, public: true,
      hosts: { centron: { url: "http://centron.mail-relay.test/health" } } }
`;

/** What each view shows once the service is back. */
const RECOVERED: { [K in keyof Views]: (value: Views[K]) => boolean } = {
  dashboard: (value) => value === "healthy",
  publicState: (value) => value === "operational",
  badge: (value) => value === "up",
  feedSaysResolved: (value) => value,
  openIncidents: (value) => value === 0,
};

const CASES = [1, 10, 40, 120].flatMap((minutes) => [1, 2].map((successThreshold) => ({ minutes, successThreshold })));

describe.each(testDatabases())("outages on $dialect", ({ open }) => {
  let sim: OutageSimulation;
  let cleanup: () => Promise<void>;
  let handle: Awaited<ReturnType<typeof open>>["handle"];
  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
  });
  afterEach(() => cleanup());

  it.each(CASES)(
    "a $minutes-minute outage (successThreshold $successThreshold) is resolved " +
      "within successThreshold + 1 intervals of the recovery, everywhere",
    async ({ minutes, successThreshold }) => {
      sim = await startOutageSimulation(handle, yaml(successThreshold), { tickSeconds: 5 });
      await sim.runTo(DOWN_AT_S - 1);
      sim.down.add("mail-relay/centron");
      const recovery = DOWN_AT_S + minutes * INTERVAL_S;
      await sim.runTo(recovery - 1);

      // The outage is seen everywhere first: a test that cannot see it could not see its end either.
      const during = await sim.views("mail-relay");
      expect(during).toEqual({
        dashboard: "unhealthy",
        publicState: "outage",
        badge: "down",
        feedSaysResolved: false,
        openIncidents: 1,
      });
      for (const channel of CHANNELS) expect((await sim.notices(channel))[0], channel).toBe(ALERT);
      const circuit = (await sim.t.services.monitor!.snapshot()).services[0]!.hosts[0]!.circuitBreakerState;
      expect(circuit).toBe(minutes >= 5 ? "open" : "closed");

      sim.down.delete("mail-relay/centron");
      const firstSeen = new Map<string, number>();
      const bound = (successThreshold + 1) * INTERVAL_S;
      await sim.runTo(recovery + bound + INTERVAL_S, async () => {
        const views = await sim.views("mail-relay");
        for (const [name, recovered] of Object.entries(RECOVERED) as [keyof Views, (value: unknown) => boolean][]) {
          if (!firstSeen.has(name) && recovered(views[name])) firstSeen.set(name, sim.seconds());
        }
        for (const channel of CHANNELS) {
          if (!firstSeen.has(`notice on ${channel}`) && (await sim.notices(channel)).includes(RESOLVED))
            firstSeen.set(`notice on ${channel}`, sim.seconds());
        }
      });
      const late = Object.fromEntries(
        [...Object.keys(RECOVERED), ...CHANNELS.map((channel) => `notice on ${channel}`)].map((name) => [
          name,
          (firstSeen.get(name) ?? Infinity) - recovery,
        ]),
      );
      for (const [view, seconds] of Object.entries(late))
        expect(seconds, `${view} ${seconds} s after the recovery`).toBeLessThanOrEqual(bound);
      // Each channel told the end once.
      for (const channel of CHANNELS)
        expect(
          (await sim.notices(channel)).filter((title) => title === RESOLVED),
          channel,
        ).toHaveLength(1);
    },
    120_000,
  );

  it("a second outage soon after the first is told, and so is its end", async () => {
    sim = await startOutageSimulation(handle, yaml(1), { tickSeconds: 5 });
    const outages = [
      { from: 65, to: 65 + 40 * 60 },
      { from: 65 + 43 * 60, to: 65 + 53 * 60 },
    ];
    for (const { from, to } of outages) {
      await sim.runTo(from - 1);
      sim.down.add("mail-relay/centron");
      await sim.runTo(to - 1);
      sim.down.delete("mail-relay/centron");
    }
    await sim.runTo(outages[1]!.to + 2 * INTERVAL_S);
    for (const channel of CHANNELS) {
      const titles = await sim.notices(channel);
      expect(
        titles.filter((title) => title === ALERT),
        channel,
      ).toHaveLength(2);
      expect(
        titles.filter((title) => title === RESOLVED),
        channel,
      ).toHaveLength(2);
      expect(titles.at(-1), channel).toBe(RESOLVED);
    }
  }, 120_000);
});
