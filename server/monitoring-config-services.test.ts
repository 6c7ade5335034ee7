import { describe, expect, it } from "vitest";
import { parseMonitoringConfig } from "./monitoring-config.ts";
import { base, problems } from "./monitoring-config-fixtures.ts";

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
