import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import {
  loadMonitoringConfig,
  MonitorConfigError,
  parseMonitoringConfig,
  watchMonitoringConfig,
  type MonitoringConfig,
} from "./monitoring-config.ts";

const problems = (text: string, env: Record<string, string> = {}) => {
  try {
    parseMonitoringConfig(text, env);
  } catch (error) {
    if (error instanceof MonitorConfigError) return error.problems;
    throw error;
  }
  return [];
};

const base = (services: string) => `alerts: { to: ops@example.com }\nservices:\n${services}`;

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

describe("the monitoring configuration: every error names its path", () => {
  it("names the path of every error", () => {
    const found = problems(
      base(`  - { id: a, name: A, hosts: { centron: { url: "http://x/" } } }
  - { id: b, name: B, hosts: { centron: { url: "http://x/" } } }
  - { id: c, name: C, hosts: { centron: { url: "http://x/" } } }
  - { id: d, name: D, profile: vital, hosts: { local: { url: "not a url" } } }
  - { id: a, name: E, hosts: {} }`),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "services[3].hosts.local.url: Invalid URL",
        expect.stringMatching(/^services\[3\]\.profile: /),
        "services[4].hosts: needs at least one host",
        'services[4].id: duplicate id "a"',
      ]),
    );
  });

  it("names the path of every error in the integrations", () => {
    const found = problems(`alerts: { to: ops@example.com }
services: []
integrations:
  certificates:
    renewal: { centron: { method: acme }, local: { method: hook, url: "ftp://x", token: short } }
    domains:
      - { domain: a.example.com, server: centron, serverIP: 10.0.0.1 }
      - { domain: a.example.com, server: centron, serverIP: 10.0.0.1 }
      - { domain: "bad domain", server: elsewhere, serverIP: 10.0.0.1, port: 70000 }
  nginx: { sources: [] }
  haproxy: { source: { path: /run/haproxy.sock } }
  aiServices: { services: [{ type: gpu, name: X, url: "http://x" }] }
`);
    expect(found).toEqual(
      expect.arrayContaining([
        "integrations.certificates.renewal.local.url: Invalid URL",
        "integrations.certificates.renewal.local.token: must be at least 16 characters",
        expect.stringMatching(/^integrations\.certificates\.domains\[2\]\.domain: must be a domain name/),
        expect.stringMatching(/^integrations\.certificates\.domains\[2\]\.server: /),
        expect.stringMatching(/^integrations\.certificates\.domains\[2\]\.port: /),
        expect.stringMatching(/^integrations\.nginx\.sources: /),
        'integrations.haproxy.source: needs "url" (the stats page) or "socket" (the stats socket path)',
        expect.stringMatching(/^integrations\.aiServices\.services\[0\]\.type: /),
      ]),
    );
    // The refinements run once the shapes are right.
    expect(
      problems(`alerts: { to: ops@example.com }
services: []
integrations:
  certificates:
    renewal: { centron: { method: acme } }
    domains:
      - { domain: a.example.com, server: centron, serverIP: 10.0.0.1 }
      - { domain: a.example.com, server: centron, serverIP: 10.0.0.1 }
`),
    ).toEqual([
      'integrations.certificates.domains[1].domain: duplicate certificate "a.example.com@10.0.0.1:443"',
      'integrations.certificates.renewal.centron: method "acme" needs an "acme" section',
    ]);
  });

  it("alerts, thresholds and maintenance windows: every error names its path", () => {
    const shapes = `alerts:
  to: ops@example.com
  channels:
    - { type: webhook, url: "ftp://hooks.example.com/a" }
defaults: { failureThreshold: 0, successThreshold: 101 }
services:
  - { id: a, name: A, failureThreshold: 2.5, hosts: { centron: { url: "http://x/" } } }
maintenance:
  windows:
    - { name: Nightly, every: [mon, funday], start: "02:00", duration: 30m }
`;
    expect(problems(shapes)).toEqual([
      "alerts.channels[0].url: must be an http:// or https:// URL",
      "defaults.failureThreshold: must be at least 1",
      "defaults.successThreshold: must be at most 100",
      "services[0].failureThreshold: must be a whole number of checks",
      'maintenance.windows[0].every[1]: unknown day "funday": use mon, tue, wed, thu, fri, sat or sun',
    ]);
    // What needs the whole file (names across sections) is checked once the shapes are right.
    const references = `alerts:
  to: ops@example.com
  channels:
    - { type: webhook, url: "https://hooks.example.com/a" }
    - { type: webhook, url: "https://hooks.example.com/b" }
    - { type: email, name: email, to: other@example.com }
  routes:
    - { profiles: [critical], channels: [pager] }
    - { services: [nope], channels: [webhook] }
services:
  - { id: a, name: A, hosts: { centron: { url: "http://x/" } } }
maintenance:
  windows:
    - { name: Nightly, every: [mon], start: "02:00", duration: 30m, services: [ghost] }
`;
    expect(problems(references)).toEqual([
      'alerts.channels[1].name: duplicate channel name "webhook": give each channel its own name',
      'alerts.channels[2].name: duplicate channel name "email" (alerts.to makes ' +
        'a channel named "email"): give each channel its own name',
      'alerts.routes[0].channels[0]: unknown channel "pager"',
      'alerts.routes[1].services[0]: unknown service "nope"',
      'maintenance.windows[0].services[0]: unknown service "ghost"',
    ]);
  });
});

