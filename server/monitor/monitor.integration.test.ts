// The monitor end to end against fake services on a local HTTP server: a cycle's health records and what the API
// reports, and an alert's life through the outbox across a restart, on SQLite and PostgreSQL. Maintenance and access:
// monitor-maintenance; test alerts, history and endpoint ids: monitor-test-alerts-history.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { answers, monitoringConfig, serveFakeServices, useMonitorApp } from "#tests/support/monitor-app.ts";

serveFakeServices();

describe.each(testDatabases())("the monitor on $dialect: health and alerts", ({ open }) => {
  const c = useMonitorApp(open);
  const { api, cycle, alertMail } = c;

  it("a cycle checks every host and the API reports a health record per service", async () => {
    answers["/sentiment/local"] = { status: 200, body: JSON.stringify({ status: "degraded" }) };
    await cycle();
    const { status, body } = await api("GET", "/services");
    expect(status).toBe(200);
    const services = body.services as Record<string, unknown>[];
    expect(services.map((s) => s.serviceId)).toEqual(["datacenter-centron", "sentiment-service"]);
    expect(services[0]).toMatchObject({
      reliabilityProfile: "infrastructure",
      overallHealthScore: 85,
      status: "healthy",
      local: null,
      centron: {
        status: "healthy",
        healthScore: 85,
        circuitBreakerState: "closed",
        consecutiveSuccesses: 1,
        subServices: [{ name: "Reverse proxy", centron: { status: "healthy" } }],
      },
    });
    expect(services[1]).toMatchObject({
      status: "degraded",
      centron: { status: "healthy" },
      local: { status: "degraded", healthScore: 70 },
      alertCooldownActive: false,
    });
    expect(body.overall).toEqual({
      status: "degraded",
      score: expect.any(Number),
      infrastructure: { healthy: 1, total: 1 },
      applications: { healthy: 0, total: 1 },
      endpoints: { healthy: 2, total: 3 },
    });
    expect(body).toMatchObject({
      intervalSeconds: 60,
      demo: false,
      lastCheckedAt: new Date(c.t.clock.now).toISOString(),
    });
    expect((services[1]!.uptime24h as number) > 0).toBe(true);
    // One round ago the first check: the 30-day figure stands for those seconds, and says so.
    const checkedAt = Date.parse(services[1]!.uptimeMeasuredSince as string);
    expect(checkedAt).toBeLessThanOrEqual(c.t.clock.now);
    c.t.advance(15 * 60_000);
    const later = (await api("GET", "/services")).body.services as Record<string, unknown>[];
    const seconds = Math.round((c.t.clock.now - checkedAt) / 1000);
    expect(later[1]!.uptimeMeasuredSeconds).toEqual({ h24: seconds, d7: seconds, d30: seconds });
  });

  it("fail, cooldown, recover: notices through the outbox; a restart neither re-sends nor forgets", async () => {
    answers["/sentiment/centron"] = { status: 503, body: "down" };
    await cycle();
    expect((await alertMail()).map((m) => m.subject)).toEqual(["[ALERT] Sentiment analysis is unhealthy (centron)"]);
    c.t.advance(60_000);
    await cycle();
    expect(await alertMail()).toHaveLength(1); // cooldown
    expect(
      ((await api("GET", "/services")).body.services as { serviceId: string; alertCooldownActive: boolean }[]).find(
        (s) => s.serviceId === "sentiment-service",
      ),
    ).toMatchObject({ alertCooldownActive: true });

    // A restart: a new server on the same database.
    const restarted = await createTestApp(c.t.services.database, {}, { monitoring: { config: monitoringConfig } });
    restarted.clock.now = c.t.clock.now + 60_000;
    expect(await restarted.services.probes!.lead()).toBe(true);
    await restarted.services.monitor!.engine.runCycle();
    expect(await alertMail()).toHaveLength(1);
    delete answers["/sentiment/centron"];
    restarted.clock.now += 60_000;
    await restarted.services.probes!.lead();
    await restarted.services.monitor!.engine.runCycle();
    const mail = await alertMail();
    expect(mail.map((m) => m.subject)).toEqual([
      "[ALERT] Sentiment analysis is unhealthy (centron)",
      "[RESOLVED] Sentiment analysis is healthy again (centron)",
    ]);
    expect(mail.every((m) => m.to === "ops@example.com")).toBe(true);

    const history = await api("GET", "/alerts");
    const incidents = history.body.incidents as {
      name: string;
      resolution: string;
      notices: { kind: string; channel: string; delivery: string }[];
    }[];
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ name: "Sentiment analysis on centron", resolution: "healthy" });
    expect(incidents[0]!.notices.map((n) => `${n.kind}:${n.channel}:${n.delivery}`)).toEqual([
      "opened:email:pending",
      "resolved:email:pending",
    ]);
  });
});
