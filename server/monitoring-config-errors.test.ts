import { describe, expect, it } from "vitest";
import { base, problems } from "./monitoring-config-fixtures.ts";

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