describe("the monitoring configuration: services, hosts and checks", () => {
  it("check types, conditions and any hosts: every error names its path, and nothing loads", () => {
    const found = problems(
      base(`  - { id: a, name: A, hosts: { fra: { url: "http://x/" }, muc: { tcp: "x:22" }, ber: { tls: "x:443" } } }
  - { id: b, name: B, hosts: { one: { dns: { name: example.com, type: A, resolver: "127.0.0.1:53" } },
      two: { push: { token: abcdefghijklmnop } } } }
  - { id: c, name: C, hosts: { fra: { url: "http://x/" } } }
  - id: d
    name: D
    hosts:
      fra: { url: "http://x/", conditions: ["[STATUS] == 200", "[STATUS] === 200", "[DNS_RCODE] == NOERROR"] }
      muc: { url: "http://x/", tcp: "x:22" }
      Bad: { url: "http://x/" }
      ber: { ftp: "x" }
      ham: { dns: { name: "bad name!", type: SOA } }
      cgn: { push: { token: short } }`),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^services\[3\]\.hosts\.fra\.conditions\[1\]: /),
        'services[3].hosts.fra.conditions[2]: a "url" check does not measure [DNS_RCODE]; it ' +
          "measures [STATUS], [RESPONSE_TIME], [BODY], [CONNECTED], [CERTIFICATE_EXPIRATION]",
        'services[3].hosts.muc: has "url" and "tcp": one check type per host',
        "services[3].hosts.Bad: a host name is lower-case letters, digits and dashes, starting with a letter",
        'services[3].hosts.ber: needs one of "url", "tcp", "tls", "dns" or "push"',
        "services[3].hosts.ham.dns.name: must be a domain name",
        expect.stringMatching(/^services\[3\]\.hosts\.ham\.dns\.type: /),
        "services[3].hosts.cgn.push.token: must have at least 16 characters",
      ]),
    );
    expect(
      found.filter(
        (problem) =>
          problem.startsWith("services[0]") || problem.startsWith("services[1]") || problem.startsWith("services[2]"),
      ),
    ).toEqual([]);
    // What is checked across hosts and services, once each one is well formed.
    expect(
      problems(
        base(`  - { id: b, name: B, hosts: { two: { push: { token: abcdefghijklmnop } } } }
  - { id: d, name: D, hosts: { fra: { url: "http://x/" }, dus: { push: { token: abcdefghijklmnop } } },
      subServices: [{ name: Part, nowhere: { url: "http://x/" } }] }`),
      ),
    ).toEqual(["services[1].subServices[0]: names the one host it runs on, one of fra, dus"]);
    expect(
      problems(
        base(`  - { id: e, name: E, intervalSeconds: 10, hosts: { fra: { url: "http://x/", timeoutMs: 15000 } } }`),
      ),
    ).toEqual(["services[0].hosts.fra: its timeout must be shorter than the service's interval (10 s)"]);
    expect(
      problems(
        base(`  - { id: b, name: B, hosts: { two: { push: { token: abcdefghijklmnop } } } }
  - { id: d, name: D, hosts: { fra: { url: "http://x/" }, dus: { push: { token: abcdefghijklmnop } } } }`),
      ),
    ).toEqual([
      "services[1].hosts.dus.push.token: the same token as " +
        "services[0].hosts.two.push.token: each push monitor needs its own",
    ]);
  });

  it("any host names, in the configuration's order, with per-service interval and timeout", () => {
    const config = parseMonitoringConfig(
      base(
        `  - { id: a, name: A, intervalSeconds: 15, timeoutMs: 2000, hosts: { fra: { url: "http://x/", ` +
          `conditions: ["[BODY].status == UP"] }, muc: { tcp: "x:22" }, ber: { url: "http://y/" } }, ` +
          `subServices: [{ name: Part, muc: { url: "http://z/" } }] }`,
      ),
      {},
    );
    const service = config.services[0]!;
    expect(Object.keys(service.hosts)).toEqual(["fra", "muc", "ber"]);
    expect(service).toMatchObject({
      intervalSeconds: 15,
      timeoutMs: 2000,
      subServices: [{ name: "Part", host: "muc", target: { type: "url", url: "http://z/" } }],
    });
    expect(service.hosts.fra!.conditions).toHaveLength(1);
    expect(service.hosts.muc).toMatchObject({ type: "tcp", tcp: "x:22" });
  });

  it("expands ${VAR} from the environment and names a missing one", () => {
    const text = base(
      `  - { id: s, name: S, hosts: { centron: { url: "http://x/", auth: ` +
        `{ type: api-key, header: k, key: "\${KEY}" } } } }`,
    );
    expect(problems(text)).toEqual(["services[0].hosts.centron.auth.key: environment variable KEY is not set"]);
    const config = parseMonitoringConfig(text, { KEY: "s3cret" });
    expect(config.services[0]!.hosts.centron).toMatchObject({ auth: { type: "api-key", key: "s3cret" } });
  });

  it(
    "drops control characters from every string, the " + "environment's too: its text reaches public pages and feeds",
    () => {
      const text = base(
        `  - { id: s, name: "Mail\\x01 relay\\x1b[0m", public: true, publicName: { en: "E-mail\\u0000 ` +
          `delivery", de: "E-Mail-Zustellung\\x7f" }, description: "\${NOTE}", hosts: { centron: { url: ` +
          `"http://x/" } } }`,
      );
      const config = parseMonitoringConfig(text, { NOTE: "line one\nline\ttwo\u0007" });
      expect(config.services[0]).toMatchObject({
        name: "Mail relay[0m",
        publicName: { en: "E-mail delivery", de: "E-Mail-Zustellung" },
        description: "line one\nline\ttwo",
      });
    },
  );

  it("refuses bad YAML, unknown keys and a timeout not shorter than the interval", () => {
    expect(problems("alerts: [")[0]).toMatch(/^YAML: /);
    expect(problems(`${base("  []")}\nextra: 1`)).toEqual([expect.stringMatching(/^\(file\): /)]);
    expect(problems(`${base("  []")}\ndefaults: { intervalSeconds: 5, timeoutMs: 5000 }`)).toEqual([
      "defaults.timeoutMs: must be shorter than the interval",
    ]);
  });
});

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

describe("the monitoring configuration: the examples in README.md and docs/operations.md", () => {
  it.each(["README.md", "docs/operations.md"])(
    "the configuration shown in %s is valid and has every channel type",
    (file) => {
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
      const types = parseMonitoringConfig(
        `${alerts}\nservices: []\n`,
        env as Record<string, string>,
      ).alerts.channels.map((channel) => channel.type);
      expect(new Set(types)).toEqual(
        new Set(["email", "webhook", "slack", "discord", "teams", "matrix", "ntfy", "telegram"]),
      );
    },
  );

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
