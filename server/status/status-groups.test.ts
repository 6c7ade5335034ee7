// The status page's groups: in the order each first appears in the
// configuration, each with the worst state of its services, open exactly when
// one of them is not operational; services without a group belong to none.
import { describe, expect, it } from "vitest";
import { isGroupOpen, worstState, type ServiceState } from "#shared/status/public-status.ts";
import { initialHostState, type HostState } from "#server/monitor/host-state.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { groupedPublicServices } from "#tests/support/public-groups.ts";
import { buildPublicStatus } from "./status-model.ts";

const NOW = Date.parse("2026-11-24T12:00:00Z");

function statusOf(services: string, down: readonly string[] = []) {
  const config = parseMonitoringConfig(`alerts: { to: ops@example.com }\nservices:\n${services}\n`, {});
  const states = new Map<string, HostState>(
    config.services.flatMap((service) =>
      Object.keys(service.hosts).map((host): [string, HostState] => [
        `${service.id}/${host}`,
        {
          ...initialHostState(host),
          status: down.includes(service.id) ? "unhealthy" : "healthy",
          lastChecked: NOW - 30_000,
        },
      ]),
    ),
  );
  return buildPublicStatus({
    now: NOW,
    timeZone: "Europe/Berlin",
    services: config.services,
    states,
    hours: [],
    incidents: [],
    updates: [],
    maintenance: { manual: { active: false, since: null, until: null }, active: [], upcoming: [] },
  });
}

const service = (id: string, extra = "") =>
  `  - { id: ${id}, name: ${id}, public: true, ${extra} hosts: { main: { url: "http://${id}.test/" } } }`;

describe("grouping the public services", () => {
  const fleet = groupedPublicServices({
    groups: ["Websites", "Kundenportale & APIs", "E-Mail"],
    perGroup: 3,
    url: (id) => `http://${id}.test/`,
  });

  it("lists the groups in the order they first appear, each with its services in the configuration's order", () => {
    const status = statusOf(fleet.yaml);
    expect(status.groups.map((group) => [group.name, group.serviceIds])).toEqual([...fleet.groups]);
    expect(status.services.every((entry) => entry.group !== null)).toBe(true);
  });

  it("gives each group the worst state of its services and opens exactly the ones not all operational", () => {
    const failing = fleet.groups.get("E-Mail")![1]!;
    const status = statusOf(fleet.yaml, [failing]);
    expect(status.groups.map((group) => [group.name, group.state, isGroupOpen(group)])).toEqual([
      ["Websites", "operational", false],
      ["Kundenportale & APIs", "operational", false],
      ["E-Mail", "outage", true],
    ]);
  });

  it("keeps services without a group out of every group, and leaves private services out", () => {
    const status = statusOf(
      [
        service("plain"),
        service("web", "publicGroup: Web,"),
        `  - { id: hidden, name: hidden, publicGroup: Web, hosts: { main: { url: "http://hidden.test/" } } }`,
        service("other"),
      ].join("\n"),
    );
    expect(status.services.map((entry) => [entry.id, entry.group])).toEqual([
      ["plain", null],
      ["web", "Web"],
      ["other", null],
    ]);
    expect(status.groups).toEqual([{ name: "Web", state: "operational", serviceIds: ["web"] }]);
  });

  it("has no groups when no public service names one", () => {
    expect(statusOf(service("plain")).groups).toEqual([]);
  });
});

describe("a group's state: the worst of its services'", () => {
  it.each<[ServiceState[], ServiceState]>([
    [["operational", "operational"], "operational"],
    [["operational", "unknown"], "unknown"],
    [["unknown", "maintenance"], "maintenance"],
    [["maintenance", "degraded", "operational"], "degraded"],
    [["degraded", "outage", "maintenance"], "outage"],
  ])("%j: %s", (states, expected) => {
    expect(worstState(states)).toBe(expected);
    expect(isGroupOpen({ name: "G", state: expected, serviceIds: [] })).toBe(expected !== "operational");
  });
});

describe("publicGroup in the configuration", () => {
  it.each([
    ["an empty name", '""'],
    ["a name of 61 characters", "x".repeat(61)],
    ["a tab", '"Web\\tsites"'],
    ["a newline", '"Web\\nsites"'],
    ["a leading space", '" Websites"'],
    ["a number", "42"],
  ])("refuses %s", (_, value) => {
    expect(() => statusOf(service("web", `publicGroup: ${value},`))).toThrow(/publicGroup/);
  });

  it("takes a name of 60 characters with umlauts and punctuation as written", () => {
    const name = `Zahlungsverkehr & Überweisungen (EU) – ${"ä".repeat(21)}`;
    expect(name).toHaveLength(60);
    expect(statusOf(service("web", `publicGroup: "${name}",`)).groups[0]?.name).toBe(name);
  });
});
