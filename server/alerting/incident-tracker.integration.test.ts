// The tracker's own cases beside the operator's afternoon (alert-sequences):
// escalation, targets leaving the configuration, streaks across a restart, a
// new lease holder, and an incident acknowledged before it was told.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alertingProcess } from "#tests/support/alerting-process.ts";
import { queuedTitles } from "#tests/support/queued-notices.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { Observation } from "./incident-tracker.ts";

const MINUTE = 60_000;
const config = parseMonitoringConfig("alerts: { to: ops@example.com, cooldownMinutes: 5 }\nservices: []\n", {});

function certificate(days: number): Observation {
  const key = "certificate:example.com@192.0.2.10:443";
  const name = "Certificate example.com at 192.0.2.10";
  const status = days > 30 ? "ok" : "failing";
  return {
    key,
    source: "certificate",
    group: { key, name },
    name,
    label: "",
    serviceId: null,
    profile: null,
    thresholds: { failure: 1, success: 1 },
    status,
    severity: days > 7 ? "warning" : "critical",
    summary: `expires in ${days} days`,
    message: null,
  };
}

function host(status: Observation["status"], failure = 1): Observation {
  return {
    key: "service:mail-relay/centron",
    source: "service",
    group: { key: "service:mail-relay", name: "Mail relay" },
    name: "Mail relay on centron",
    label: "centron",
    serviceId: "mail-relay",
    profile: "critical",
    thresholds: { failure, success: 1 },
    status,
    severity: "critical",
    summary: "is unhealthy",
    message: status === "failing" ? "HTTP 503" : null,
  };
}

/** A fresh database for each test, its clock, and alerting processes on that database. */
function useTracker(open: TestDatabase["open"]) {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const clock = { now: Date.parse("2026-04-01T06:00:00Z") };
  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
    await migrate(handle);
  });
  afterEach(() => cleanup());

  /** One process's alerting on the shared database. */
  const process = () =>
    alertingProcess(
      handle,
      () => clock.now,
      () => config,
    );
  const titles = () => queuedTitles(handle.db);
  return {
    clock,
    get handle() {
      return handle;
    },
    process,
    titles,
  };
}

