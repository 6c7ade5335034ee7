// The checking locations as the services API lists them: state from each one's last word, its clock, and why it is
// offline; nothing when this server is the only place checks run from.
import { describe, expect, it } from "vitest";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { hasRemoteLocations, locationSummaries } from "./location-summaries.ts";
import type { LocationReport } from "./probe-results.ts";

const TOKEN = "t".repeat(32);
const config = parseMonitoringConfig(
  `
alerts: { to: ops@example.com }
locations:
  - { id: fra, name: Frankfurt, token: "${TOKEN}1" }
  - { id: vie, name: Vienna, token: "${TOKEN}2" }
  - { id: ams, name: Amsterdam, token: "${TOKEN}3" }
  - { id: muc, name: Munich, token: "${TOKEN}4" }
defaults: { intervalSeconds: 60 }
services:
  - id: shop
    name: Shop
    locations: [local, fra, vie, ams]
    intervalSeconds: 15
    hosts: { web: { url: "http://shop.test/" } }
`,
  {},
);
const NOW = Date.parse("2026-11-27T12:00:00Z");

const report = (overrides: Partial<LocationReport> = {}): LocationReport => ({
  lastSeenAt: NOW - 10_000,
  online: true,
  connectivityCheckedAt: NOW - 10_000,
  connectivityError: null,
  skewMs: 0,
  ...overrides,
});

describe("the checking locations as the services API lists them", () => {
  it("gives each its state, last word, clock and the reason it is offline", () => {
    const reports = new Map([
      ["local", report({ lastSeenAt: NOW - 1_000, skewMs: 0 })],
      ["fra", report({ skewMs: -7_000 })],
      ["vie", report({ online: false, connectivityError: "connect ECONNREFUSED 1.1.1.1:53" })],
      // Silent for three of its shortest interval (15 s): not reporting.
      ["ams", report({ lastSeenAt: NOW - 45_000 })],
    ]);
    const summaries = locationSummaries(config, reports, NOW);
    expect(summaries.map(({ id, state, clockSkewed, error }) => ({ id, state, clockSkewed, error }))).toEqual([
      { id: "local", state: "online", clockSkewed: false, error: null },
      { id: "fra", state: "online", clockSkewed: true, error: null },
      { id: "vie", state: "offline", clockSkewed: false, error: "connect ECONNREFUSED 1.1.1.1:53" },
      { id: "ams", state: "not-reporting", clockSkewed: false, error: null },
      { id: "muc", state: "not-reporting", clockSkewed: false, error: null },
    ]);
    expect(summaries[0]!.lastSeen).toBe(new Date(NOW - 1_000).toISOString());
    expect(summaries[1]).toMatchObject({ name: "Frankfurt", clockSkewMs: -7_000 });
    expect(summaries[4]!.lastSeen).toBeNull();
  });

  it("a location assigned no host is expected at the default interval", () => {
    const reports = new Map([["muc", report({ lastSeenAt: NOW - 120_000 })]]);
    expect(locationSummaries(config, reports, NOW).find((location) => location.id === "muc")!.state).toBe("online");
  });

  it("local writes offline when its reference target fails", () => {
    const reports = new Map([["local", report({ online: false, connectivityError: "timeout" })]]);
    expect(locationSummaries(config, reports, NOW)[0]).toMatchObject({ state: "offline", error: "timeout" });
  });

  it("knows when this server is the only place checks run from", () => {
    expect(hasRemoteLocations(config)).toBe(true);
    const alone = parseMonitoringConfig(`alerts: { to: ops@example.com }\nservices: []\n`, {});
    expect(hasRemoteLocations(alone)).toBe(false);
  });
});
