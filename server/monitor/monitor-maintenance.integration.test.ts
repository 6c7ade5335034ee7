// The monitor's maintenance mode end to end against fake services: validated, holding notices back and telling what
// is still down when it ends; the deploy scripts' bearer token; and what the admin API refuses, on SQLite and
// PostgreSQL.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";
import { answers, monitoringConfig, serveFakeServices, useMonitorApp } from "#tests/support/monitor-app.ts";

serveFakeServices();

describe.each(testDatabases())("the monitor on $dialect: maintenance and access", ({ open }) => {
  const c = useMonitorApp(open);
  const { api, cycle, alertMail } = c;

  it(
    "maintenance: validated, holds notices back (recorded once), " + "and its end tells what is still down at once",
    async () => {
      const refused = await api("POST", "/maintenance", { enable: true, reason: "   " });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("Reason is required when enabling maintenance mode");
      // A name in the request could book it under anyone's: refused, and nothing changes.
      const named = await api("POST", "/maintenance", { enable: true, reason: "Kernel update", enabledBy: "owner" });
      expect(named.status).toBe(400);
      expect(named.body.fields).toMatchObject({ enabledBy: expect.stringContaining("signed-in account") });
      expect((await api("GET", "/maintenance")).body.maintenance).toMatchObject({ is_active: false });

      const enabled = await api("POST", "/maintenance", {
        enable: true,
        reason: "Kernel update",
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
    expect((await call(undefined, { enable: true, reason: "Deploy" })).status).toBe(401);
    expect((await call(`Bearer ${token}`, { enable: true, reason: "Deploy", enabledBy: "olivia" })).status).toBe(400);
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
