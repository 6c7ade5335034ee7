// Maintenance told: a notice when it starts (who, why, the expected end) and
// when it ends (who ended it, what is still failing), manual or scheduled,
// once however many processes look, on the channels its route picks; nothing
// when the setting is off. On a fake clock, on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alertingProcess } from "#tests/support/alerting-process.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { MonitorConfigError, parseMonitoringConfig } from "#server/monitoring-config.ts";

const MINUTE = 60_000;

function yaml(extra = "", alerts = "maintenanceNotices: true") {
  return `
alerts:
  ${alerts}
  cooldownMinutes: 5
  channels:
    - { type: email, to: ops@example.com }
    - { type: webhook, name: hook, url: "http://127.0.0.1:9/hook" }
defaults: { intervalSeconds: 60, staggerSeconds: 0, retries: 0 }
services:
  - { id: mail-relay, name: Mail relay, hosts: { centron: { url: "http://centron.mail-relay.test/health" } } }
  - { id: search, name: Search, hosts: { fra: { url: "http://fra.search.test/health" } } }
${extra}`;
}

/** A fresh database for each test, and apps on it whose checks fail for the hosts in `failing`. */
function useMaintenanceApps(open: TestDatabase["open"]) {
  let handle: Awaited<ReturnType<typeof open>>["handle"];
  let cleanup: () => Promise<void>;
  /** Hosts (by their address's name) that answer 503. */
  const failing = new Set<string>();
  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
    failing.clear();
  });
  afterEach(() => cleanup());

  async function app(text = yaml()) {
    const config = parseMonitoringConfig(text, {});
    const t = await createTestApp(
      handle,
      {},
      {
        monitoring: {
          config: () => config,
          check: async (target) => {
            const down = failing.has(new URL(String(target.url)).hostname);
            return {
              status: down ? "unhealthy" : "healthy",
              responseTime: 10,
              errorMessage: down ? "HTTP 503" : null,
              retryAttempt: 0,
              basic: false,
            };
          },
        },
      },
    );
    const round = async () => {
      await t.services.probes!.lead();
      await t.services.monitor!.engine.runCycle();
    };
    /** Every notice queued on a channel: its title, and for the webhook its event and text. */
    const queued = async (channel: string) => {
      const rows = await t.services.database.db
        .selectFrom("outbox")
        .select("payload")
        .where("channel", "=", `alert:${channel}`)
        .orderBy("id")
        .execute();
      return rows.map(
        (row) => JSON.parse(row.payload) as { subject?: string; title?: string; text: string; event?: string },
      );
    };
    const titles = async (channel: string) =>
      (await queued(channel)).map((payload) => payload.subject ?? payload.title);
    return { t, config, round, queued, titles };
  }

  return {
    get handle() {
      return handle;
    },
    failing,
    app,
  };
}

