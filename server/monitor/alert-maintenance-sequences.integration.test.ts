// Maintenance, as tables on a fake clock: it starts, ends, runs out or is scheduled, and holds notices back meanwhile
// (recorded once per incident). Names exactly the notices queued at each step (tests/support/alert-sequences.ts runs
// the tables), on SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { ALERT, configText, describeAlertSequences, RESOLVED, type Answer } from "#tests/support/alert-sequences.ts";
import type { CheckTarget } from "./checks/check-types.ts";
import { useDatabase } from "./use-test-database.ts";

describeAlertSequences([
  {
    name: "maintenance holds the opening back; its end tells what is still down at once",
    steps: [
      { at: 0, action: "maintenance", notices: [] },
      { at: 60, centron: "unhealthy", notices: [] },
      { at: 120, notices: [] },
      { at: 150, action: "end maintenance", notices: [ALERT] },
      { at: 210, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "a failure that recovers during maintenance is never told",
    steps: [
      { at: 0, action: "maintenance", notices: [] },
      { at: 60, centron: "unhealthy", notices: [] },
      { at: 120, centron: "healthy", notices: [] },
      { at: 180, action: "end maintenance", notices: [] },
    ],
  },
  {
    name: "an incident told before maintenance is resolved during it, and that is told",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, action: "maintenance", notices: [] },
      { at: 600, notices: [] },
      { at: 660, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "maintenance with a 2-minute estimate ends by itself; what is still down is told",
    steps: [
      { at: 0, action: "maintenance for 2 minutes", notices: [] },
      { at: 60, centron: "unhealthy", notices: [] },
      { at: 120, notices: [ALERT] },
    ],
  },
  {
    name: "a scheduled window for this service holds its notices back until it ends",
    // The clock starts on Monday 2026-01-05 at 10:00 in Berlin; the window runs 10:01 to 10:04.
    yaml:
      `maintenance:\n  windows:\n    - { name: Patching, start: "10:01", ` +
      `duration: 3m, every: [mon], services: [sentiment-service] }`,
    steps: [
      { at: 0, notices: [] },
      { at: 60, centron: "unhealthy", notices: [] },
      { at: 180, notices: [] },
      { at: 240, notices: [ALERT] },
    ],
  },
]);

describe.each(testDatabases())("alert sequences on $dialect: maintenance holds", ({ open }) => {
  const database = useDatabase(open);

  it(
    "maintenance records its hold once per incident, not once " + "per cycle, and ends by itself in the history",
    async () => {
      const answers = { status: "healthy" as Answer };
      const check: CheckTarget = async () => ({
        status: answers.status,
        responseTime: 20,
        errorMessage: answers.status === "unhealthy" ? "HTTP 503" : null,
        retryAttempt: 0,
        basic: false,
      });
      const config = parseMonitoringConfig(configText({ name: "", steps: [] }), {});
      const t = await createTestApp(database.handle, {}, { monitoring: { config: () => config, check } });
      const { maintenance } = t.services.alerting!;
      await maintenance.change({
        enable: true,
        reason: "Kernel update",
        enabledBy: "ops",
        estimatedDurationMinutes: 30,
      });
      answers.status = "unhealthy";
      const { db } = t.services.database;
      const written = async () =>
        (await db.selectFrom("incidents").select(["suppressed_at", "announced"]).execute()).map((row) => [
          Number(row.suppressed_at),
          row.announced,
        ]);
      for (let minute = 0; minute < 10; minute += 1) {
        await t.services.probes!.lead();
        await t.services.monitor!.engine.runCycle();
        t.advance(60_000);
      }
      const first = Date.parse("2026-01-05T09:00:00Z");
      // Two hosts, two incidents, each held once at the first cycle.
      expect(await written()).toEqual([
        [first, 0],
        [first, 0],
      ]);
      t.advance(20 * 60_000);
      expect((await maintenance.status()).is_active).toBe(false);
      const history = await maintenance.history();
      expect(history[0]).toMatchObject({
        action: "disable",
        by: "system",
        reason: "Estimated duration of 30 minutes ran out",
      });
      // Asked again (another worker, another poll): it ended once.
      await maintenance.status();
      expect((await maintenance.history()).filter((entry) => entry.action === "disable")).toHaveLength(1);
    },
  );
});
