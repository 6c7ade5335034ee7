// GET /api/admin/services with filters and pages (service-query.ts), its tags and locations, its errors, and the
// ETag that lets a poll with nothing changed end in a 304 without a body, on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { parseServiceQuery } from "#server/monitor/service-query.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";

const PASSWORD = "correct horse battery staple";

// Nothing listens on port 1: every check fails at once, without a fake server.
const CONFIG = `
alerts: { to: ops@example.com, cooldownMinutes: 5 }
defaults: { intervalSeconds: 60, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
services:
  - id: website
    name: Company website
    tags: [public, eu]
    location: Frankfurt
    hosts: { fra: { url: "http://127.0.0.1:1/website" } }
  - id: billing
    name: Billing
    profile: critical
    tags: [payments]
    hosts: { fra: { url: "http://127.0.0.1:1/billing" }, muc: { tcp: "127.0.0.1:1" } }
  - id: mail-relay
    name: Mail relay
    location: Munich
    hosts: { muc: { tcp: "127.0.0.1:1" } }
`;

describe.each(testDatabases())("the service list's query on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let viewer: string;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => parseMonitoringConfig(CONFIG, {}) } });
    // The first account is an owner whatever is asked: the viewer comes second.
    await t.services.staff.create("owner", PASSWORD);
    await t.services.staff.create("viewer", PASSWORD, "viewer");
    viewer = cookieFrom(
      await t.app.request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders(),
        body: JSON.stringify({ username: "viewer", password: PASSWORD }),
      }),
    );
  });
  afterEach(() => cleanup());

  const get = (query: string, headers: Record<string, string> = {}) =>
    t.app.request(`http://localhost/api/admin/services${query}`, {
      headers: browserHeaders({ cookie: viewer, ...headers }),
    });
  const read = async (query: string) => {
    const response = await get(query);
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown> & { services: Record<string, unknown>[] };
  };
  const ids = async (query: string) => (await read(query)).services.map((service) => service.serviceId);
  const cycle = async () => {
    await t.services.probes!.lead();
    await t.services.monitor!.engine.runCycle();
  };

  it("without parameters: every service in the configuration's order, with tags, location and facets", async () => {
    const body = await read("");
    expect(body.services.map((service) => [service.serviceId, service.tags, service.location])).toEqual([
      ["website", ["public", "eu"], "Frankfurt"],
      ["billing", ["payments"], null],
      ["mail-relay", [], "Munich"],
    ]);
    expect(body).toMatchObject({
      total: 3,
      page: 1,
      limit: null,
      overall: { applications: { healthy: 0, total: 3 } },
      facets: {
        states: { healthy: 0, degraded: 0, unhealthy: 0, unknown: 3 },
        profiles: { infrastructure: 0, critical: 1, standard: 2, external: 0 },
        hosts: { fra: 2, muc: 2 },
        tags: { eu: 1, payments: 1, public: 1 },
        locations: { Frankfurt: 1, Munich: 1 },
      },
    });
  });

  it("filters, orders and pages through the API", async () => {
    expect(await ids("?q=RELAY")).toEqual(["mail-relay"]);
    expect(await ids("?q=127.0.0.1:1/billing")).toEqual(["billing"]);
    expect(await ids("?host=muc&sort=name")).toEqual(["billing", "mail-relay"]);
    expect(await ids("?tag=eu,public")).toEqual(["website"]);
    expect(await ids("?location=Munich")).toEqual(["mail-relay"]);
    expect(await ids("?profile=critical")).toEqual(["billing"]);
    expect(await ids("?state=problems")).toEqual(["billing", "website", "mail-relay"]);
    expect(await ids("?without=tag")).toEqual(["mail-relay"]);
    expect((await read("?group=location&limit=1")).groups).toHaveLength(3);
    const page = await read("?sort=name&limit=2&page=2");
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.services.map((service) => service.serviceId)).toEqual(["mail-relay"]);
  });

  it("bad parameters: 400 naming each field, and nothing else in the answer", async () => {
    const response = await get("?state=down&limit=501&tag=Upper&group=team");
    expect(response.status).toBe(400);
    expect(response.headers.get("etag")).toBeNull();
    expect(await response.json()).toEqual({
      error: "Invalid input",
      fields: {
        state: "must be one of healthy, degraded, unhealthy, unknown, problems",
        limit: "must be at most 500",
        tag: "a tag is 1 to 40 lower-case letters, digits and dashes",
        group: "must be one of tag, host, location",
      },
    });
  });

  it("a poll with nothing changed gets a 304 without a body; a check or another query, a new ETag", async () => {
    await cycle();
    const first = await get("?state=problems");
    const tag = first.headers.get("etag")!;
    expect(tag).toMatch(/^W\/"[0-9a-f]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-store");

    const again = await get("?state=problems", { "if-none-match": tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(tag);
    expect(again.headers.get("cache-control")).toBe("no-store");

    // The tag is of the answer's bytes: a query that answers differently cannot match it.
    const other = await get("?state=problems&limit=1", { "if-none-match": tag });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(tag);

    t.advance(60_000);
    await cycle();
    const later = await get("?state=problems", { "if-none-match": tag });
    expect(later.status).toBe(200);
    expect(later.headers.get("etag")).not.toBe(tag);
  });

  it("signed out: 401", async () => {
    const response = await t.app.request("http://localhost/api/admin/services?q=web", { headers: browserHeaders() });
    expect(response.status).toBe(401);
  });
});

describe.each(testDatabases())("a page of the list on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => parseMonitoringConfig(CONFIG, {}) } });
    await t.services.probes!.lead();
    await t.services.monitor!.engine.runCycle();
  });
  afterEach(() => cleanup());
  const query = (params: Record<string, string[]>) => {
    const parsed = parseServiceQuery(params);
    if (!parsed.ok) throw new Error("a test query was refused");
    return parsed.query;
  };

  it("holds the same entries as the whole list, beside the same fleet figures", async () => {
    const monitor = t.services.monitor!;
    const { services: all, total: _total, limit: _limit, ...fleet } = await monitor.snapshot();
    const {
      services: page,
      total,
      limit: _pageLimit,
      ...pageFleet
    } = await monitor.snapshot(query({ sort: ["name"], limit: ["2"] }));
    expect(total).toBe(3);
    expect(page.map((entry) => entry.serviceId)).toEqual(["billing", "website"]);
    expect(page).toEqual(page.map((entry) => all.find((whole) => whole.serviceId === entry.serviceId)));
    expect(pageFleet).toEqual(fleet);
  });

  it("groups what matches, and finds those without a tag or a location", async () => {
    const monitor = t.services.monitor!;
    expect((await monitor.snapshot(query({ group: ["location"], limit: ["1"] }))).groups).toEqual([
      { key: "Frankfurt", total: 1, problems: 1 },
      { key: "Munich", total: 1, problems: 1 },
      { key: null, total: 1, problems: 1 },
    ]);
    expect((await monitor.snapshot(query({ state: ["problems"] }))).groups).toBeNull();
    expect((await monitor.snapshot(query({ without: ["location"] }))).services.map((s) => s.serviceId)).toEqual([
      "billing",
    ]);
  });

  it("several queries read at once answer as each alone", async () => {
    const monitor = t.services.monitor!;
    const queries = [query({ q: ["relay"] }), query({ state: ["problems"], limit: ["1"] }), query({})];
    expect(await monitor.snapshots(queries)).toEqual(await Promise.all(queries.map((each) => monitor.snapshot(each))));
  });
});
