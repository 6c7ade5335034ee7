// The service list's filters, order, pages and facets, and the errors of bad parameters, as scenarios.
import { describe, expect, it } from "vitest";
import type { OverallStatus } from "#shared/monitor/health.ts";
import { parseServiceQuery, queryServices, type QueryableService } from "./service-query.ts";
import { serviceSchema } from "./services-config.ts";

function service(
  serviceId: string,
  status: OverallStatus,
  extra: Partial<QueryableService> & { hostNames?: string[] } = {},
): QueryableService {
  const { hostNames = ["centron"], ...rest } = extra;
  return {
    serviceId,
    serviceName: serviceId.replace(/-/g, " "),
    reliabilityProfile: "standard",
    status,
    tags: [],
    location: null,
    hosts: hostNames.map((host) => ({ host, target: `https://${serviceId}.${host}.example.net/health` })),
    ...rest,
  };
}

// In the configuration's order, deliberately not sorted by name or state.
const FLEET = [
  service("website", "healthy", { tags: ["public", "eu"], location: "Frankfurt" }),
  service("billing", "unhealthy", { tags: ["payments", "eu"], reliabilityProfile: "critical" }),
  service("datacenter", "degraded", { reliabilityProfile: "infrastructure", location: "Frankfurt" }),
  service("mail-relay", "unknown", { hostNames: ["local"], tags: ["eu"], location: "Munich" }),
  service("Archive", "healthy", { serviceName: "archive", hostNames: ["centron", "local"] }),
];

function run(params: Record<string, string[]>) {
  const parsed = parseServiceQuery(params);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
  return queryServices(FLEET, parsed.query);
}
const ids = (params: Record<string, string[]>) => run(params).services.map((entry) => entry.serviceId);

describe("service query: filters", () => {
  it.each([
    ["no parameter: every service in the configuration's order", {}, FLEET.map((entry) => entry.serviceId)],
    ["q matches the id, case-insensitively", { q: ["BILL"] }, ["billing"]],
    ["q matches the name", { q: ["mail relay"] }, ["mail-relay"]],
    ["q matches a host name", { q: ["local"] }, ["mail-relay", "Archive"]],
    ["q matches a target URL", { q: ["website.centron.example"] }, ["website"]],
    ["q without a match", { q: ["nothing-like-it"] }, []],
    ["state", { state: ["degraded"] }, ["datacenter"]],
    ["state unknown", { state: ["unknown"] }, ["mail-relay"]],
    ["problems: anything not healthy, worst first", { state: ["problems"] }, ["billing", "datacenter", "mail-relay"]],
    ["profile", { profile: ["critical"] }, ["billing"]],
    ["profiles comma-separated: any of them", { profile: ["critical,infrastructure"] }, ["billing", "datacenter"]],
    ["host", { host: ["local"] }, ["mail-relay", "Archive"]],
    ["location", { location: ["Frankfurt"] }, ["datacenter", "website"]],
    ["one tag", { tag: ["payments"] }, ["billing"]],
    ["tags repeated: all of them", { tag: ["eu", "public"] }, ["website"]],
    ["tags comma-separated: all of them", { tag: ["eu,payments"] }, ["billing"]],
    ["tag and state combined", { tag: ["eu"], state: ["problems"] }, ["billing", "mail-relay"]],
    ["q and host combined", { q: ["a"], host: ["local"] }, ["mail-relay", "Archive"]],
    ["empty values count as absent", { q: [""], state: [""] }, FLEET.map((entry) => entry.serviceId)],
    ["without a tag", { without: ["tag"] }, ["datacenter", "Archive"]],
    ["without a location", { without: ["location"] }, ["billing", "Archive"]],
  ])("%s", (_name, params, expected) => {
    expect(ids(params)).toEqual(expected);
  });
});

describe("service query: order and pages", () => {
  it.each([
    [
      "any parameter sorts the worst first, then by name",
      { page: ["1"] },
      "billing datacenter mail-relay Archive website",
    ],
    ["sort=name", { sort: ["name"] }, "Archive billing datacenter mail-relay website"],
    ["a page of two", { limit: ["2"] }, "billing datacenter"],
    ["the second page of two", { limit: ["2"], page: ["2"] }, "mail-relay Archive"],
    ["the last, short page", { limit: ["2"], page: ["3"] }, "website"],
    ["a page past the end is empty", { limit: ["2"], page: ["4"] }, ""],
    ["without a limit, page 2 is empty", { page: ["2"] }, ""],
    [
      "a limit of 500 holds them all",
      { limit: ["500"], sort: ["name"] },
      "Archive billing datacenter mail-relay website",
    ],
  ])("%s", (_name, params, expected) => {
    expect(ids(params).join(" ")).toBe(expected);
  });

  it("counts the matches before the page, and echoes page and limit", () => {
    expect(run({ state: ["problems"], limit: ["1"], page: ["2"] })).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(run({})).toMatchObject({ total: 5, page: 1, limit: null });
  });
});

