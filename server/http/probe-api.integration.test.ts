// The remote probes' API on both databases: a location signs in with its own
// token (a wrong one is 401 and counted as a guess), is told only its own
// checks, and sends results that are stored once, in the server's time,
// keys of other locations ignored; a bad batch stores nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import pino from "pino";
import { THROTTLE_RULES } from "#server/auth/throttle.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";

const FRA = "fra-token-0123456789abcdef0123";
const MUC = "muc-token-0123456789abcdef0123";
const OLD = "fra-token-old-0123456789abcdef";
const config = parseMonitoringConfig(
  `
locations:
  - { id: fra, name: Frankfurt, token: "\${FRA}", previousToken: "\${OLD}", connectivity: { tcp: "192.0.2.1:53" } }
  - { id: muc, name: Munich, token: "\${MUC}" }
alerts: { to: ops@example.com }
services:
  - id: web
    name: Web
    locations: [local, fra]
    hosts: { main: { url: "https://web.internal/health" }, port: { tcp: "web.internal:443", locations: [muc] } }
    subServices: [{ name: Proxy, main: { url: "https://web.internal/proxy" } }]
`,
  { FRA, MUC, OLD },
);

/** A fresh app and database for each test, and the calls and look-ups the tests share. */
function useProbeApi(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let logged: string[];

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    logged = [];
    const logger = pino({ level: "debug" }, { write: (line: string) => void logged.push(line) });
    t = await createTestApp(db.handle, { TRUST_PROXY: "true" }, { monitoring: { config: () => config }, logger });
  });
  afterEach(() => cleanup());

  const headers = (token: string, address = "198.51.100.4") => ({
    authorization: `Bearer ${token}`,
    "x-forwarded-for": address,
    "content-type": "application/json",
  });
  const assignments = (token: string, address?: string) =>
    t.app.request("http://localhost/api/probe/assignments", { headers: headers(token, address) });
  const send = (token: string, body: unknown) =>
    t.app.request("http://localhost/api/probe/results", {
      method: "POST",
      headers: headers(token),
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const batch = (skewMs: number, results: { key: string; at: number; status?: string }[]) => ({
    sentAt: t.clock.now + skewMs,
    connectivity: { online: true, checkedAt: t.clock.now + skewMs - 5000, error: null },
    results: results.map(({ key, at, status }) => ({
      key,
      checkedAt: at + skewMs,
      status: status ?? "healthy",
      responseTime: 12,
      errorMessage: status === "unhealthy" ? "Connection refused" : null,
    })),
  });
  const rows = () =>
    t.services.database.db
      .selectFrom("probe_results as r")
      .innerJoin("monitor_endpoints as e", "e.id", "r.endpoint_id")
      .select(["e.service_id", "e.host", "r.location", "r.checked_at", "r.status", "r.skew_ms"])
      .orderBy("r.checked_at")
      .orderBy("e.host")
      .execute();

  return {
    get t() {
      return t;
    },
    logged: () => logged,
    assignments,
    send,
    batch,
    rows,
  };
}

describe.each(testDatabases())("the probe API on $dialect", ({ open }) => {
  const api = useProbeApi(open);
  const { assignments, send, batch, rows } = api;

  it("tells each location its own checks, and refuses a wrong or missing token with 401", async () => {
    const fra = await assignments(FRA);
    expect(fra.status).toBe(200);
    const body = (await fra.json()) as { location: unknown; serverTime: number; checks: { key: string }[] };
    expect(body.location).toEqual({ id: "fra", name: "Frankfurt" });
    expect(body.serverTime).toBe(api.t.clock.now);
    expect(body).toMatchObject({ connectivity: { tcp: "192.0.2.1:53" } });
    expect(body.checks.map((check) => check.key)).toEqual(["web/main", "web/main/Proxy"]);
    const muc = (await (await assignments(MUC)).json()) as { checks: { key: string }[] };
    expect(muc.checks.map((check) => check.key)).toEqual(["web/port"]);
    expect((await assignments(OLD)).status).toBe(200);

    const wrong = await assignments("fra-token-0123456789abcdef0124");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    const missing = await api.t.app.request("http://localhost/api/probe/assignments");
    expect(missing.status).toBe(401);
    expect(api.logged().join("\n")).not.toContain("token-0123456789");
  });

  it("holds a network that guesses tokens", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => assignments(`guess-${i}-0123456789abcdef0123`, "203.0.113.9")),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(THROTTLE_RULES["key-miss:network"].free + 1);
    expect(statuses).toContain(429);
    expect((await assignments(FRA, "203.0.113.9")).status).toBe(429);
    expect((await assignments(FRA, "198.51.100.77")).status).toBe(200);
  });

  it("stores a batch once in the server's time, ignoring keys of other locations", async () => {
    const at = api.t.clock.now - 30_000;
    const sent = batch(7000, [
      { key: "web/main", at },
      { key: "web/main/Proxy", at, status: "unhealthy" },
      { key: "web/port", at },
      { key: "other/host", at },
    ]);
    const first = await send(FRA, sent);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ stored: 2, ignored: 2, serverTime: api.t.clock.now });
    api.t.advance(200);
    // Sent again a moment later (its answer was lost): the network's delay moves the skew a little, nothing doubles.
    const again = await send(FRA, { ...sent, sentAt: sent.sentAt + 250 });
    expect(await again.json()).toMatchObject({ stored: 0, ignored: 2 });
    expect(await rows()).toEqual([
      { service_id: "web", host: "main", location: "fra", checked_at: at, status: 0, skew_ms: 7000 },
      { service_id: "web", host: "main/Proxy", location: "fra", checked_at: at, status: 2, skew_ms: 7000 },
    ]);
    const report = (await api.t.services.database.db.selectFrom("probe_locations").selectAll().execute())[0]!;
    expect(report).toMatchObject({ location: "fra", online: 1, skew_ms: 7000 });
    expect(Number(report.connectivity_checked_at)).toBe(api.t.clock.now - 200 - 5000);
  });

  it.each([
    ["a body that is not JSON", "{not json", "body"],
    ["a result without a status", { results: [{ status: undefined }] }, "results.0.status"],
    ["a negative time", { sentAt: -5 }, "sentAt"],
    ["a status word of its own", { results: [{ status: "up" }] }, "results.0.status"],
    ["an unknown field", { extra: 1 }, "body"],
  ])("refuses %s with 400 naming the field, and stores nothing", async (_name, change, field) => {
    const good = batch(0, [{ key: "web/main", at: api.t.clock.now - 1000 }]);
    const body =
      typeof change === "string"
        ? change
        : {
            ...good,
            ...change,
            results:
              (change as { results?: object[] }).results?.map((result) => ({ ...good.results[0], ...result })) ??
              good.results,
          };
    const answer = await send(FRA, body);
    expect(answer.status).toBe(400);
    const json = (await answer.json()) as { fields?: Record<string, string> };
    if (field !== "body") expect(Object.keys(json.fields ?? {})).toContain(field);
    expect(await rows()).toEqual([]);
    expect(await api.t.services.database.db.selectFrom("probe_locations").selectAll().execute()).toEqual([]);
  });

  it("takes a full batch of 5,000 results, far above the rest of the API's 16 KB", async () => {
    const full = batch(
      0,
      Array.from({ length: 5000 }, (_, i) => ({ key: "web/main", at: api.t.clock.now - 1000 * (i + 1) })),
    );
    const answer = await send(FRA, full);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ stored: 5000, ignored: 0 });
  });

  it("refuses a body over 1 MB with 413 and a wrong token with 401, storing nothing", async () => {
    const big = batch(0, [{ key: "web/main", at: api.t.clock.now - 1000 }]);
    big.results[0]!.errorMessage = "x".repeat(1024 * 1024);
    expect((await send(FRA, big)).status).toBe(413);
    expect((await send("x".repeat(32), batch(0, [{ key: "web/main", at: api.t.clock.now }]))).status).toBe(401);
    expect(await rows()).toEqual([]);
  });
});
