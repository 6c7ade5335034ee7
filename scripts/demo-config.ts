// The shipped monitoring configuration, pointed at a simulated fleet: every
// service, sub-service, certificate, nginx, HAProxy and AI service answers
// from loopback. `npm run demo` and the dashboard's browser tests use it; the
// alerting tests make it quiet and fast and send its notices to their own
// receivers.
import { readFileSync } from "node:fs";
import { load, dump } from "js-yaml";
import type { ChannelConfig } from "#server/alerting/channels/registry.ts";
import { startSimulatedFleet, type SimulatedFleet } from "./simulated-fleet.ts";

type ShippedHost = { tcp?: string; url?: string; dependsOn?: string[] } & Record<string, unknown>;
type Shipped = {
  alerts?: Record<string, unknown>;
  services: {
    id: string;
    hosts: Record<string, ShippedHost>;
    subServices?: ({ name: string } & Record<string, unknown>)[];
  }[];
  integrations: { certificates: { domains: { domain: string; server: string }[] } & Record<string, unknown> } & Record<
    string,
    unknown
  >;
} & Record<string, unknown>;

export function readShipped(file = "config/monitoring.yaml"): Shipped {
  return load(readFileSync(file, "utf8")) as Shipped;
}

export type DemoFleetOptions = {
  shipped?: Shipped;
  /** No chance failures or degradation: only what a test stops fails, so its notices can be counted exactly. */
  quiet?: boolean;
};

/** The machines of the shipped configuration: services whose hosts are checked by TCP (the data centre hosts). */
function machinesOf(shipped: Shipped): string[] {
  return shipped.services
    .filter((service) => Object.values(service.hosts).some((host) => host.tcp !== undefined))
    .map((service) => service.id);
}

/**
 * A fleet that plays every host and peer of the shipped configuration, each machine on a port of its own (stop one:
 * what depends on it is affected).
 */
export async function startDemoFleet(options: DemoFleetOptions = {}) {
  const shipped = options.shipped ?? readShipped();
  return startSimulatedFleet({
    withInfrastructure: { domains: shipped.integrations.certificates.domains.map((entry) => entry.domain) },
    machines: machinesOf(shipped),
    ...(options.quiet ? { failureShare: 0, degradedShare: 0 } : {}),
  });
}

export type DemoConfigOptions = {
  shipped?: Shipped;
  /** Seconds between service checks. */
  intervalSeconds?: number;
  /**
   * Seconds between reads of nginx, HAProxy and the AI services instead of the shipped 60, 30 and 120 (the AI services
   * allow 10 at least).
   */
  integrationIntervalSeconds?: number;
  /** Where notices go, instead of the shipped `alerts.to`. */
  channels?: ChannelConfig[];
  /**
   * Two services beyond the shipped ones, to show what the checks can do: three hosts with conditions, and a push
   * monitor.
   */
  showcase?: boolean;
};

/** The showcase's push monitor: the demo calls it as a backup job would. */
export const DEMO_PUSH_TOKEN = "demo-nightly-backup-0123456789";

function showcaseServices(fleet: SimulatedFleet) {
  return [
    {
      id: "search-api",
      name: "Search API",
      description: "Spring Boot service on three hosts, judged by conditions",
      profile: "standard",
      tags: ["search", "spring"],
      hosts: Object.fromEntries(
        ["fra", "muc", "ber"].map((host) => [
          host,
          {
            url: fleet.url("search-api", host, "spring"),
            conditions: ["[STATUS] == 200", "[BODY].status == UP", "[RESPONSE_TIME] < 1000"],
          },
        ]),
      ),
    },
    {
      id: "nightly-backup",
      name: "Nightly backup",
      description: "A job that reports each run (push monitor)",
      profile: "standard",
      tags: ["backup"],
      intervalSeconds: 60,
      hosts: { backup: { push: { token: DEMO_PUSH_TOKEN, graceSeconds: 30 } } },
    },
  ];
}

/** The AI services' shortest interval in the configuration's schema. */
const AI_MIN_INTERVAL_SECONDS = 10;

export function demoConfig(fleet: SimulatedFleet, options: DemoConfigOptions = {}): string {
  const { shipped = readShipped(), intervalSeconds = 15, integrationIntervalSeconds, channels, showcase } = options;
  const infra = fleet.infrastructure!;
  const { to: _shippedTo, ...alerts } = shipped.alerts ?? {};
  const demo = {
    ...shipped,
    ...(channels ? { alerts: { ...alerts, channels } } : {}),
    defaults: { intervalSeconds, timeoutMs: 3000, retries: 1 },
    services: [
      ...shipped.services.map((service) => ({
        ...service,
        // Each host keeps what it depends on: the demo's dependencies are the shipped ones.
        hosts: Object.fromEntries(
          Object.entries(service.hosts).map(([host, entry]) => [
            host,
            {
              ...(entry.tcp !== undefined ? { tcp: fleet.machine(service.id) } : { url: fleet.url(service.id, host) }),
              ...(entry.dependsOn ? { dependsOn: entry.dependsOn } : {}),
            },
          ]),
        ),
        ...(service.subServices
          ? {
              subServices: service.subServices.map((sub) => {
                const host = Object.keys(sub).find((key) => key !== "name")!;
                return { name: sub.name, [host]: { url: fleet.url(`${service.id}-${sub.name}`, host) } };
              }),
            }
          : {}),
      })),
      ...(showcase ? showcaseServices(fleet) : []),
    ],
    integrations: {
      certificates: {
        intervalSeconds: 300,
        timeoutMs: 3000,
        caFile: infra.caFile,
        renewal: {
          centron: { method: "hook", url: fleet.renewalHookUrl, token: "demo-renewal-token-0123456789" },
          local: { method: "hook", url: fleet.renewalHookUrl, token: "demo-renewal-token-0123456789" },
        },
        domains: shipped.integrations.certificates.domains.map((entry) => ({
          ...entry,
          serverIP: "127.0.0.1",
          port: infra.tlsPort,
        })),
      },
      nginx: {
        intervalSeconds: integrationIntervalSeconds ?? 60,
        timeoutMs: 2000,
        maxActiveConnections: 1000,
        sources: [{ name: "Reverse proxy (centron)", url: fleet.nginxStatusUrl }],
      },
      haproxy: {
        intervalSeconds: integrationIntervalSeconds ?? 30,
        timeoutMs: 2000,
        source: { url: fleet.haproxyStatsUrl },
      },
      aiServices: {
        intervalSeconds:
          integrationIntervalSeconds === undefined
            ? 120
            : Math.max(AI_MIN_INTERVAL_SECONDS, integrationIntervalSeconds),
        timeoutMs: 3000,
        services: [
          { type: "ollama", name: "Ollama (centron)", url: infra.ollamaUrls[0] },
          { type: "ollama", name: "Ollama (local)", url: infra.ollamaUrls[1] },
          { type: "http", name: "Sentiment model", url: fleet.url("sentiment-service", "centron"), model: "sentiment" },
          {
            type: "http",
            name: "Word normalization",
            url: fleet.url("word-normalization", "centron"),
            model: "normalizer",
          },
        ],
      },
    },
  };
  const yaml = dump(demo, { noRefs: true, lineWidth: -1 });
  return `# Generated: the shipped services, checked against a simulated fleet.\n${yaml}`;
}