describe.each(testDatabases())("maintenance notices on $dialect: manual and scheduled maintenance", ({ open }) => {
  const { app, failing } = useMaintenanceApps(open);

  it(
    "manual maintenance: its start says who, why and until when; its " +
      "end says who ended it and what is still failing",
    async () => {
      const { t, round, queued, titles } = await app();
      const { maintenance } = t.services.alerting!;
      await round();
      await maintenance.change({
        enable: true,
        enabledBy: "ops",
        reason: "Kernel update",
        estimatedDurationMinutes: 30,
        notes: "Reboots both hosts",
      });
      const started = "[MAINTENANCE] Maintenance started: Kernel update";
      expect(await titles("email")).toEqual([started]);
      expect(await titles("hook")).toEqual([started]);
      const [hook] = await queued("hook");
      expect(hook!.event).toBe("maintenance.started");
      expect(hook!.text).toContain("Maintenance started at 2026-01-05T09:00:00Z by ops: Kernel update.");
      expect(hook!.text).toContain("Expected end: 2026-01-05T09:30:00Z (it ends by itself then).");
      expect(hook!.text).toContain("Notes: Reboots both hosts");

      // During it, the relay fails: held back, as maintenance does.
      failing.add("centron.mail-relay.test");
      t.advance(5 * MINUTE);
      await round();
      expect(await titles("email")).toEqual([started]);

      t.advance(5 * MINUTE);
      await maintenance.change({ enable: false, enabledBy: "lead", reason: "Done early" });
      const ended = "[MAINTENANCE] Maintenance ended: Kernel update; 1 still failing";
      expect(await titles("email")).toEqual([started, ended]);
      const end = (await queued("hook")).at(-1)!;
      expect(end.event).toBe("maintenance.ended");
      expect(end.text).toContain("Maintenance ended at 2026-01-05T09:10:00Z by lead: Done early.");
      expect(end.text).toContain("- Mail relay on centron: HTTP 503 (since 2026-01-05T09:05:00Z)");
      // The end asked for a round: the held failure is told now.
      await round();
      expect((await titles("email")).at(-1)).toBe("[ALERT] Mail relay is unhealthy (centron)");
    },
  );

  it("maintenance that runs out says so; nothing failing says that too", async () => {
    const { t, titles, queued } = await app();
    await t.services.alerting!.maintenance.change({
      enable: true,
      enabledBy: "deploy",
      reason: "Release 1.2",
      estimatedDurationMinutes: 2,
    });
    expect(await titles("email")).toEqual(["[MAINTENANCE] Maintenance started: Release 1.2"]);
    t.advance(3 * MINUTE);
    await t.services.alerting!.lookAtMaintenance();
    expect((await titles("email")).at(-1)).toBe("[MAINTENANCE] Maintenance ended: Release 1.2; nothing failing");
    const end = (await queued("email")).at(-1)!;
    expect(end.text).toContain("by system: Estimated duration of 2 minutes ran out.");
    expect(end.text).toContain("Nothing it covered is failing.");
  });

  it(
    "a scheduled window is told when it starts and ends, with the " + "services it covers and what of them still fails",
    async () => {
      // The clock starts on Monday 2026-01-05 at 10:00 in Berlin; the window runs 10:05 to 10:35.
      const { t, round, titles, queued } = await app(
        yaml(
          `maintenance:\n  windows:\n    - { name: Search reindex, every: ` +
            `[mon], start: "10:05", duration: 30m, services: [search] }`,
        ),
      );
      const look = () => t.services.alerting!.lookAtMaintenance();
      await look();
      expect(await titles("email")).toEqual([]);
      t.advance(5 * MINUTE);
      await look();
      expect(await titles("email")).toEqual(["[MAINTENANCE] Scheduled maintenance started: Search reindex"]);
      expect((await queued("email"))[0]!.text).toContain(
        "It covers search: alert notices are held back, checks go on.",
      );
      failing.add("fra.search.test");
      failing.add("centron.mail-relay.test"); // not covered: told as usual
      await round();
      expect((await titles("email")).at(-1)).toBe("[ALERT] Mail relay is unhealthy (centron)");
      t.advance(30 * MINUTE);
      await look();
      const end = (await queued("email")).at(-1)!;
      expect(end.subject).toBe("[MAINTENANCE] Scheduled maintenance ended: Search reindex; 1 still failing");
      expect(end.text).toContain("- Search on fra: HTTP 503");
      expect(end.text).not.toContain("Mail relay");
    },
  );
});

describe.each(testDatabases())(
  "maintenance notices on $dialect: routes, the setting and several processes",
  ({ open }) => {
    const m = useMaintenanceApps(open);
    const { app } = m;

    it("a route picks their channels (source maintenance)", async () => {
      const { t, titles } = await app(
        yaml(
          "",
          "maintenanceNotices: true\n  routes: [{ sources: [maintenance], " +
            "channels: [hook] }, { channels: [email, hook] }]",
        ),
      );
      await t.services.alerting!.maintenance.change({ enable: true, enabledBy: "ops", reason: "Kernel update" });
      expect(await titles("hook")).toEqual(["[MAINTENANCE] Maintenance started: Kernel update"]);
      expect(await titles("email")).toEqual([]);
    });

    it("is off unless asked for", async () => {
      const { t, titles } = await app(yaml("", "reminderMinutes: 5"));
      await t.services.alerting!.maintenance.change({ enable: true, enabledBy: "ops", reason: "Kernel update" });
      await t.services.alerting!.maintenance.change({ enable: false });
      expect(await titles("email")).toEqual([]);
    });

    it("two processes watching tell each start and end once", async () => {
      const { t, config, titles } = await app();
      const other = alertingProcess(
        m.handle,
        () => t.clock.now,
        () => config,
      );
      await other.lookAtMaintenance();
      await t.services.alerting!.maintenance.change({ enable: true, enabledBy: "ops", reason: "Kernel update" });
      await Promise.all([
        other.lookAtMaintenance(),
        t.services.alerting!.lookAtMaintenance(),
        other.lookAtMaintenance(),
      ]);
      await other.maintenance.change({ enable: false });
      await Promise.all([other.lookAtMaintenance(), t.services.alerting!.lookAtMaintenance()]);
      expect(await titles("email")).toEqual([
        "[MAINTENANCE] Maintenance started: Kernel update",
        "[MAINTENANCE] Maintenance ended: Kernel update; nothing failing",
      ]);
    });

    it("a bad setting stops the load with its path", () => {
      expect(() => parseMonitoringConfig(yaml("", "maintenanceNotices: sometimes"), {})).toThrow(MonitorConfigError);
      try {
        parseMonitoringConfig(yaml("", "maintenanceNotices: sometimes"), {});
      } catch (error) {
        expect((error as MonitorConfigError).problems).toEqual([
          expect.stringMatching(/^alerts\.maintenanceNotices: /),
        ]);
      }
    });
  },
);
