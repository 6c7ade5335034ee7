// The app the monitor.integration tests share (monitor, monitor-maintenance, monitor-test-alerts-history): fake
// services on a local HTTP server, the monitoring configuration that points at them, and a fresh app and database for
// each test, signed in as staff.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { parseMonitoringConfig, type MonitoringConfig } from "#server/monitoring-config.ts";
import type { TestDatabase } from "./test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "./test-app.ts";

const PASSWORD = "correct horse battery staple";
/** What each fake service answers; tests change it between cycles. */
export const answers: Record<string, { status: number; body: string }> = {};
let server: Server;
let base = "";

/** Serves the fake services for the tests of the calling file. */
export function serveFakeServices() {
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
}

export function monitoringConfig(): MonitoringConfig {
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
export function useMonitorApp(open: TestDatabase["open"]) {
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
      await t.services.probes!.lead();
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
