// An operator's afternoon, as tables on a fake clock: a service goes down,
// flaps, degrades, comes back; its circuit opens (and it is still checked every
// round); maintenance starts, ends,
// runs out or is scheduled; an incident is acknowledged; a test button is
// pressed. Each step sets what the hosts answer, maybe does what staff would,
// runs the cycle the engine would run then, and names exactly the notices
// queued (their titles), on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HealthStatus } from "#shared/monitor/health.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { CheckTarget } from "./checks/check-types.ts";

type Answer = HealthStatus;
type Action =
  "refresh" | "maintenance" | "maintenance for 2 minutes" | "end maintenance" | "acknowledge" | "test failure";
type Step = {
  /** Seconds from the start. */
  at: number;
  /** What the hosts answer from now on (both start healthy). */
  centron?: Answer;
  local?: Answer;
  action?: Action;
  /** The notices queued at this step, in order. */
  notices: string[];
  /** The central host's circuit after the step. */
  circuit?: "closed" | "open" | "half-open";
};
type Scenario = { name: string; settings?: string; yaml?: string; steps: Step[] };

const PASSWORD = "correct horse battery staple";
const ALERT = "[ALERT] Sentiment analysis is unhealthy (centron)";
const ALERT_LOCAL = "[ALERT] Sentiment analysis is unhealthy (local)";
const RESOLVED = "[RESOLVED] Sentiment analysis is healthy again (centron)";
const REMINDER = "[REMINDER] Sentiment analysis is still unhealthy (centron)";
const TEST = "[TEST] [ALERT] Sentiment analysis is unhealthy (centron)";

const SCENARIOS: Scenario[] = [
  {
    name: "a failure is told once, its recovery once",
    steps: [
      { at: 0, notices: [] },
      { at: 60, centron: "unhealthy", notices: [ALERT] },
      { at: 120, notices: [] },
      { at: 180, centron: "healthy", notices: [RESOLVED] },
      { at: 240, notices: [] },
    ],
  },
  {
    name: "failureThreshold 3: failures that do not last are a blip",
    settings: "failureThreshold: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [] },
      { at: 60, notices: [] },
      { at: 120, centron: "healthy", notices: [] },
      { at: 180, centron: "unhealthy", notices: [] },
      { at: 240, notices: [] },
      { at: 300, notices: [ALERT] },
      { at: 360, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "successThreshold 2: one good check does not resolve",
    settings: "successThreshold: 2",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, centron: "healthy", notices: [] },
      { at: 120, centron: "unhealthy", notices: [] },
      { at: 180, centron: "healthy", notices: [] },
      { at: 240, notices: [RESOLVED] },
    ],
  },
  {
    name: "reminders every cooldown while it stays open; acknowledging stops them, not the resolution",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 240, notices: [] },
      { at: 300, notices: [REMINDER] },
      { at: 360, notices: [] },
      { at: 600, notices: [REMINDER] },
      { at: 610, action: "acknowledge", notices: [] },
      { at: 900, notices: [] },
      { at: 1200, notices: [] },
      { at: 1260, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "unhealthy, degraded, healthy: one resolution, which says degraded",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      {
        at: 60,
        centron: "degraded",
        notices: ["[RESOLVED] Sentiment analysis is no longer unhealthy, but degraded (centron)"],
      },
      { at: 120, centron: "healthy", notices: [] },
    ],
  },
  {
    name: "a flap within the cooldown stays quiet until the cooldown is over",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, centron: "healthy", notices: [RESOLVED] },
      { at: 120, centron: "unhealthy", notices: [] },
      { at: 180, centron: "healthy", notices: [] },
      { at: 240, centron: "unhealthy", notices: [] },
      { at: 300, notices: [ALERT] },
      { at: 360, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "both hosts at once: one notice naming both",
    steps: [
      {
        at: 0,
        centron: "unhealthy",
        local: "unhealthy",
        notices: ["[ALERT] Sentiment analysis is unhealthy (centron, local)"],
      },
      {
        at: 60,
        centron: "healthy",
        local: "healthy",
        notices: ["[RESOLVED] Sentiment analysis is healthy again (centron, local)"],
      },
    ],
  },
  {
    name: "a second host failing within the cooldown is told when it is over, beside a reminder of the first",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, local: "unhealthy", notices: [] },
      { at: 300, notices: [ALERT_LOCAL, REMINDER] },
    ],
  },
  {
    name: "an open circuit is checked every interval: the first good check resolves",
    settings: "circuitFailures: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 120, notices: [], circuit: "open" },
      { at: 180, notices: [], circuit: "open" },
      { at: 240, centron: "healthy", notices: [RESOLVED], circuit: "half-open" },
      { at: 300, notices: [], circuit: "closed" },
    ],
  },
  {
    name: "an open circuit that stays down is reminded of every cooldown, like any other",
    settings: "circuitFailures: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 120, notices: [], circuit: "open" },
      { at: 240, notices: [], circuit: "open" },
      { at: 300, notices: [REMINDER], circuit: "open" },
      { at: 360, notices: [] },
      { at: 600, notices: [REMINDER], circuit: "open" },
    ],
  },
  {
    name: "Refresh checks at once: a recovery between two rounds is seen then",
    settings: "circuitFailures: 3",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 60, notices: [] },
      { at: 120, notices: [], circuit: "open" },
      { at: 150, centron: "healthy", action: "refresh", notices: [RESOLVED], circuit: "half-open" },
    ],
  },
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
  {
    name: "Test Failure is a TEST notice and touches nothing real: a real failure right after is told at once",
    steps: [
      { at: 0, action: "test failure", notices: [TEST] },
      { at: 30, centron: "unhealthy", notices: [ALERT] },
      { at: 90, centron: "healthy", notices: [RESOLVED] },
    ],
  },
  {
    name: "Test Failure during a real incident changes neither it nor its reminders",
    steps: [
      { at: 0, centron: "unhealthy", notices: [ALERT] },
      { at: 30, action: "test failure", notices: [TEST] },
      { at: 60, notices: [] },
      { at: 300, notices: [REMINDER] },
    ],
  },
];

