// `dependsOn` in the monitoring configuration: what each target ends up
// depending on, and every way to get it wrong stopping the load with its path.
import { describe, expect, it } from "vitest";
import { loadMonitoringConfig, MonitorConfigError, parseMonitoringConfig } from "#server/monitoring-config.ts";
import { dependencyParents } from "./dependencies.ts";

const file = (services: string) => `alerts: { to: ops@example.com }\nservices:\n${services}`;

function problems(text: string): string[] {
  try {
    parseMonitoringConfig(text, {});
  } catch (error) {
    if (error instanceof MonitorConfigError) return error.problems;
    throw error;
  }
  return [];
}

const HOSTS = `
  - { id: dc, name: Data centre, profile: infrastructure, hosts: { centron: { tcp: "dc.test:22" },
      local: { tcp: "local.test:22" } } }
`;

describe("dependsOn", () => {
  it(
    "a service's dependsOn holds for each of its hosts and their sub-services; a " +
      "host may add its own; a bare id stands for each host of that service",
    () => {
      const config = parseMonitoringConfig(
        file(`${HOSTS}
  - id: api
    name: API
    dependsOn: [dc/centron]
    hosts:
      centron: { url: "http://api.test/health" }
      local: { url: "http://api.local.test/health", dependsOn: [dc/local] }
    subServices: [{ name: Queue, local: { url: "http://api.local.test/queue" } }]
  - { id: web, name: Web, dependsOn: [dc, api/centron], hosts: { centron: { url: "http://web.test/" } } }
  - { id: lone, name: Lone, hosts: { centron: { url: "http://lone.test/" } } }
`),
        {},
      );
      expect(Object.fromEntries(dependencyParents(config.services))).toEqual({
        "service:api/centron": ["service:dc/centron"],
        "service:api/local": ["service:dc/centron", "service:dc/local"],
        "service:api/sub:Queue": ["service:dc/centron", "service:dc/local"],
        "service:web/centron": ["service:api/centron", "service:dc/centron", "service:dc/local"],
      });
      // A host's own dependsOn is not a part of its check.
      expect(config.services[1]!.hosts.local).not.toHaveProperty("dependsOn");
    },
  );

  it.each([
    [
      "an unknown service",
      `  - { id: api, name: API, dependsOn: [nowhere], hosts: { centron: { url: "http://api.test/" } } }`,
      ['services[0].dependsOn[0]: unknown service "nowhere"'],
    ],
    [
      "an unknown host",
      `${HOSTS}  - { id: api, name: API, hosts: { centron: { url: "http://api.test/", dependsOn: [dc/fra] } } }`,
      ['services[1].hosts.centron.dependsOn[0]: unknown host "fra" of service "dc" (its hosts: centron, local)'],
    ],
    [
      "a spelling that is no id",
      `${HOSTS}  - { id: api, name: API, dependsOn: ["DC Centron"], hosts: { centron: { url: "http://api.test/" } } }`,
      [
        "services[1].dependsOn[0]: must be a service id, or a service id " +
          "and one of its hosts (datacenter-centron/centron)",
      ],
    ],
    [
      "a cycle of two services",
      `  - { id: a, name: A, dependsOn: [b], hosts: { x: { url: "http://a.test/" } } }
  - { id: b, name: B, dependsOn: [a/x], hosts: { y: { url: "http://b.test/" } } }`,
      ["services[1].dependsOn[0]: dependency cycle: a/x → b/y → a/x"],
    ],
    [
      "a service depending on itself",
      `  - { id: a, name: A, dependsOn: [a], hosts: { x: { url: "http://a.test/" } } }`,
      ["services[0].dependsOn[0]: dependency cycle: a/x → a/x"],
    ],
    [
      "a cycle through hosts of three services",
      `  - { id: a, name: A, hosts: { x: { url: "http://a.test/", dependsOn: [b/y] } } }
  - { id: b, name: B, hosts: { y: { url: "http://b.test/", dependsOn: [c] } } }
  - { id: c, name: C, hosts: { z: { url: "http://c.test/", dependsOn: [a] } } }`,
      ["services[2].hosts.z.dependsOn[0]: dependency cycle: a/x → b/y → c/z → a/x"],
    ],
    [
      "an empty list",
      `${HOSTS}  - { id: api, name: API, dependsOn: [], hosts: { centron: { url: "http://api.test/" } } }`,
      ["services[1].dependsOn: lists at least one service"],
    ],
    [
      "dependsOn on a sub-service (it follows its host)",
      `${HOSTS}  - { id: api, name: API, hosts: { centron: { url: "http://api.test/" } }, subServices: [{ ` +
        `name: Q, centron: { url: "http://q.test/", dependsOn: [dc] } }] }`,
      [expect.stringMatching(/^services\[1\]\.subServices\[0\]\.centron: .*dependsOn/)],
    ],
  ])("%s stops the load with its path", (_name, services, expected) => {
    expect(problems(file(services))).toEqual(expected);
  });

  it("the shipped configuration: every application host depends on the machine it runs on", () => {
    const config = loadMonitoringConfig("config/monitoring.yaml", {});
    const parents = dependencyParents(config.services);
    const applications = config.services.filter((service) => service.profile !== "infrastructure");
    expect(applications).toHaveLength(8);
    for (const service of applications) {
      expect(parents.get(`service:${service.id}/centron`), service.id).toEqual(["service:datacenter-centron/centron"]);
      expect(parents.get(`service:${service.id}/local`), service.id).toEqual(["service:datacenter-local/local"]);
    }
    // The machines themselves and their parts depend on nothing.
    expect([...parents.keys()].filter((key) => key.startsWith("service:datacenter"))).toEqual([]);
  });

  it("a long chain loads (the cycle search keeps no call stack)", () => {
    const chain = Array.from(
      { length: 20_000 },
      (_, i) =>
        `  - { id: s${i}, name: S${i}, ${i > 0 ? `dependsOn: [s${i - 1}], ` : ""}` +
        `hosts: { h: { url: "http://s.test/${i}" } } }`,
    );
    const config = parseMonitoringConfig(file(chain.join("\n")), {});
    expect(dependencyParents(config.services).get("service:s19999/h")).toEqual(["service:s19998/h"]);
  });
});
