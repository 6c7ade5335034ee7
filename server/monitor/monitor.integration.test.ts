import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig, type MonitoringConfig } from "#server/monitoring-config.ts";

const PASSWORD = "correct horse battery staple";
/** What each fake service answers; tests change it between cycles. */
const answers: Record<string, { status: number; body: string }> = {};
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = answers[req.url ?? ""] ?? { status: 200, body: JSON.stringify({ status: "healthy" }) };
    res.statusCode = answer.status;
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

function monitoringConfig(): MonitoringConfig {
  return parseMonitoringConfig(
    `
alerts: { to: ops@example.com, cooldownMinutes: 5 }
defaults: { intervalSeconds: 60, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
services:
  - id: datacenter-centron
    name: Central infrastructure
    profile: infrastructure
    hosts: { centron: { tcp: "127.0.0.1:${new URL(base).port}" } }
    subServices: [{ name: Reverse proxy, centron: { url: "${base}/proxy" } }]
  - id: sentiment-service
    name: Sentiment analysis
    profile: critical
    hosts:
      centron: { url: "${base}/sentiment/centron" }
      local: { url: "${base}/sentiment/local" }
`,
    {},
  );
}

/** A fresh app and database for each test, signed in as staff, with the calls the tests below share. */
function useMonitorApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let cookie: string;

  beforeEach(async () => {
    for (const key of Object.keys(answers)) delete answers[key];
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, {}, { monitoring: { config: monitoringConfig } });
    await t.services.staff.create("ops", PASSWORD);
    await signIn();
  });
  afterEach(() => cleanup());

  const signIn = async () => {
    cookie = cookieFrom(
      await t.app.request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders(),
        body: JSON.stringify({ username: "ops", password: PASSWORD }),
      }),
    );
  };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await t.app.request(`http://localhost/api/admin${path}`, {
      method,
      headers: browserHeaders({ cookie }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const monitor = () => t.services.monitor!;
  return {
    get t() {
      return t;
    },
    signIn,
    api,
    monitor,
    // Cycles run only for the lease holder: take it as the engine's tick would.
    cycle: async () => {
      await monitor().engine.lead();
      await monitor().engine.runCycle();
    },
    alertMail: async () => {
      const rows = await t.services.database.db
        .selectFrom("outbox")
        .select("payload")
        .where("channel", "=", "alert:email")
        .where("kind", "=", "alert")
        .orderBy("id")
        .execute();
      return rows.map((row) => JSON.parse(row.payload) as { subject: string; to: string });
    },
  };
}

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
    expect(await restarted.services.monitor!.engine.lead()).toBe(true);
    await restarted.services.monitor!.engine.runCycle();
    expect(await alertMail()).toHaveLength(1);
    delete answers["/sentiment/centron"];
    restarted.clock.now += 60_000;
    await restarted.services.monitor!.engine.lead();
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

describe.each(testDatabases())("the monitor on $dialect: maintenance and access", ({ open }) => {
  const c = useMonitorApp(open);
  const { api, cycle, alertMail } = c;

  it(
    "maintenance: validated, holds notices back (recorded once), " + "and its end tells what is still down at once",
    async () => {
      const refused = await api("POST", "/maintenance", { enable: true, reason: "   ", enabledBy: "ops" });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("Reason and Enabled By are required when enabling maintenance mode");
      expect((await api("GET", "/maintenance")).body.maintenance).toMatchObject({ is_active: false });

      const enabled = await api("POST", "/maintenance", {
        enable: true,
        reason: "Kernel update",
        enabledBy: "ops",
        notes: "Both hosts",
        estimatedDurationMinutes: 30,
      });
      expect(enabled.body).toMatchObject({
        success: true,
        maintenance: {
          is_active: true,
          reason: "Kernel update",
          enabled_by: "ops",
          estimated_duration_minutes: 30,
          notes: "Both hosts",
          ends_at: new Date(c.t.clock.now + 30 * 60_000).toISOString(),
        },
      });
      answers["/sentiment/local"] = { status: 500, body: "" };
      await cycle();
      c.t.advance(60_000);
      await cycle();
      expect(await alertMail()).toEqual([]);
      const held = (await api("GET", "/alerts")).body.incidents as {
        suppressedAt: string | null;
        announced: boolean;
        notices: unknown[];
      }[];
      expect(held).toMatchObject([{ announced: false, notices: [] }]);
      expect(held[0]!.suppressedAt).toBe(new Date(c.t.clock.now - 60_000).toISOString());

      const disabled = await api("POST", "/maintenance", { enable: false });
      expect(disabled.body).toMatchObject({ success: true, maintenance: { is_active: false } });
      // Ending maintenance asks for a cycle of every service at once (the request is written in the background).
      await expect
        .poll(() =>
          c.t.services.database.db
            .selectFrom("monitor_meta")
            .select("value")
            .where("key", "=", "run_requested_at")
            .executeTakeFirst(),
        )
        .toEqual({ value: c.t.clock.now });
      c.t.advance(1_000);
      await cycle();
      expect((await alertMail()).map((m) => m.subject)).toEqual(["[ALERT] Sentiment analysis is unhealthy (local)"]);
      const history = (await api("GET", "/maintenance/history")).body.history as {
        action: string;
        by: string;
        reason: string;
      }[];
      expect(history.map((h) => `${h.action}:${h.by}:${h.reason}`)).toEqual([
        "disable:ops:Maintenance completed",
        "enable:ops:Kernel update",
      ]);
    },
  );

  it("deploy scripts switch maintenance with the bearer token, and only with it", async () => {
    const token = "a-deploy-token-of-some-length";
    const withToken = await createTestApp(
      c.t.services.database,
      { MAINTENANCE_API_TOKEN: token },
      { monitoring: { config: monitoringConfig } },
    );
    const call = (authorization: string | undefined, body: unknown) =>
      withToken.app.request("http://localhost/api/maintenance", {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
    expect((await call(undefined, { enable: true, reason: "Deploy", enabledBy: "ci" })).status).toBe(401);
    expect((await call("Bearer wrong-token-of-the-same-size", { enable: true, reason: "Deploy" })).status).toBe(401);
    const enabled = await call(`Bearer ${token}`, { enable: true, reason: "Release 1.2" });
    expect(await enabled.json()).toMatchObject({
      success: true,
      maintenance: { is_active: true, enabled_by: "deploy", reason: "Release 1.2" },
    });
    expect(await (await call(`Bearer ${token}`, { enable: false })).json()).toMatchObject({
      success: true,
      maintenance: { is_active: false },
    });
    // Without a configured token the route does not exist.
    const none = await c.t.app.request("http://localhost/api/maintenance", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(none.status).toBe(404);
  });

  it("answers 401 without a session and 400 for a bad maintenance body", async () => {
    const anonymous = await c.t.app.request("http://localhost/api/admin/services", { headers: browserHeaders() });
    expect(anonymous.status).toBe(401);
    const bad = await api("POST", "/maintenance", { enable: "yes" });
    expect(bad).toEqual({
      status: 400,
      body: { error: "Invalid input", fields: { enable: "enable must be true or false" } },
    });
  });
});

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