function configText(scenario: Scenario): string {
  return `
alerts: { to: ops@example.com, cooldownMinutes: 5 }
defaults: { intervalSeconds: 60, timeoutMs: 1000, retries: 0, staggerSeconds: 0,
  ${scenario.settings?.includes("circuitFailures") ? "" : "circuitFailures: 10, "}${scenario.settings ?? ""} }
services:
  - id: sentiment-service
    name: Sentiment analysis
    profile: critical
    hosts:
      centron: { url: "http://centron.test/health" }
      local: { url: "http://local.test/health" }
${scenario.yaml ?? ""}
`;
}

/** A fresh database for each test. */
function useDatabase(open: TestDatabase["open"]) {
  let cleanup: () => Promise<void>;
  let handle: Awaited<ReturnType<typeof open>>["handle"];
  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
  });
  afterEach(() => cleanup());
  return {
    get handle() {
      return handle;
    },
  };
}

describe.each(testDatabases())("alert sequences on $dialect", ({ open }) => {
  const database = useDatabase(open);

  it.each(SCENARIOS)("$name", async (scenario) => {
    const answers: Record<string, Answer> = { centron: "healthy", local: "healthy" };
    const check: CheckTarget = async (target) => {
      const host = String(target.url).includes("local") ? "local" : "centron";
      const status = answers[host]!;
      return {
        status,
        responseTime: 20,
        errorMessage: status === "unhealthy" ? "HTTP 503" : null,
        retryAttempt: 0,
        basic: false,
      };
    };
    const config = parseMonitoringConfig(configText(scenario), {});
    const t = await createTestApp(database.handle, {}, { monitoring: { config: () => config, check } });
    const start = t.clock.now;
    await t.services.staff.create("ops", PASSWORD);
    const session = await t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: "ops", password: PASSWORD }),
    });
    const cookie = cookieFrom(session);
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await t.app.request(`http://localhost/api/admin${path}`, {
        method,
        headers: browserHeaders({ cookie }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return (await response.json()) as Record<string, unknown>;
    };
    const { db } = t.services.database;
    const engine = t.services.monitor!.engine;
    let seen = 0;

    for (const step of scenario.steps) {
      const where = `${scenario.name}, at ${step.at}s`;
      t.clock.now = start + step.at * 1000;
      if (step.centron) answers.centron = step.centron;
      if (step.local) answers.local = step.local;
      switch (step.action) {
        case "maintenance":
        case "maintenance for 2 minutes":
          await api("POST", "/maintenance", {
            enable: true,
            reason: "Kernel update",
            enabledBy: "ops",
            ...(step.action === "maintenance" ? {} : { estimatedDurationMinutes: 2 }),
          });
          break;
        case "end maintenance":
          await api("POST", "/maintenance", { enable: false });
          break;
        case "acknowledge":
          for (const incident of (await api("GET", "/incidents/open")).incidents as { id: number }[])
            await api("POST", `/incidents/${incident.id}/acknowledge`, { note: "On it" });
          break;
        case "refresh":
          await api("POST", "/services/check");
          break;
        case "test failure":
          await api("POST", "/alerts/test-failure", { serviceId: "sentiment-service" });
          break;
      }
      if (step.action !== "test failure") {
        // The round the engine runs at this step: its schedule's or the one Refresh (or the end of maintenance) asked
        // for.
        await engine.lead();
        await engine.runCycle();
      }
      const rows = await db
        .selectFrom("outbox")
        .select("payload")
        .where("channel", "=", "alert:email")
        .orderBy("id")
        .execute();
      const titles = rows.map((row) => (JSON.parse(row.payload) as { subject: string }).subject);
      expect(titles.slice(seen), where).toEqual(step.notices);
      seen = titles.length;
      if (step.circuit) {
        const states = await t.services.monitor!.store.loadStates();
        expect(states.get("sentiment-service/centron")?.circuitBreakerState, where).toBe(step.circuit);
      }
    }
  });
});

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
        await t.services.monitor!.engine.lead();
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
