// The public status against a real database (SQLite and PostgreSQL): a
// public service that fails shows in the status and its badge; staff tell the
// public about it in both languages; bad input, a private service's incident
// and a test change nothing; the status is built again only when its data changed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import type { CheckTarget } from "#server/monitor/checks/check-types.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { createStatusSource } from "./status-source.ts";
import { createStatusStore } from "./status-store.ts";

const PASSWORD = "correct horse battery staple";
const config = parseMonitoringConfig(
  `alerts: { to: ops@example.com }
defaults: { staggerSeconds: 0, retries: 0 }
services:
  - { id: api, name: Api internal, public: true, publicName: { en: Public API, de: Öffentliche API },
      hosts: { fra: { url: "http://fra.api.test/health" } } }
  - { id: billing, name: Billing, hosts: { vault: { url: "http://vault.billing.test/health" } } }
`,
  {},
);

const UPDATE = {
  state: "identified",
  titleEn: "Slow answers",
  titleDe: "Langsame Antworten",
  messageEn: "An index is being rebuilt.",
  messageDe: "Ein Index wird neu aufgebaut.",
};

/** A fresh app and database for each test, signed in as staff, its checks answering from `answers`. */
function useStatusApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let cookie: string;
  const answers: Record<string, "healthy" | "unhealthy"> = {};

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    Object.assign(answers, { api: "healthy", billing: "unhealthy" });
    const check: CheckTarget = async (target) => {
      const status = answers[String(target.url).includes("billing") ? "billing" : "api"]!;
      return {
        status,
        responseTime: 20,
        errorMessage: status === "unhealthy" ? "HTTP 503 from vault" : null,
        retryAttempt: 0,
        basic: false,
      };
    };
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => config, check } });
    await t.services.staff.create("ops", PASSWORD);
    cookie = cookieFrom(
      await t.app.request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders(),
        body: JSON.stringify({ username: "ops", password: PASSWORD }),
      }),
    );
  });
  afterEach(() => cleanup());

  const round = async () => {
    await t.services.probes!.lead();
    await t.services.monitor!.engine.runCycle();
  };
  const get = async (path: string) => t.app.request(`http://localhost${path}`, { headers: browserHeaders({ cookie }) });
  const post = async (path: string, body: unknown) =>
    t.app.request(`http://localhost${path}`, {
      method: "POST",
      headers: browserHeaders({ cookie }),
      body: JSON.stringify(body),
    });
  const incidentOf = async (serviceId: string) =>
    (
      await t.services.database.db
        .selectFrom("incidents")
        .select("id")
        .where("service_id", "=", serviceId)
        .executeTakeFirstOrThrow()
    ).id;

  return {
    get t() {
      return t;
    },
    answers,
    round,
    get,
    post,
    incidentOf,
  };
}

describe.each(testDatabases())("the public status on $dialect: failures and staff's words", ({ open }) => {
  const c = useStatusApp(open);
  const { answers, round, get, post, incidentOf } = c;

  it(
    "a failing public service shows as down in the status and its badge, in " +
      "staff's words once they write; the private one never shows",
    async () => {
      await round();
      let status = (await (await get("/api/status")).json()) as {
        overall: string;
        services: { id: string; state: string }[];
        incidents: unknown[];
      };
      expect(status.overall).toBe("operational");
      expect(status.services.map((service) => service.id)).toEqual(["api"]);

      answers.api = "unhealthy";
      c.t.advance(60_000);
      await round();
      status = (await (await get("/api/status")).json()) as typeof status;
      expect(status).toMatchObject({
        overall: "major-outage",
        services: [{ id: "api", state: "outage" }],
        incidents: [{ title: { en: "Disruption of Public API" }, state: "investigating" }],
      });
      const badge = await (await get("/api/status/badge/api.svg")).text();
      expect(badge).toContain("Public API: down");
      expect((await get("/api/status/badge/billing.svg")).status).toBe(404);

      const posted = await post(`/api/admin/incidents/${await incidentOf("api")}/status-updates`, UPDATE);
      expect(posted.status).toBe(201);
      status = (await (await get("/api/status")).json()) as typeof status;
      expect(status.incidents).toMatchObject([
        {
          title: { en: "Slow answers", de: "Langsame Antworten" },
          state: "identified",
          updates: [{ message: { de: "Ein Index wird neu aufgebaut." } }],
        },
      ]);
      const listed = (await (await get(`/api/admin/incidents/${await incidentOf("api")}/status-updates`)).json()) as {
        public: boolean;
        updates: { by: string }[];
      };
      expect(listed).toMatchObject({ public: true, updates: [{ by: "ops", titleEn: "Slow answers" }] });

      const everything = JSON.stringify(await (await get("/api/status")).json());
      for (const secret of ["billing", "Billing", "vault", "fra", "Api internal", "HTTP 503"])
        expect(everything, secret).not.toContain(secret);
    },
  );

  it("refuses bad words, a private service's incident and an unknown one, writing nothing", async () => {
    answers.api = "unhealthy";
    await round();
    const api = await incidentOf("api");
    const bad = await post(`/api/admin/incidents/${api}/status-updates`, {
      ...UPDATE,
      state: "panicking",
      titleDe: " ",
      messageEn: "x".repeat(1001),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      state: "state must be one of investigating, identified, monitoring, resolved",
      titleDe: "titleDe is required",
      messageEn: "messageEn has at most 1000 characters",
    });
    const privateOne = await post(`/api/admin/incidents/${await incidentOf("billing")}/status-updates`, UPDATE);
    expect(privateOne.status).toBe(409);
    expect((await post("/api/admin/incidents/99999/status-updates", UPDATE)).status).toBe(404);
    expect((await post("/api/admin/incidents/abc/status-updates", UPDATE)).status).toBe(400);
    const signedOut = await c.t.app.request(`http://localhost/api/admin/incidents/${api}/status-updates`, {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify(UPDATE),
    });
    expect(signedOut.status).toBe(401);
    expect(await c.t.services.database.db.selectFrom("status_updates").selectAll().execute()).toEqual([]);
  });
});

describe.each(testDatabases())("the public status on $dialect: rebuilding", ({ open }) => {
  const c = useStatusApp(open);
  const { round } = c;

  it("is built again only when its data changed, however often it is asked", async () => {
    let built = 0;
    const store = createStatusStore({
      db: c.t.services.database.db,
      monitorStore: c.t.services.monitor!.store,
      maintenance: c.t.services.alerting!.maintenance,
      now: () => c.t.clock.now,
      timeZone: () => "Europe/Berlin",
      locations: () => [],
    });
    const counting = {
      ...store,
      inputs: async (...args: Parameters<typeof store.inputs>) => ((built += 1), store.inputs(...args)),
    };
    const source = createStatusSource({ store: counting, services: () => config.services, now: () => c.t.clock.now });
    await round();
    const first = await source.refresh();
    for (let asked = 0; asked < 20; asked += 1) expect(await source.refresh()).toBe(first);
    expect(built).toBe(1);
    c.t.advance(30_000);
    await round();
    const second = await source.refresh();
    expect(second).not.toBe(first);
    expect(built).toBe(2);
    // Nothing new for a minute: built once more, for the day's roll-over and the windows.
    c.t.advance(61_000);
    await source.refresh();
    expect(built).toBe(3);
  });
});
