// The table runner the alert-*-sequences integration tests share: an operator's afternoon on a fake clock. Each step
// sets what the hosts answer, maybe does what staff would, runs the cycle the engine would run then, and names exactly
// the notices queued (their titles), on SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import type { HealthStatus } from "#shared/monitor/health.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { CheckTarget } from "#server/monitor/checks/check-types.ts";
import { useDatabase } from "#server/monitor/use-test-database.ts";

export type Answer = HealthStatus;
export type Action =
  "refresh" | "maintenance" | "maintenance for 2 minutes" | "end maintenance" | "acknowledge" | "test failure";
export type Step = {
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
export type Scenario = { name: string; settings?: string; yaml?: string; steps: Step[] };

export const PASSWORD = "correct horse battery staple";
export const ALERT = "[ALERT] Sentiment analysis is unhealthy (centron)";
export const ALERT_LOCAL = "[ALERT] Sentiment analysis is unhealthy (local)";
export const RESOLVED = "[RESOLVED] Sentiment analysis is healthy again (centron)";
export const REMINDER = "[REMINDER] Sentiment analysis is still unhealthy (centron)";
export const TEST = "[TEST] [ALERT] Sentiment analysis is unhealthy (centron)";

export function configText(scenario: Scenario): string {
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

/** One test per scenario, each on a fresh database, under "alert sequences on $dialect". */
export function describeAlertSequences(scenarios: Scenario[]) {
  describe.each(testDatabases())("alert sequences on $dialect", ({ open }) => {
    const database = useDatabase(open);

    it.each(scenarios)("$name", async (scenario) => {
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
          await t.services.probes!.lead();
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
}
