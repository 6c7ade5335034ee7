// A fresh install's placeholders are idle: with the integrations pointing at
// documentation hosts only, a round of the scheduler and a Refresh of every
// panel open no connection at all, the certificates list nothing to check, and
// /api/admin/nginx, /haproxy and /ai-services-health answer 200 "not
// configured yet" with what to edit (not 502 on every refresh).
import net from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { createBrowser } from "#tests/support/staff-browser.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

const PLACEHOLDERS = parseMonitoringConfig(
  `
alerts: { to: ops@example.com }
services: []
integrations:
  certificates:
    domains:
      - { domain: www.example.com, server: centron, serverIP: 192.0.2.10 }
      - { domain: portal.example.com, server: local, serverIP: 192.0.2.20 }
  nginx:
    sources: [{ name: proxy, url: "http://nginx.example.com/nginx_status" }]
  haproxy:
    source: { url: "http://198.51.100.7:8404/stats" }
  aiServices:
    services:
      - { type: ollama, name: Ollama, url: "http://ai.example.com:11434" }
`,
  {},
);

/** The port a connect() call aims at: pg passes (port, host), fetch and tls an options object. */
function portOf(target: unknown): number | undefined {
  if (typeof target === "number") return target;
  const port = (target as { port?: unknown } | null)?.port;
  return port === undefined ? undefined : Number(port);
}

describe.each(testDatabases())("placeholder integrations on $dialect", ({ open, dialect }) => {
  // On PostgreSQL the app's own pool connects to the database meanwhile: that is not a reading.
  const databasePort =
    dialect === "postgres" ? Number(new URL(process.env.TEST_DATABASE_URL ?? "postgres://x").port || 5432) : undefined;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let browser: ReturnType<typeof createBrowser>;
  const connections: unknown[] = [];

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(
      db.handle,
      { DATA_DIR: mkdtempSync(join(tmpdir(), "placeholders-")) },
      { monitoring: { config: () => PLACEHOLDERS } },
    );
    await t.services.staff.create("ops", STAFF_PASSWORD);
    browser = createBrowser(t);
    expect((await browser.signIn("ops")).status).toBe(200);
    // Every outgoing TCP or TLS connection (fetch and tls.connect both end here), from now on.
    connections.length = 0;
    const connect = net.Socket.prototype.connect;
    vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      if (portOf(args[0]) !== databasePort) connections.push(args[0]);
      return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.services.probes!.stop();
    await cleanup();
  });

  const api = async (path: string) => {
    const response = await browser.get(`/api/admin${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("reads none of them, and each panel's API says what to edit with 200", async () => {
    const integrations = t.services.integrations!;
    await t.services.probes!.tick();
    await integrations.idle();
    for (const [path, section] of [
      ["/nginx?refresh=1", "nginx"],
      ["/haproxy?refresh=1", "haproxy"],
      ["/ai-services-health?refresh=1", "aiServices"],
    ] as const) {
      const { status, body } = await api(path);
      expect(status, path).toBe(200);
      expect(body, path).toMatchObject({ configured: false, state: "not-configured", placeholder: true });
      expect(String(body.message), path).toContain(`integrations.${section}`);
    }
    const certificates = await api("/certificates");
    expect(certificates.status).toBe(200);
    expect(certificates.body).toMatchObject({ total: 0 });
    expect(integrations.intervals()).toEqual({ nginx: null, haproxy: null, aiServices: null, certificates: null });
    expect(integrations.placeholders()).toEqual({ certificates: true, nginx: true, haproxy: true, aiServices: true });
    expect(connections).toEqual([]);
  });
});
