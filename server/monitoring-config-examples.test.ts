import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadMonitoringConfig, parseMonitoringConfig } from "./monitoring-config.ts";
import { problems } from "./monitoring-config-fixtures.ts";

describe("the monitoring configuration: the shipped file", () => {
  it("the shipped file lists the company's services with their profiles", () => {
    const config = loadMonitoringConfig("config/monitoring.yaml", {});
    expect(config.services.map((s) => s.id)).toEqual([
      "datacenter-centron",
      "datacenter-centron2",
      "datacenter-centron3",
      "datacenter-local",
      "sentiment-service",
      "twitter-antispam",
      "mail-relay",
      "wordcloud-generation",
      "google-trends",
      "ollama-service",
      "word-normalization",
      "yahoo-stock",
    ]);
    const profile = (id: string) => config.services.find((s) => s.id === id)!.profile;
    expect(["sentiment-service", "twitter-antispam", "mail-relay"].map(profile)).toEqual([
      "critical",
      "critical",
      "critical",
    ]);
    expect(profile("yahoo-stock")).toBe("external");
    expect(profile("ollama-service")).toBe("standard");
    expect(config.defaults).toMatchObject({ intervalSeconds: 60, timeoutMs: 5000, retries: 2 });
    expect(config.alerts.cooldownMinutes).toBe(5);
  });

  it("the shipped integrations: 9 central and 13 local certificates, nginx, HAProxy and AI services", () => {
    const { integrations } = loadMonitoringConfig("config/monitoring.yaml", {});
    const domains = integrations.certificates!.domains;
    expect(domains.filter((d) => d.server === "centron")).toHaveLength(9);
    expect(domains.filter((d) => d.server === "local")).toHaveLength(13);
    expect(domains.every((d) => d.port === 443)).toBe(true);
    expect(integrations.certificates).toMatchObject({
      intervalSeconds: 300,
      renewWithinDays: 7,
      renewal: { centron: { method: "acme" }, local: { method: "hook" } },
    });
    expect(integrations.nginx!.intervalSeconds).toBe(60);
    expect(integrations.haproxy!.intervalSeconds).toBe(30);
    expect(integrations.aiServices!.intervalSeconds).toBe(120);
  });
});

describe("the monitoring configuration: the examples in docs/operations.md", () => {
  it.each(["docs/operations.md"])("the configuration shown in %s is valid and has every channel type", (file) => {
    const blocks = [...readFileSync(file, "utf8").matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!);
    const alerts = blocks.find((block) => block.startsWith("alerts:") && block.includes("channels:"));
    expect(alerts, "an alerts: example with channels").toBeDefined();
    // What an operator would put in the environment: URLs for *_URL, a bot token for Telegram, long secrets
    // otherwise.
    const value = (name: string) =>
      name.endsWith("_URL")
        ? "https://hooks.example.com/T000/B000/secret"
        : name.startsWith("TELEGRAM")
          ? "123456:ABC-def_1"
          : `${name.toLowerCase()}-0123456789abcdef`;
    const env = new Proxy({}, { get: (_target, name) => (typeof name === "string" ? value(name) : undefined) });
    for (const block of blocks.filter((text) => /^(alerts|maintenance):/.test(text))) {
      const services =
        "services:\n  - { id: mail-relay, name: Mail relay, profile: " +
        'critical, hosts: { centron: { url: "http://x/" } } }\n';
      expect(problems(`${block}\n${services}`, env as Record<string, string>), block).toEqual([]);
    }
    const types = parseMonitoringConfig(`${alerts}\nservices: []\n`, env as Record<string, string>).alerts.channels.map(
      (channel) => channel.type,
    );
    expect(new Set(types)).toEqual(
      new Set(["email", "webhook", "slack", "discord", "teams", "matrix", "ntfy", "telegram"]),
    );
  });

  it("the check types shown in docs/operations.md are valid, and every type is there", () => {
    const block = [...readFileSync("docs/operations.md", "utf8").matchAll(/```yaml\n([\s\S]*?)```/g)]
      .map((match) => match[1]!)
      .find((text) => text.startsWith("defaults:"));
    expect(block, "a services example").toBeDefined();
    const env = { SEARCH_KEY: "search-key-0123", BACKUP_PUSH_TOKEN: "backup-token-0123456789" };
    const config = parseMonitoringConfig(`alerts: { to: ops@example.com }\n${block}`, env);
    const types = config.services.flatMap((service) => Object.values(service.hosts).map((target) => target.type));
    expect(new Set(types)).toEqual(new Set(["url", "tcp", "tls", "dns", "push"]));
  });

  it("the dependsOn and heartbeat examples in docs/operations.md load, and say what they show", () => {
    const blocks = [...readFileSync("docs/operations.md", "utf8").matchAll(/```yaml\n([\s\S]*?)```/g)].map(
      (match) => match[1]!,
    );
    const env = new Proxy(
      {},
      { get: (_target, name) => (typeof name === "string" ? `${name.toLowerCase()}-0123456789abcdef` : undefined) },
    ) as Record<string, string>;
    const dependencies = blocks.find((block) => block.startsWith("services:") && block.includes("dependsOn"));
    const config = parseMonitoringConfig(`alerts: { to: ops@example.com }\n${dependencies}`, env);
    expect(config.services.find((service) => service.id === "search")!.dependsOn).toEqual(["datacenter-centron"]);
    const watching = blocks.filter((block) => block.includes("heartbeat:"));
    expect(watching).toHaveLength(2);
    for (const block of watching) {
      const text = block.includes("services:") ? block : `${block}services: []\n`;
      expect(parseMonitoringConfig(text, env).alerts.heartbeat, block).toMatchObject({
        url: expect.stringMatching(/^https:\/\//),
      });
    }
  });
});
