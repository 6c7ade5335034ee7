// The audit trail over the real app: an owner's morning (a sign-in, a wrong password, an incident acknowledged,
// maintenance on and off by hand and by the deploy token, a sign-out) is listed by GET /api/admin/audit with who,
// when and from where, newest first; only the owner may read it. On SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuditEntry, AuditPage } from "#server/audit/audit-trail.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { CheckTarget } from "#server/monitor/checks/check-types.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";

const PASSWORD = "correct horse battery staple";
const TOKEN = "deploy-token-0123456789";
const CONFIG = `
alerts: { to: ops@example.com, cooldownMinutes: 5 }
defaults: { intervalSeconds: 60, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
services:
  - id: sentiment-service
    name: Sentiment analysis
    profile: critical
    hosts:
      centron: { url: "http://centron.test/health" }
`;

const unhealthy: CheckTarget = async () => ({
  status: "unhealthy",
  responseTime: 20,
  errorMessage: "HTTP 503",
  retryAttempt: 0,
  basic: false,
});

async function setUp(handle: Parameters<typeof createTestApp>[0]) {
  const config = parseMonitoringConfig(CONFIG, {});
  const t = await createTestApp(
    handle,
    // Behind a proxy, so each test client can come from an address of its own.
    { MAINTENANCE_API_TOKEN: TOKEN, TRUST_PROXY: "true" },
    { monitoring: { config: () => config, check: unhealthy } },
  );
  await t.services.staff.create("olivia", PASSWORD, "owner");
  await t.services.staff.create("victor", PASSWORD, "viewer");
  const request = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    t.app.request(`http://localhost${path}`, {
      method,
      headers: browserHeaders({ "x-forwarded-for": "203.0.113.7", ...headers }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const signIn = (username: string, password: string, ip = "203.0.113.7") =>
    request("POST", "/api/auth/sign-in", { "x-forwarded-for": ip }, { username, password });
  return { t, request, signIn };
}

/** A fresh app and database for each test of the block. */
function useApp(open: TestDatabase["open"]) {
  let cleanup: () => Promise<void>;
  const current = {} as { app: Awaited<ReturnType<typeof setUp>> };
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    current.app = await setUp(db.handle);
  });
  afterEach(() => cleanup());
  return current;
}

describe.each(testDatabases())("the audit trail over the app, on $dialect", ({ open }) => {
  const current = useApp(open);

  it("lists each step with who and when, newest first, and refuses a viewer", async () => {
    const { t, request, signIn } = current.app;
    const start = t.clock.now;
    const step = async (work: () => Response | Promise<Response>, status: number) => {
      t.advance(60_000);
      const response = await work();
      expect(response.status, await response.clone().text()).toBe(status);
      return response;
    };
    await step(() => signIn("olivia", "wrong password"), 401);
    const cookie = cookieFrom(await step(() => signIn("olivia", PASSWORD), 200));
    await t.services.probes!.lead();
    await t.services.monitor!.engine.runCycle();
    const incidents = (await (await request("GET", "/api/admin/incidents/open", { cookie })).json()) as {
      incidents: { id: number }[];
    };
    expect(incidents.incidents).toHaveLength(1);
    const incident = incidents.incidents[0]!.id;
    const acknowledge = `/api/admin/incidents/${incident}/acknowledge`;
    await step(() => request("POST", acknowledge, { cookie }, { note: "On it" }), 200);
    await step(() => request("POST", "/api/admin/maintenance", { cookie }, { enable: true, reason: "Kernel" }), 200);
    await step(() => request("POST", "/api/admin/maintenance", { cookie }, { enable: false }), 200);
    const bearer = { authorization: `Bearer ${TOKEN}` };
    await step(() => request("POST", "/api/maintenance", bearer, { enable: true, reason: "Deploy" }), 200);
    const viewer = cookieFrom(await step(() => signIn("victor", PASSWORD, "198.51.100.9"), 200));
    await step(() => request("POST", "/api/auth/sign-out", { cookie: viewer }), 204);

    const refused = await request("GET", "/api/admin/audit", { cookie: viewer });
    expect(refused.status).toBe(401);
    const viewerAgain = cookieFrom(await signIn("victor", PASSWORD, "198.51.100.9"));
    const forbidden = await request("GET", "/api/admin/audit", { cookie: viewerAgain });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "Your role (viewer) may not read the audit trail." });

    const answer = await request("GET", "/api/admin/audit", { cookie });
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as AuditPage;
    const minute = (n: number) => start + n * 60_000;
    const brief = (entry: AuditEntry) => [entry.action, entry.actor, entry.target, entry.at];
    expect(page.events.map(brief)).toEqual([
      ["sign-in.succeeded", "victor", null, minute(8)],
      ["sign-out", "victor", null, minute(8)],
      ["sign-in.succeeded", "victor", null, minute(7)],
      ["maintenance.on", "deploy", null, minute(6)],
      ["maintenance.off", "olivia", null, minute(5)],
      ["maintenance.on", "olivia", null, minute(4)],
      ["incident.acknowledged", "olivia", `incident ${incident}`, minute(3)],
      ["sign-in.succeeded", "olivia", null, minute(2)],
      // A failed sign-in has no actor: the name tried is its target.
      ["sign-in.failed", null, "olivia", minute(1)],
    ]);
    expect(page.events.find((e) => e.action === "maintenance.on" && e.actor === "deploy")?.detail).toEqual({
      reason: "Deploy",
      via: "MAINTENANCE_API_TOKEN",
    });
    // The same address gives the same pseudonym; the address itself is nowhere.
    const olivia = page.events.filter((e) => e.actor === "olivia" || e.target === "olivia");
    expect(new Set(olivia.map((e) => e.source)).size).toBe(1);
    expect(olivia[0]!.source).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(page)).not.toContain("203.0.113.7");
    expect(JSON.stringify(page)).not.toContain("wrong password");
    expect(page.events.find((e) => e.actor === "victor")!.source).not.toBe(olivia[0]!.source);
    expect(page.older).toBeNull();
    expect(page.newer).toBeNull();
  });

  it("filters by action and by actor, pages with before/after, and answers a bad query with 400", async () => {
    const { request, signIn } = current.app;
    for (let i = 0; i < 3; i++) await signIn("olivia", "wrong password");
    const cookie = cookieFrom(await signIn("olivia", PASSWORD));
    const get = async (query: string) => {
      const response = await request("GET", `/api/admin/audit${query}`, { cookie });
      expect(response.status, query).toBe(200);
      return (await response.json()) as AuditPage;
    };
    expect((await get("?action=sign-in.failed")).events).toHaveLength(3);
    expect((await get("?actor=olivia")).events.map((e) => e.action)).toEqual(["sign-in.succeeded"]);
    const first = await get("?action=sign-in.failed&limit=2");
    expect(first.events).toHaveLength(2);
    expect(first.newer).toBeNull();
    const second = await get(`?action=sign-in.failed&limit=2&before=${first.older}`);
    expect(second.events).toHaveLength(1);
    expect(second.older).toBeNull();
    expect(second.events[0]!.id).toBeLessThan(first.events[1]!.id);
    expect(second.newer).toBe(second.events[0]!.id);
    const back = await get(`?action=sign-in.failed&limit=2&after=${second.newer}`);
    expect(back.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    const bad = await request("GET", "/api/admin/audit?limit=1000&before=x", { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { limit: expect.any(String), before: expect.any(String) } });
  });
});

