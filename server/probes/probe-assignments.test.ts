// What a remote location is told to check: its hosts and their sub-services,
// never push, never another location's, and targets written back so that the
// server's own schema reads each to the same target.
import { describe, expect, it } from "vitest";
import { targetSchema } from "#server/monitor/checks/check-types.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { assignedKeys, assignmentsOf, rawTarget } from "./probe-assignments.ts";

const env = { FRA: "f".repeat(32), MUC: "m".repeat(32) };
const text = `
locations:
  - { id: fra, name: Frankfurt, token: "\${FRA}", connectivity: "https://www.google.com/generate_204" }
  - { id: muc, name: Munich, token: "\${MUC}" }
alerts: { to: ops@example.com }
defaults: { intervalSeconds: 30, timeoutMs: 2000, retries: 1, concurrency: 50 }
services:
  - id: web
    name: Web
    locations: [local, fra]
    intervalSeconds: 60
    hosts:
      main: { url: "https://web.internal/health", conditions: ["[STATUS] == 200", "[BODY].status == UP"] }
      port: { tcp: "web.internal:443", locations: [muc] }
      cert: { tls: "web.internal:443", serverName: web.internal, timeoutMs: 900 }
    subServices:
      - { name: Proxy, main: { url: "https://web.internal/proxy" } }
      - { name: Port check, port: { tcp: "web.internal:80" } }
  - id: names
    name: Names
    hosts:
      ns: { dns: { name: web.internal, type: AAAA, expected: "2001:db8::1" }, locations: [fra] }
  - id: backup
    name: Backup
    hosts: { job: { push: { token: "${"p".repeat(32)}" } } }
  - id: here
    name: Here only
    hosts: { main: { url: "https://here.internal/" } }
`;
const config = parseMonitoringConfig(text, env);
const location = (id: string) => config.locations.find((entry) => entry.id === id)!;

describe("probe assignments", () => {
  it("lists the hosts placed at the location, with their sub-services, and their settings", () => {
    const fra = assignmentsOf(config, location("fra"));
    expect(fra.location).toEqual({ id: "fra", name: "Frankfurt" });
    expect(fra.defaults).toEqual({ intervalSeconds: 30, timeoutMs: 2000, retries: 1, concurrency: 50 });
    expect(fra.connectivity).toEqual({ url: "https://www.google.com/generate_204" });
    expect(fra.checks.map((check) => check.key)).toEqual(["web/main", "web/main/Proxy", "web/cert", "names/ns"]);
    const cert = fra.checks.find((check) => check.key === "web/cert")!;
    expect(cert).toMatchObject({ intervalSeconds: 60, timeoutMs: 900, retries: 1 });
    expect(fra.checks.find((check) => check.key === "names/ns")).toMatchObject({ intervalSeconds: 30 });
    expect(assignmentsOf(config, location("muc")).checks.map((check) => check.key)).toEqual([
      "web/port",
      "web/port/Port check",
    ]);
    expect(assignedKeys(config, location("muc"))).toEqual(new Set(["web/port", "web/port/Port check"]));
  });

  it("has a revision that changes with what is assigned, not with the request", () => {
    const again = parseMonitoringConfig(text, env);
    const changed = parseMonitoringConfig(text.replace("timeoutMs: 900", "timeoutMs: 800"), env);
    const fra = assignmentsOf(config, location("fra")).revision;
    expect(assignmentsOf(again, again.locations[1]!).revision).toBe(fra);
    expect(assignmentsOf(changed, changed.locations[1]!).revision).not.toBe(fra);
    expect(assignmentsOf(config, location("muc")).revision).not.toBe(fra);
  });

  it("writes each target back so the same schema reads it to the same target", () => {
    const [web, names] = config.services;
    const targets = [web!.hosts.main!, web!.hosts.port!, web!.hosts.cert!, names!.hosts.ns!];
    expect(targets.map((target) => target.type)).toEqual(["url", "tcp", "tls", "dns"]);
    expect(rawTarget(web!.hosts.main!)).toEqual({
      url: "https://web.internal/health",
      conditions: ["[STATUS] == 200", "[BODY].status == UP"],
    });
    for (const target of targets) {
      const raw = JSON.parse(JSON.stringify(rawTarget(target))) as unknown;
      expect(raw).not.toHaveProperty("type");
      expect(targetSchema.parse(raw)).toEqual(target);
    }
  });
});
