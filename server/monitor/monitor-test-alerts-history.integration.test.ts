// The monitor's test alerts and history end to end against fake services: Test Failure and Test Email touch nothing
// real; raw results, hourly rollups and uptime; endpoint ids in bulk, on SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { answers, monitoringConfig, serveFakeServices, useMonitorApp } from "#tests/support/monitor-app.ts";

serveFakeServices();

describe.each(testDatabases())("the monitor on $dialect: test alerts and history", ({ open }) => {
  const c = useMonitorApp(open);
  const { api, cycle, alertMail, monitor, signIn } = c;

  it(
    "Test Failure and Test Email send TEST notices and touch nothing real; " +
      "without SMTP they say why; a second test at once gets 409",
    async () => {
      const failure = await api("POST", "/alerts/test-failure", { serviceId: "sentiment-service" });
      expect(failure.body).toMatchObject({
        success: false,
        message:
          "Simulated failure for Sentiment analysis: test alert not delivered " +
          "on email: mail delivery is not configured (SMTP_URL)",
        channels: [{ name: "email", type: "email", status: "waiting" }],
      });
      expect((await alertMail()).map((m) => m.subject)).toEqual([]);
      const tests = await c.t.services.database.db
        .selectFrom("outbox")
        .select("payload")
        .where("kind", "=", "test")
        .execute();
      expect(tests.map((row) => (JSON.parse(row.payload) as { subject: string }).subject)).toEqual([
        "[TEST] [ALERT] Sentiment analysis is unhealthy (centron)",
      ]);
      expect((await api("POST", "/alerts/test-failure", { serviceId: "nope" })).status).toBe(404);

      const email = await api("POST", "/alerts/test-email");
      expect(email).toMatchObject({
        status: 502,
        body: {
          success: false,
          message: "Failed to send test email: email: mail delivery is not configured (SMTP_URL)",
        },
      });

      // Nothing real changed: no open incident, no cooldown, and a real failure now is told at once.
      expect((await api("GET", "/incidents/open")).body).toEqual({ incidents: [] });
      answers["/sentiment/centron"] = { status: 503, body: "down" };
      await cycle();
      expect((await alertMail()).map((m) => m.subject)).toEqual(["[ALERT] Sentiment analysis is unhealthy (centron)"]);

      await c.t.services.database.db
        .insertInto("monitor_leases")
        .values({ name: "alert-test", holder: "someone else", expires_at: c.t.clock.now + 10_000 })
        .execute();
      expect((await api("POST", "/alerts/test-email")).status).toBe(409);
      expect((await api("POST", "/alerts/test-failure", {})).status).toBe(409);
    },
  );

  it("history is kept raw for 48 h, rolled up hourly for 90 days, and uptime reads both", async () => {
    for (let minute = 0; minute < 120; minute += 1) {
      answers["/sentiment/centron"] = minute % 10 === 0 ? { status: 503, body: "" } : { status: 200, body: "{}" };
      await cycle();
      c.t.advance(60_000);
    }
    await monitor().store.rollUp(c.t.clock.now);
    await signIn(); // two hours on, the first session has idled out
    const endpoint = await monitor().store.endpointId("sentiment-service", "centron");
    const rollups = await c.t.services.database.db
      .selectFrom("monitor_rollups")
      .selectAll()
      .where("endpoint_id", "=", endpoint)
      .orderBy("hour")
      .execute();
    expect(rollups.reduce((sum, r) => sum + r.checks, 0)).toBeGreaterThanOrEqual(60);
    expect(rollups.every((r) => r.p95_ms !== null && r.failures > 0)).toBe(true);
    const day = await api("GET", "/services/sentiment-service/history?range=24h");
    expect(((day.body.hosts as Record<string, unknown[]>).centron ?? []).length).toBe(120);
    const week = await api("GET", "/services/sentiment-service/history?range=7d");
    expect(((week.body.hosts as Record<string, unknown[]>).centron ?? []).length).toBe(rollups.length);
    expect((await api("GET", "/services/sentiment-service/history?range=1y")).status).toBe(400);
    expect((await api("GET", "/services/nope/history")).status).toBe(404);
    const snapshot = (await api("GET", "/services")).body.services as { serviceId: string; uptime24h: number }[];
    expect(snapshot.find((s) => s.serviceId === "sentiment-service")!.uptime24h).toBe(95);

    // Three days on: raw results are gone, rollups stay.
    c.t.advance(3 * 24 * 60 * 60_000);
    await monitor().store.prune(c.t.clock.now);
    expect(await c.t.services.database.db.selectFrom("monitor_results").selectAll().execute()).toEqual([]);
    expect((await c.t.services.database.db.selectFrom("monitor_rollups").selectAll().execute()).length).toBeGreaterThan(
      0,
    );
  }, 60_000); // 120 cycles: far from a second each, but a busy machine must not fail it

  it("endpoint ids come in bulk, created once, the same as one at a time, in any process", async () => {
    const wanted = [
      { serviceId: "a", host: "centron" },
      { serviceId: "a", host: "local" },
      { serviceId: "b", host: "centron" },
    ];
    const ids = await monitor().store.endpointIds(wanted);
    expect(new Set(ids.values()).size).toBe(3);
    expect(await monitor().store.endpointId("a", "local")).toBe(ids.get("a/local"));
    const other = await createTestApp(c.t.services.database, {}, { monitoring: { config: monitoringConfig } });
    expect(await other.services.monitor!.store.endpointIds([...wanted].reverse())).toEqual(new Map([...ids].reverse()));
    expect(await c.t.services.database.db.selectFrom("monitor_endpoints").select("id").execute()).toHaveLength(3);
  });
});