describe.each(testDatabases())("the incident tracker on $dialect: telling and resolving", ({ open }) => {
  const c = useTracker(open);
  const { clock, process, titles } = c;

  it("a warning that turns critical is told at once, cooldown or not; a daily reminder at most", async () => {
    const tracker = process().tracker(["certificate"]);
    await tracker.observe([certificate(21)]);
    clock.now += MINUTE;
    await tracker.observe([certificate(7)]);
    clock.now += 10 * MINUTE;
    await tracker.observe([certificate(7)]);
    expect(await titles()).toEqual([
      "[WARNING] Certificate example.com at 192.0.2.10 expires in 21 days",
      "[ALERT] Certificate example.com at 192.0.2.10 expires in 7 days",
    ]);
    clock.now += 24 * 60 * MINUTE;
    await tracker.observe([certificate(6)]);
    expect((await titles()).at(-1)).toBe("[REMINDER] Certificate example.com at 192.0.2.10 expires in 6 days");
    // Renewed: resolved.
    clock.now += MINUTE;
    await tracker.observe([certificate(90)]);
    expect((await titles()).at(-1)).toBe("[RESOLVED] Certificate example.com at 192.0.2.10 is healthy again");
  });

  it("a target removed from the configuration resolves as no longer monitored", async () => {
    const tracker = process().tracker(["service"]);
    await tracker.observe([host("failing")]);
    await tracker.retire("service", new Set(["service:mail-relay/centron"]));
    expect(await titles()).toEqual(["[ALERT] Mail relay is unhealthy (centron)"]);
    await tracker.retire("service", new Set());
    expect(await titles()).toEqual([
      "[ALERT] Mail relay is unhealthy (centron)",
      "[RESOLVED] Mail relay is no longer monitored (centron)",
    ]);
    const [incident] = await c.handle.db.selectFrom("incidents").select(["resolution", "resolved_at"]).execute();
    expect(incident).toMatchObject({ resolution: "removed", resolved_at: clock.now });
  });

  it("an incident acknowledged before it was told is never told, nor its resolution", async () => {
    const alerting = process();
    const tracker = alerting.tracker(["service"]);
    await tracker.observe([host("failing")]);
    clock.now += MINUTE;
    await tracker.observe([host("ok")]);
    // Failing again within the cooldown: open, not told yet. Someone sees it on the dashboard first.
    clock.now += MINUTE;
    await tracker.observe([host("failing")]);
    const [open] = await alerting.incidents.open();
    expect(open).toMatchObject({ announced: false });
    expect(await alerting.incidents.acknowledge(open!.id, "ops", "Looking at it")).toMatchObject({
      ok: true,
      incident: { acknowledgedBy: "ops", acknowledgementNote: "Looking at it" },
    });
    expect(await alerting.incidents.acknowledge(open!.id, "ops", null)).toEqual({
      ok: false,
      status: 409,
      message: "api.incident.acknowledged",
      vars: { by: "ops" },
    });
    clock.now += 10 * MINUTE;
    await tracker.observe([host("failing")]);
    clock.now += MINUTE;
    await tracker.observe([host("ok")]);
    expect(await titles()).toEqual([
      "[ALERT] Mail relay is unhealthy (centron)",
      "[RESOLVED] Mail relay is healthy again (centron)",
    ]);
    expect(await alerting.incidents.acknowledge(open!.id, "ops", null)).toEqual({
      ok: false,
      status: 409,
      message: "api.incident.resolved",
    });
    expect(await alerting.incidents.acknowledge(999_999, "ops", null)).toEqual({
      ok: false,
      status: 404,
      message: "api.incident.notFound",
    });
  });
});

describe.each(testDatabases())(
  "the incident tracker on $dialect: restarts, processes and a steady fleet",
  ({ open }) => {
    const c = useTracker(open);
    const { clock, process, titles } = c;

    it("streaks survive a restart: the third failure in a row opens, whichever process saw the first two", async () => {
      const before = process().tracker(["service"]);
      await before.observe([host("failing", 3)]);
      await before.observe([host("failing", 3)]);
      expect(await titles()).toEqual([]);
      const after = process().tracker(["service"]);
      await after.observe([host("failing", 3)]);
      expect(await titles()).toEqual(["[ALERT] Mail relay is unhealthy (centron)"]);
    });

    it("a new lease holder reloads what another process decided meanwhile", async () => {
      const first = process().tracker(["service"]);
      await first.observe([host("failing")]);
      const second = process().tracker(["service"]);
      clock.now += MINUTE;
      await second.observe([host("ok")]);
      // The first takes the lease back: it forgets its memory, and a new failure is a new incident.
      first.reset();
      clock.now += 10 * MINUTE;
      await first.observe([host("failing")]);
      expect(await titles()).toEqual([
        "[ALERT] Mail relay is unhealthy (centron)",
        "[RESOLVED] Mail relay is healthy again (centron)",
        "[ALERT] Mail relay is unhealthy (centron)",
      ]);
      expect(
        await c.handle.db.selectFrom("incidents").select("id").where("resolved_at", "is", null).execute(),
      ).toHaveLength(1);
    });

    it("a steady fleet writes nothing", async () => {
      const tracker = process().tracker(["service"]);
      await tracker.observe([host("failing")]);
      const rows = async () =>
        (
          await Promise.all(
            (["incidents", "incident_notices", "outbox", "alert_targets"] as const).map((table) =>
              c.handle.db.selectFrom(table).selectAll().execute(),
            ),
          )
        ).map((list) => JSON.stringify(list));
      const before = await rows();
      for (let i = 0; i < 3; i += 1) {
        clock.now += MINUTE;
        await tracker.observe([host("failing")]);
      }
      expect(await rows()).toEqual(before);
    });
  },
);
