// The shipped configuration's documentation hosts: never checked, never
// alerted on, and listed for whoever installs the site; an edit of the file
// that is refused shows until a good one follows.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { placeholderKeys } from "./integrations/integration-targets.ts";
import type { CheckTarget } from "./monitor/checks/check-types.ts";
import { loadMonitoringConfig, parseMonitoringConfig, watchMonitoringConfig } from "./monitoring-config.ts";
import { placeholderEntries } from "./monitoring-placeholders.ts";

const PASSWORD = "correct horse battery staple";
const shipped = loadMonitoringConfig("config/monitoring.yaml", {});

describe("placeholders in the shipped configuration", () => {
  it("every host, certificate and source of the shipped file is one, each listed with its path", () => {
    const entries = placeholderEntries(shipped);
    const hosts = shipped.services.reduce(
      (sum, service) => sum + Object.keys(service.hosts).length + service.subServices.length,
      0,
    );
    const integrations = shipped.integrations;
    const sources =
      integrations.certificates!.domains.length +
      integrations.nginx!.sources.length +
      1 +
      integrations.aiServices!.services.length;
    expect(entries).toHaveLength(hosts + sources);
    expect(entries).toContainEqual({
      path: "services[4].hosts.centron",
      target: "https://centron.example.com:3001/health",
    });
    expect(entries).toContainEqual({
      path: "integrations.certificates.domains[0]",
      target: "example.com at 192.0.2.10",
    });
    expect(entries).toContainEqual({
      path: "integrations.haproxy.source",
      target: "http://centron.example.com:8404/stats",
    });
    // Never a credential: the HAProxy password and API keys stay out.
    expect(JSON.stringify(entries)).not.toMatch(/change-me|password|stats:/);
  });

  it("integration targets at documentation hosts are placeholders; real ones are not", () => {
    const isPlaceholder = placeholderKeys(shipped.integrations);
    expect(isPlaceholder("certificate:example.com@192.0.2.10:443")).toBe(true);
    expect(isPlaceholder("haproxy:stats")).toBe(true);
    expect(isPlaceholder("haproxy:web/web1")).toBe(true);
    expect(isPlaceholder("nginx:Reverse proxy (centron)")).toBe(true);
    const real = parseMonitoringConfig(
      `alerts: { to: ops@example.com }\nservices: []\nintegrations: { certificates: { domains: [{ domain: ` +
        `www.example.com, server: centron, serverIP: 127.0.0.1 }] }, haproxy: { source: { url: ` +
        `"http://127.0.0.1:8404/stats" } } }`,
      {},
    );
    const none = placeholderKeys(real.integrations);
    expect(none("certificate:www.example.com@127.0.0.1:443")).toBe(false);
    expect(none("haproxy:stats")).toBe(false);
  });
});

describe.each(testDatabases())("placeholders in use on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let checked: string[];

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    checked = [];
    const config = parseMonitoringConfig(
      `alerts: { to: ops@example.com }
defaults: { staggerSeconds: 0, retries: 0 }
services:
  - { id: placeholder, name: Placeholder, hosts: { centron: { url: "https://centron.example.com/health" },
      local: { tcp: "192.0.2.20:22" } } }
  - { id: real, name: Real, hosts: { fra: { url: "http://real.test/health" } }, subServices: [{ name: Part,
      fra: { url: "https://part.example.org/health" } }] }`,
      {},
    );
    const check: CheckTarget = async (target) => {
      checked.push(String(target.url ?? target.tcp));
      return { status: "unhealthy", responseTime: null, errorMessage: "ENOTFOUND", retryAttempt: 0, basic: false };
    };
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => config, check } });
  });
  afterEach(() => cleanup());

  it(
    "a placeholder is never checked, opens no incident and sends no " +
      "notice; the API says which are placeholders and where",
    async () => {
      await t.services.probes!.lead();
      await t.services.monitor!.engine.runCycle();
      expect(checked).toEqual(["http://real.test/health"]);
      const incidents = await t.services.database.db.selectFrom("incidents").select("target").execute();
      expect(incidents.map((row) => row.target)).toEqual(["service:real/fra"]);

      await t.services.staff.create("ops", PASSWORD);
      const cookie = cookieFrom(
        await t.app.request("http://localhost/api/auth/sign-in", {
          method: "POST",
          headers: browserHeaders(),
          body: JSON.stringify({ username: "ops", password: PASSWORD }),
        }),
      );
      const get = async (path: string) =>
        (
          await t.app.request(`http://localhost/api/admin${path}`, { headers: browserHeaders({ cookie }) })
        ).json() as Promise<Record<string, unknown>>;
      const services = (await get("/services")).services as {
        serviceId: string;
        hosts: { host: string; placeholder: boolean; lastChecked: string | null }[];
      }[];
      expect(
        services.map((service) => [
          service.serviceId,
          service.hosts.map((host) => [host.host, host.placeholder, host.lastChecked !== null]),
        ]),
      ).toEqual([
        [
          "placeholder",
          [
            ["centron", true, false],
            ["local", true, false],
          ],
        ],
        ["real", [["fra", false, true]]],
      ]);
      expect(await get("/monitoring-configuration")).toEqual({
        file: null,
        loadedAt: null,
        rejected: null,
        placeholders: [
          { path: "services[0].hosts.centron", target: "https://centron.example.com/health" },
          { path: "services[0].hosts.local", target: "TCP 192.0.2.20:22" },
          { path: "services[1].subServices[0]", target: "https://part.example.org/health" },
        ],
      });
    },
  );
});

describe("the configuration file's status", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "config-status-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("says an edit was refused, with its problems, until a good one is loaded", async () => {
    const file = join(dir, "monitoring.yaml");
    const good = (id: string) =>
      `alerts: { to: ops@example.com }\nservices:\n  - { id: ${id}, name: One, hosts: { fra: { url: ` +
      `"http://x/" } } }\n`;
    writeFileSync(file, good("one"));
    const watcher = watchMonitoringConfig(file, {}, pino({ level: "silent" }), () => undefined);
    try {
      expect(watcher.status()).toMatchObject({ file, rejected: null });
      writeFileSync(file, good("one").replace('"http://x/"', '"not a url"'));
      await expect
        .poll(() => watcher.status().rejected?.problems, { timeout: 10_000 })
        .toEqual(["services[0].hosts.fra.url: Invalid URL"]);
      writeFileSync(file, good("two"));
      await expect.poll(() => watcher.status().rejected, { timeout: 10_000 }).toBeNull();
    } finally {
      watcher.close();
    }
  });
});