describe.each(testDatabases())("the audit trail of the other staff actions, on $dialect", ({ open }) => {
  const current = useApp(open);

  it("records Refresh and Test Failure with their target, and nothing for a refused or invalid call", async () => {
    const { t, request, signIn } = current.app;
    const owner = cookieFrom(await signIn("olivia", PASSWORD));
    const viewer = cookieFrom(await signIn("victor", PASSWORD));
    expect((await request("POST", "/api/admin/services/check", { cookie: owner })).status).toBe(202);
    const failure = await request(
      "POST",
      "/api/admin/alerts/test-failure",
      { cookie: owner },
      { serviceId: "sentiment-service" },
    );
    expect(failure.status).toBe(200);
    expect((await request("POST", "/api/admin/maintenance", { cookie: viewer }, { enable: true })).status).toBe(403);
    expect((await request("POST", "/api/admin/maintenance", { cookie: owner }, { enable: "yes" })).status).toBe(400);
    const page = await t.services.audit.list({ limit: 10 });
    expect(page.events.map((e) => [e.action, e.actor, e.target])).toEqual([
      ["test.failure", "olivia", "sentiment-service"],
      ["checks.refreshed", "olivia", null],
      ["sign-in.succeeded", "victor", null],
      ["sign-in.succeeded", "olivia", null],
    ]);
  });
});
