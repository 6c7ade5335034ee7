// The one table of probe kinds: every check type and every reading is in it,
// once, with where it may run; the configuration and the probes' assignments
// read it, so a kind that cannot run at a location is never placed there.
import { describe, expect, it } from "vitest";
import { parseMonitoringConfig } from "./monitoring-config.ts";
import { checkKinds } from "./monitor/checks/check-types.ts";
import { PROBE_KINDS, probeKind, runsAt } from "./probe-kinds.ts";

describe("the probe kinds", () => {
  it("hold every check type and every reading once, each in its family", () => {
    const names = PROBE_KINDS.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { key } of checkKinds()) expect(probeKind(key)?.family).toBe("checks");
    for (const reading of ["certificates", "nginx", "haproxy", "ai-services"])
      expect(probeKind(reading)).toMatchObject({ family: "readings", runsAt: "server" });
  });

  it.each([
    ["url", "local", true],
    ["url", "fra", true],
    ["tcp", "fra", true],
    ["dns", "fra", true],
    ["tls", "fra", true],
    ["push", "local", true],
    ["push", "fra", false],
    ["nginx", "fra", false],
    ["certificates", "local", true],
    ["no-such-kind", "local", false],
  ] as const)("%s at %s: %s", (kind, location, expected) => {
    expect(runsAt(kind, location)).toBe(expected);
  });

  it("refuses a push monitor placed at a remote location, with its path and the reason", () => {
    const yaml = `
locations: [{ id: fra, name: Frankfurt, token: "${"t".repeat(32)}" }]
services:
  - id: backup
    name: Backup
    hosts: { nightly: { push: { token: "${"p".repeat(32)}" }, locations: [local, fra] } }
`;
    expect(() => parseMonitoringConfig(yaml, {})).toThrow(
      /services\[0\]\.hosts\.nightly\.locations: a push monitor is called at this server, not checked from a location/,
    );
  });
});