describe("service query: facets", () => {
  it("counts every option over the whole fleet, whatever the filter", () => {
    const expected = {
      states: { healthy: 2, degraded: 1, unhealthy: 1, unknown: 1 },
      profiles: { infrastructure: 1, critical: 1, standard: 3, external: 0 },
      hosts: { centron: 4, local: 2 },
      tags: { eu: 3, payments: 1, public: 1 },
      locations: { Frankfurt: 2, Munich: 1 },
    };
    expect(run({}).facets).toEqual(expected);
    expect(run({ q: ["billing"], limit: ["1"] }).facets).toEqual(expected);
  });
});

describe("service query: groups", () => {
  it.each([
    [
      "by tag: those with problems first, then by name, the untagged last",
      { group: ["tag"] },
      [
        { key: "eu", total: 3, problems: 2 },
        { key: "payments", total: 1, problems: 1 },
        { key: null, total: 2, problems: 1 },
        { key: "public", total: 1, problems: 0 },
      ],
    ],
    [
      "by host: a service on two hosts counts in both",
      { group: ["host"] },
      [
        { key: "centron", total: 4, problems: 2 },
        { key: "local", total: 2, problems: 1 },
      ],
    ],
    [
      "by location, of what the filters match",
      { group: ["location"], state: ["problems"] },
      [
        { key: "Frankfurt", total: 1, problems: 1 },
        { key: "Munich", total: 1, problems: 1 },
        { key: null, total: 1, problems: 1 },
      ],
    ],
    [
      "by host with a host filtered: that host alone",
      { group: ["host"], host: ["local"] },
      [{ key: "local", total: 2, problems: 1 }],
    ],
    ["no grouping asked for", {}, null],
  ])("%s", (_name, params, expected) => {
    expect(run(params).groups).toEqual(expected);
  });

  it("a group of services without a tag is all the untagged group's members", () => {
    const untagged = run({ group: ["tag"] }).groups!.find((group) => group.key === null)!;
    expect(run({ without: ["tag"] }).total).toBe(untagged.total);
  });
});

describe("service query: bad parameters", () => {
  it.each([
    ["q", { q: ["x".repeat(101)] }, "at most 100 characters"],
    ["state", { state: ["down"] }, "must be one of healthy, degraded, unhealthy, unknown, problems"],
    ["state", { state: ["healthy", "degraded"] }, "give it once"],
    ["profile", { profile: ["gold"] }, "must be one of infrastructure, critical, standard, external"],
    ["profile", { profile: ["critical,gold"] }, "must be one of infrastructure, critical, standard, external"],
    ["host", { host: ["h".repeat(33)] }, "at most 32 characters"],
    ["location", { location: ["l".repeat(61)] }, "at most 60 characters"],
    ["tag", { tag: ["Payments"] }, "a tag is 1 to 40 lower-case letters, digits and dashes"],
    ["tag", { tag: [Array.from({ length: 33 }, (_, i) => `t${i}`).join(",")] }, "at most 32 tags"],
    ["sort", { sort: ["newest"] }, "must be problems or name"],
    ["group", { group: ["team"] }, "must be one of tag, host, location"],
    ["without", { without: ["host"] }, "must be tag or location"],
    ["page", { page: ["0"] }, "must be at least 1"],
    ["page", { page: ["two"] }, "must be a whole number"],
    ["limit", { limit: ["501"] }, "must be at most 500"],
    ["limit", { limit: ["1.5"] }, "must be a whole number"],
  ])("%s: %j", (field, params, message) => {
    expect(parseServiceQuery(params)).toEqual({ ok: false, fields: { [field]: message } });
  });

  it("names every bad field at once, and ignores names it does not know", () => {
    expect(parseServiceQuery({ page: ["0"], limit: ["0"], _: ["1700000000"] })).toEqual({
      ok: false,
      fields: { page: "must be at least 1", limit: "must be at least 1" },
    });
    expect(parseServiceQuery({ _: ["1700000000"] })).toMatchObject({ ok: true, query: { sort: "config" } });
  });
});

describe("a service's tags and location in the configuration", () => {
  const parse = (extra: Record<string, unknown>) =>
    serviceSchema.safeParse({ id: "web", name: "Web", hosts: { fra: { url: "https://web.example.net/" } }, ...extra });

  it("are optional, and kept as given", () => {
    expect(parse({}).data).toMatchObject({ id: "web" });
    expect(parse({}).data?.tags).toBeUndefined();
    expect(parse({ tags: ["eu", "payments-2"], location: "Frankfurt am Main" }).data).toMatchObject({
      tags: ["eu", "payments-2"],
      location: "Frankfurt am Main",
    });
  });

  it.each([
    [{ tags: [] }, "tags", "lists at least one tag"],
    [{ tags: ["EU"] }, "tags.0", "a tag is 1 to 40 lower-case letters, digits and dashes"],
    [{ tags: ["x".repeat(41)] }, "tags.0", "a tag is 1 to 40 lower-case letters, digits and dashes"],
    [{ tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }, "tags", "at most 32 tags"],
    [{ location: "" }, "location", "must not be empty"],
    [{ location: "l".repeat(61) }, "location", "at most 60 characters"],
    [{ location: "Frankfurt\tMain" }, "location", "printable characters only"],
  ])("%j: %s %s", (extra, path, message) => {
    const issues = parse(extra).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([[path, message]]);
  });
});
