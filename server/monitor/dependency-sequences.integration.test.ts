// One outage pages once: a host carrying twenty services dies, on a fake
// clock through the real engine. The host's incident is told once per
// channel and names the services it took down; theirs are not told at all;
// the dashboard says what each is affected by and the status page shows them
// under one incident. A service still down when the host is back is told on
// its own then. Also: services checked more often than the host wait for its
// verdict (also when the host dies in the middle of a round), a chain pages
// once at its root, and a service already down before the host keeps its
// incident. On SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { startOutageSimulation, type OutageSimulation } from "#tests/support/outage-simulation.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { useDatabase } from "./use-test-database.ts";

const CHILDREN = 20;
const CHANNELS = ["email", "hook"] as const;
const PARENT_ALERT = `[ALERT] Central infrastructure is unhealthy (centron); ${CHILDREN} services affected`;
const PARENT_RESOLVED = "[RESOLVED] Central infrastructure is healthy again (centron)";
const childId = (i: number) => `svc-${String(i).padStart(2, "0")}`;
const childName = (i: number) => `Service ${String(i).padStart(2, "0")}`;

function yaml(options: { reminderMinutes?: number; childInterval?: number; extra?: string } = {}): string {
  const children = Array.from({ length: CHILDREN }, (_, i) => {
    const own = options.childInterval ? `intervalSeconds: ${options.childInterval}, ` : "";
    return (
      `  - { id: ${childId(i)}, name: ${childName(i)}, public: ${i < 3}, ${own}hosts: { centron: { url: ` +
      `"http://centron.${childId(i)}.test/health", dependsOn: [dc] } } }`
    );
  });
  return `
alerts:
  cooldownMinutes: 5
  reminderMinutes: ${options.reminderMinutes ?? 0}
  channels:
    - { type: email, to: ops@example.com }
    - { type: webhook, name: hook, url: "http://127.0.0.1:9/hook" }
defaults: { intervalSeconds: 60, timeoutMs: 5000, retries: 0, staggerSeconds: 0 }
services:
  - { id: dc, name: Central infrastructure, profile: infrastructure, hosts: { centron: { tcp: "centron.dc.test:22" } } }
${children.join("\n")}
${options.extra ?? ""}`;
}

const allDown = (sim: OutageSimulation) => {
  sim.down.add("dc/centron");
  for (let i = 0; i < CHILDREN; i += 1) sim.down.add(`${childId(i)}/centron`);
};

