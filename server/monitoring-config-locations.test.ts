// Where hosts are checked from: the locations a configuration names, each
// host's locations and quorum, and what is refused, each with its path.
import { describe, expect, it } from "vitest";
import { hashProbeToken, locationOfToken } from "./monitor/locations/locations-config.ts";
import { placementOf } from "./monitor/services-config.ts";
import { base, problems } from "./monitoring-config-fixtures.ts";
import { parseMonitoringConfig } from "./monitoring-config.ts";

const TOKEN = "a".repeat(32);
const withLocations = (
  services: string,
  locations = `locations:\n  - { id: fra, name: Frankfurt, token: "\${T}" }\n`,
) => `${locations}${base(services)}`;
const service = (extra: string, host = `{ url: "https://app.internal/health" }`) =>
  `  - { id: app, name: App, hosts: { main: ${host} }${extra} }\n`;

describe("locations", () => {
  it("keeps a token only as its hash, and adds local when the file leaves it out", () => {
    const config = parseMonitoringConfig(withLocations(service(", locations: [local, fra], quorum: 2")), { T: TOKEN });
    expect(config.locations.map((location) => location.id)).toEqual(["local", "fra"]);
    expect(JSON.stringify(config)).not.toContain(TOKEN);
    expect(config.locations[1]!.tokenHashes).toEqual([hashProbeToken(TOKEN)]);
    expect(locationOfToken(config.locations, TOKEN)?.id).toBe("fra");
    expect(locationOfToken(config.locations, "b".repeat(32))).toBeUndefined();
    expect(placementOf(config.services[0]!, "main")).toEqual({ locations: ["local", "fra"], quorum: 2 });
  });

  it("lets a host override its service, and stores nothing for a host checked here alone", () => {
    const host = `{ url: "https://app.internal/health", locations: [fra] }`;
    const text = withLocations(`${service(", locations: [local, fra]", host)}${service("").replace("app,", "other,")}`);
    const config = parseMonitoringConfig(text, { T: TOKEN });
    expect(placementOf(config.services[0]!, "main")).toEqual({ locations: ["fra"], quorum: 1 });
    expect(config.services[1]!.placements).toEqual({});
    expect(placementOf(config.services[1]!, "main")).toEqual({ locations: ["local"], quorum: 1 });
  });

  it.each([
    [service(", locations: [local, muc]"), `services[0].hosts.main.locations: "muc" is not a location`],
    [service(", locations: [local, fra], quorum: 3"), "services[0].hosts.main.locations: a quorum of 3 needs"],
    [service(", quorum: 2"), "services[0].quorum: a quorum above 1 needs the locations listed"],
    [service(", locations: [fra, fra]"), "services[0].locations: names each location once"],
    [service(", locations: []"), "services[0].locations: lists at least one location"],
    [service(", locations: [fra]", `{ push: { token: "${"p".repeat(32)}" } }`), "a push monitor is called at this"],
  ])("refuses a bad placement with its path (%#)", (services, expected) => {
    expect(problems(withLocations(services), { T: TOKEN }).join("\n")).toContain(expected);
  });

  it.each([
    [`locations:\n  - { id: fra, name: Frankfurt }\n`, "locations[0].token: a remote location needs its token"],
    [`locations:\n  - { id: fra, name: F, token: short }\n`, "locations[0].token: must be at least 24 characters"],
    [`locations:\n  - { id: local, name: Here, token: "${TOKEN}" }\n`, "locations[0].token: local is this server"],
    [`locations:\n  - { id: Fra, name: F, token: "${TOKEN}" }\n`, "locations[0].id: a location id is lower-case"],
    [
      `locations:\n  - { id: fra, name: F, token: "${TOKEN}" }\n  - { id: fra, name: G, token: "${TOKEN}" }\n`,
      `locations[1].id: duplicate location "fra"`,
    ],
  ])("refuses a bad location with its path (%#)", (locations, expected) => {
    expect(problems(withLocations(service(""), locations)).join("\n")).toContain(expected);
  });

  it("takes a reference target as a URL or any check, and a previous token during a rotation", () => {
    const locations =
      `locations:\n  - { id: local, name: Here, connectivity: "https://ref.internal/" }\n` +
      `  - { id: fra, name: F, token: "${TOKEN}", previousToken: "${"c".repeat(32)}",\n` +
      `      connectivity: { tcp: "10.0.0.1:53" } }\n`;
    const config = parseMonitoringConfig(withLocations(service(""), locations), {});
    expect(config.locations[0]!.connectivity).toMatchObject({ type: "url", url: "https://ref.internal/" });
    expect(config.locations[1]!.connectivity).toMatchObject({ type: "tcp" });
    expect(locationOfToken(config.locations, "c".repeat(32))?.id).toBe("fra");
  });
});
