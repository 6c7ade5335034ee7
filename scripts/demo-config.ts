// The shipped monitoring configuration, pointed at a simulated fleet: every
// service, sub-service, certificate, nginx, HAProxy and AI service answers
// from loopback. `npm run demo` and the dashboard's browser tests use it.
import { readFileSync } from "node:fs";
import { parse, stringify } from "yaml";
import { startSimulatedFleet, type SimulatedFleet } from "./simulated-fleet.ts";

type Shipped = {
  services: { id: string; hosts: Record<string, unknown>; subServices?: { name: string }[] }[];
  integrations: { certificates: { domains: { domain: string; server: string }[] } & Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

export function readShipped(file = "config/monitoring.yaml"): Shipped {
  return parse(readFileSync(file, "utf8")) as Shipped;
}

/** A fleet that plays every host and peer of the shipped configuration. */
export async function startDemoFleet(shipped = readShipped()) {
  return startSimulatedFleet({ withInfrastructure: { domains: shipped.integrations.certificates.domains.map((entry) => entry.domain) } });
}

export function demoConfig(fleet: SimulatedFleet, shipped = readShipped(), intervalSeconds = 15): string {
  const infra = fleet.infrastructure!;
  const demo = {
    ...shipped,
    defaults: { intervalSeconds, timeoutMs: 3000, retries: 1 },
    services: shipped.services.map((service) => ({
      ...service,
      hosts: Object.fromEntries(
        Object.keys(service.hosts).map((host) => [host, service.id.startsWith("datacenter") ? { tcp: fleet.tcp } : { url: fleet.url(service.id, host) }]),
      ),
      ...(service.subServices ? { subServices: service.subServices.map((sub) => ({ name: sub.name, centron: { url: fleet.url(`${service.id}-${sub.name}`, "centron") } })) } : {}),
    })),
    integrations: {
      certificates: {
        intervalSeconds: 300,
        timeoutMs: 3000,
        caFile: infra.caFile,
        renewal: { centron: { method: "hook", url: fleet.renewalHookUrl, token: "demo-renewal-token-0123456789" }, local: { method: "hook", url: fleet.renewalHookUrl, token: "demo-renewal-token-0123456789" } },
        domains: shipped.integrations.certificates.domains.map((entry) => ({ ...entry, serverIP: "127.0.0.1", port: infra.tlsPort })),
      },
      nginx: { intervalSeconds: 60, timeoutMs: 2000, maxActiveConnections: 1000, sources: [{ name: "Reverse proxy (centron)", url: fleet.nginxStatusUrl }] },
      haproxy: { intervalSeconds: 30, timeoutMs: 2000, source: { url: fleet.haproxyStatsUrl } },
      aiServices: {
        intervalSeconds: 120,
        timeoutMs: 3000,
        services: [
          { type: "ollama", name: "Ollama (centron)", url: infra.ollamaUrls[0] },
          { type: "ollama", name: "Ollama (local)", url: infra.ollamaUrls[1] },
          { type: "http", name: "Sentiment model", url: fleet.url("sentiment-service", "centron"), model: "sentiment" },
          { type: "http", name: "Word normalization", url: fleet.url("word-normalization", "centron"), model: "normalizer" },
        ],
      },
    },
  };
  return `# Generated: the shipped services, checked against a simulated fleet.\n${stringify(demo)}`;
}