describe.each(testDatabases())("dependencies on $dialect: one outage pages once", ({ open }) => {
  const database = useDatabase(open);

  it(
    "a host carrying twenty services dies: one notice per channel naming them, one " +
      "resolution; the dashboard and the status page show them under it",
    async () => {
      const sim = await startOutageSimulation(database.handle, yaml(), { tickSeconds: 5 });
      await sim.runTo(64);
      allDown(sim);
      await sim.runTo(65 + 10 * 60);
      for (const channel of CHANNELS) expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT]);
      const alert = (await sim.lastPayload("hook")) as { affected: { serviceId: string }[]; text: string };
      expect(alert.affected.map((target) => target.serviceId)).toEqual(
        Array.from({ length: CHILDREN }, (_, i) => childId(i)),
      );
      expect(alert.text).toContain(
        `${CHILDREN} services affected: ${childName(0)} (centron), ${childName(1)} (centron)`,
      );

      const { db } = sim.t.services.database;
      expect((await db.selectFrom("incidents").select("target").execute()).map((row) => row.target)).toEqual([
        "service:dc/centron",
      ]);
      const snapshot = await sim.t.services.monitor!.snapshot();
      expect(snapshot.services.find((service) => service.serviceId === childId(7))).toMatchObject({
        status: "unhealthy",
        affectedBy: ["Central infrastructure on centron"],
      });
      expect(snapshot.services.find((service) => service.serviceId === "dc")!.affectedBy).toEqual([]);
      const [incident] = await sim.t.services.alerting!.incidents.open();
      expect(incident).toMatchObject({
        target: "service:dc/centron",
        affected: Array.from({ length: CHILDREN }, (_, i) => childName(i)),
      });

      // The status page: the three public services, under one incident of their own words (the host is private).
      const status = await sim.t.services.status!.source.refresh();
      expect(status.services.map((service) => service.state)).toEqual(["outage", "outage", "outage"]);
      expect(status.incidents.open).toHaveLength(1);
      expect(status.incidents.open[0]).toMatchObject({
        serviceIds: [childId(0), childId(1), childId(2)],
        title: {
          en: `Disruption of ${childName(0)}, ${childName(1)} and ${childName(2)}`,
          de: `Störung: ${childName(0)}, ${childName(1)} und ${childName(2)}`,
        },
      });

      sim.down.clear();
      await sim.runTo(65 + 12 * 60);
      for (const channel of CHANNELS)
        expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT, PARENT_RESOLVED]);
      const resolution = (await sim.lastPayload("hook")) as { text: string };
      expect(resolution.text).toContain(`Affected while it lasted (${CHILDREN} services)`);
      expect(
        (await sim.t.services.monitor!.snapshot()).services.every((service) => service.affectedBy.length === 0),
      ).toBe(true);
      const after = await sim.t.services.status!.source.refresh();
      expect(after.incidents.open).toHaveLength(0);
      expect(after.incidents.resolved).toHaveLength(1);
      expect(after.incidents.resolved[0]!.serviceIds).toEqual([childId(0), childId(1), childId(2)]);
    },
    60_000,
  );

  it("reminders are the host's alone, and name the services it took down", async () => {
    const sim = await startOutageSimulation(database.handle, yaml({ reminderMinutes: 5 }), { tickSeconds: 5 });
    await sim.runTo(64);
    allDown(sim);
    await sim.runTo(65 + 11 * 60);
    const reminder = `[REMINDER] Central infrastructure is still unhealthy (centron); ${CHILDREN} services affected`;
    for (const channel of CHANNELS)
      expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT, reminder, reminder]);
  }, 60_000);

  it("a service still down when the host is back is told on its own then, and its recovery too", async () => {
    const sim = await startOutageSimulation(database.handle, yaml(), { tickSeconds: 5 });
    await sim.runTo(64);
    allDown(sim);
    await sim.runTo(65 + 5 * 60);
    sim.down.clear();
    sim.down.add(`${childId(7)}/centron`);
    await sim.runTo(65 + 8 * 60);
    const own = `[ALERT] ${childName(7)} is unhealthy (centron)`;
    for (const channel of CHANNELS)
      expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT, PARENT_RESOLVED, own]);
    sim.down.clear();
    await sim.runTo(65 + 10 * 60);
    for (const channel of CHANNELS)
      expect((await sim.notices(channel)).at(-1), channel).toBe(
        `[RESOLVED] ${childName(7)} is healthy again (centron)`,
      );
  }, 60_000);
});

