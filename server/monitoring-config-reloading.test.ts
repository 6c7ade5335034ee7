import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import {
  loadMonitoringConfig,
  parseMonitoringConfig,
  watchMonitoringConfig,
  type MonitoringConfig,
} from "./monitoring-config.ts";
import { base, problems } from "./monitoring-config-fixtures.ts";

describe("the monitoring configuration: thresholds, YAML and reloading", () => {
  it("the thresholds: a service's own, else the defaults' (1 and 1 when unset)", () => {
    const config = parseMonitoringConfig(
      `alerts: { to: ops@example.com }
defaults: { successThreshold: 2 }
services:
  - { id: a, name: A, hosts: { centron: { url: "http://x/" } } }
  - { id: b, name: B, failureThreshold: 3, hosts: { centron: { url: "http://x/" } } }
`,
      {},
    );
    expect(config.defaults).toMatchObject({ failureThreshold: 1, successThreshold: 2 });
    expect(config.services.map((service) => service.failureThreshold)).toEqual([undefined, 3]);
    expect(config.alerts).toMatchObject({
      cooldownMinutes: 5,
      reminderMinutes: 5,
      channels: [{ type: "email", name: "email", to: "ops@example.com" }],
    });
  });

  it("takes a few anchors, and refuses a file whose aliases would expand without bound", () => {
    const anchored = parseMonitoringConfig(
      `alerts: { to: ops@example.com }
services:
  - id: a
    name: A
    hosts: { fra: &probe { url: "http://x/health", conditions: ["[STATUS] == 200"] }, muc: *probe }`,
      {},
    );
    expect(anchored.services[0]!.hosts.muc).toMatchObject({ type: "url", url: "http://x/health" });
    // Nine levels of ten aliases each: a billion entries from under a hundred aliases.
    const levels = Array.from(
      { length: 9 },
      (_, level) => `l${level + 1}: &l${level + 1} [${Array(10).fill(`*l${level}`).join(", ")}]`,
    );
    const laughs = `l0: &l0 "lol"\n${levels.join("\n")}\nalerts: { to: ops@example.com }\nservices: []\n`;
    expect(problems(laughs)).toEqual(["YAML: more than 2,000,000 entries once its aliases are expanded"]);
    const aliases = Array(101).fill("*x").join(", ");
    const many = `x: &x 1\nlist: [${aliases}]\nalerts: { to: ops@example.com }\nservices: []\n`;
    expect(problems(many)[0]).toMatch(/^YAML: .*alias/i);
  });

  it("reloads a good edit and keeps the last good configuration on a bad one, and says why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "monitor-config-"));
    const file = join(dir, "monitoring.yaml");
    writeFileSync(file, base(`  - { id: one, name: One, hosts: { centron: { url: "http://x/" } } }`));
    let current: MonitoringConfig = loadMonitoringConfig(file, {});
    const logged: unknown[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const refused: string[][] = [];
    const watcher = watchMonitoringConfig(
      file,
      {},
      logger,
      (next) => (current = next),
      Date.now,
      (problems) => refused.push(problems),
    );
    try {
      writeFileSync(file, base(`  - { id: two, name: Two, hosts: { centron: { url: "http://x/" } } }`));
      await expect.poll(() => current.services[0]!.id, { timeout: 5_000 }).toBe("two");
      writeFileSync(file, base(`  - { id: three, name: Three, hosts: { centron: { url: "broken" } } }`));
      await expect.poll(() => logged.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(current.services[0]!.id).toBe("two");
      expect(JSON.stringify(logged[0])).toContain("services[0].hosts.centron.url: Invalid URL");
      // What boot.ts records in the audit trail as configuration.refused.
      expect(refused[0]).toEqual([expect.stringContaining("services[0].hosts.centron.url: Invalid URL")]);
    } finally {
      watcher.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