describe.each(testDatabases())("dependencies on $dialect: check intervals, maintenance and chains", ({ open }) => {
  const database = useDatabase(open);

  it("services checked every 15 s wait for the host's verdict (checked every 60 s): still one notice", async () => {
    const sim = await startOutageSimulation(database.handle, yaml({ childInterval: 15 }), { tickSeconds: 5 });
    await sim.runTo(64);
    allDown(sim);
    await sim.runTo(65 + 5 * 60);
    for (const channel of CHANNELS) expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT]);
  }, 60_000);

  it("a service failing alone, while the host answers, is told within the host's interval and its own", async () => {
    const sim = await startOutageSimulation(database.handle, yaml({ childInterval: 15 }), { tickSeconds: 5 });
    await sim.runTo(64);
    sim.down.add(`${childId(3)}/centron`);
    const told: number[] = [];
    await sim.runTo(65 + 4 * 60, async () => {
      if (told.length === 0 && (await sim.notices("email")).length > 0) told.push(sim.seconds());
    });
    expect(await sim.notices("email")).toEqual([`[ALERT] ${childName(3)} is unhealthy (centron)`]);
    // Failed at its check at 75 s; the host's verdict came at 120 s; the service's next check after it opened the
    // incident.
    expect(told[0]! - 65).toBeLessThanOrEqual(60 + 15 + 15);
  }, 60_000);

  it("a host that dies during maintenance: nothing told; when it ends, one notice naming its services", async () => {
    const sim = await startOutageSimulation(database.handle, yaml(), { tickSeconds: 5 });
    const { maintenance } = sim.t.services.alerting!;
    await maintenance.change({ enable: true, enabledBy: "ops", reason: "Rack move" });
    await sim.runTo(64);
    allDown(sim);
    await sim.runTo(65 + 5 * 60);
    for (const channel of CHANNELS) expect(await sim.notices(channel), channel).toEqual([]);
    await maintenance.change({ enable: false });
    await sim.runTo(65 + 6 * 60);
    for (const channel of CHANNELS) expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT]);
  }, 60_000);

  it(
    "a host that dies in the middle of a round (checked before it died, " +
      "its services after): asked again, still one notice",
    async () => {
      const sim = await startOutageSimulation(database.handle, yaml(), { tickSeconds: 5 });
      await sim.runTo(64);
      // The round at 120 s finds the host answering and its services not: it dies right after its own check.
      for (let i = 0; i < CHILDREN; i += 1) sim.down.add(`${childId(i)}/centron`);
      const asked: string[] = [];
      sim.hooks.afterCheck = (host) => {
        if (host === "dc/centron") asked.push(sim.seconds().toString());
        sim.down.add("dc/centron");
      };
      await sim.runTo(120);
      expect(asked).toEqual(["120", "120"]);
      for (const channel of CHANNELS) expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT]);
      await sim.runTo(65 + 5 * 60);
      for (const channel of CHANNELS) expect(await sim.notices(channel), channel).toEqual([PARENT_ALERT]);
    },
    60_000,
  );

  it(
    "a service failing alone, checked in the round of its host: the " +
      "host is asked again, and the service is told at once",
    async () => {
      const sim = await startOutageSimulation(database.handle, yaml(), { tickSeconds: 5 });
      await sim.runTo(64);
      sim.down.add(`${childId(4)}/centron`);
      await sim.runTo(120);
      expect(await sim.notices("email")).toEqual([`[ALERT] ${childName(4)} is unhealthy (centron)`]);
    },
    60_000,
  );

  it("a chain pages once, at its root", async () => {
    const extra = `  - { id: app, name: App, hosts: { centron: { url: "http://centron.app.test/",
        dependsOn: [svc-00] } } }
  - { id: web, name: Web, dependsOn: [app], hosts: { centron: { url: "http://centron.web.test/" } } }`;
    const sim = await startOutageSimulation(database.handle, yaml({ extra }), { tickSeconds: 5 });
    await sim.runTo(64);
    allDown(sim);
    sim.down.add("app/centron");
    sim.down.add("web/centron");
    await sim.runTo(65 + 3 * 60);
    for (const channel of CHANNELS)
      expect(await sim.notices(channel), channel).toEqual([
        `[ALERT] Central infrastructure is unhealthy (centron); ${CHILDREN + 2} services affected`,
      ]);
  }, 60_000);

  it(
    "a service down before the host keeps its own incident: no " +
      "reminders while the host is down, its resolution told",
    async () => {
      const sim = await startOutageSimulation(database.handle, yaml({ reminderMinutes: 5 }), { tickSeconds: 5 });
      await sim.runTo(64);
      sim.down.add(`${childId(5)}/centron`);
      await sim.runTo(65 + 2 * 60);
      const own = `[ALERT] ${childName(5)} is unhealthy (centron)`;
      expect(await sim.notices("email")).toEqual([own]);
      allDown(sim);
      await sim.runTo(65 + 13 * 60);
      const titles = await sim.notices("email");
      expect(titles.filter((title) => title.includes(childName(5)))).toEqual([own]);
      expect(titles.filter((title) => title.startsWith("[REMINDER] Central infrastructure"))).toHaveLength(2);
      sim.down.clear();
      await sim.runTo(65 + 15 * 60);
      expect((await sim.notices("email")).slice(-2).sort()).toEqual(
        [PARENT_RESOLVED, `[RESOLVED] ${childName(5)} is healthy again (centron)`].sort(),
      );
    },
    60_000,
  );
});
