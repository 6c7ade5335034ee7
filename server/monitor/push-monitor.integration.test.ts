// Push monitors over a real socket: a cron job's calls (GET and POST, with
// curl-like clients) against the API served on loopback, an afternoon of
// calls, silences and failures on a fake clock, on SQLite and PostgreSQL.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";

const TOKEN = "backup-job-9f8e7d6c5b4a";
const config = parseMonitoringConfig(
  `
alerts: { to: ops@example.com, cooldownMinutes: 0, reminderMinutes: 0 }
defaults: { intervalSeconds: 60, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
services:
  - id: nightly-backup
    name: Nightly backup
    hosts: { fra: { push: { token: ${TOKEN}, graceSeconds: 30 } } }
`,
  {},
);

/** A fresh app and database for each test, served on loopback, with the calls and look-ups the tests share. */
function usePushApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let server: ServerType;
  let origin = "";

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => config } });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await cleanup();
  });

  const monitor = () => t.services.monitor!;
  const round = async () => {
    await t.services.probes!.lead();
    await monitor().engine.runCycle();
  };
  const host = async () => (await monitor().snapshot()).services[0]!.hosts[0]!;
  const notices = async () =>
    (
      await t.services.database.db
        .selectFrom("outbox")
        .select("payload")
        .where("channel", "=", "alert:email")
        .orderBy("id")
        .execute()
    ).map((row) => (JSON.parse(row.payload) as { subject: string }).subject);
  const rows = async () => t.services.database.db.selectFrom("monitor_pushes").selectAll().execute();
  /** The job's call, as curl would make it: no Origin, no cookies. */
  const call = (method: "GET" | "POST", query = "", token = TOKEN) =>
    fetch(`${origin}/api/push/${token}${query}`, { method });

  return {
    get t() {
      return t;
    },
    get origin() {
      return origin;
    },
    round,
    host,
    notices,
    rows,
    call,
  };
}

describe.each(testDatabases())("push monitors on $dialect: a cron job's calls, silences and failures", ({ open }) => {
  const c = usePushApp(open);
  const { round, host, notices, call } = c;

  it(
    "an afternoon of a cron job: waits for the first call, goes down when " +
      "a call is overdue or reports failure, and comes back",
    async () => {
      await round();
      expect(await host()).toMatchObject({
        lastChecked: null,
        errorMessage: "Not checked yet",
        target: "Push: POST /api/push/…",
      });

      c.t.advance(60_000);
      await round(); // 60 s of 90 (interval + grace): still waiting, nothing said
      expect((await host()).lastChecked).toBeNull();

      c.t.advance(20_000);
      expect((await call("GET", "?status=up&msg=OK&ping=")).status).toBe(200);
      c.t.advance(10_000);
      await round();
      expect(await host()).toMatchObject({ status: "healthy", errorMessage: null });

      c.t.advance(100_000); // the last call was 110 s ago: overdue
      await round();
      expect(await host()).toMatchObject({ status: "unhealthy", errorMessage: "No push since 2026-01-05T09:01:20Z" });

      expect((await call("POST", "?status=down&msg=disk%20full&ping=5400")).status).toBe(200);
      await round();
      expect(await host()).toMatchObject({
        status: "unhealthy",
        errorMessage: "The job reported a failure: disk full",
      });

      expect((await call("POST", "?ping=61000")).status).toBe(200);
      await round();
      expect(await host()).toMatchObject({ status: "healthy", responseTime: 61_000 });
      expect(await notices()).toEqual([
        "[ALERT] Nightly backup is unhealthy (fra)",
        "[RESOLVED] Nightly backup is healthy again (fra)",
      ]);
    },
  );

  it(
    "a monitor never called fails once its first call is " + "overdue, counted from when it was first watched",
    async () => {
      await round();
      c.t.advance(91_000);
      await round();
      expect(await host()).toMatchObject({
        status: "unhealthy",
        errorMessage: "No push received since monitoring began at 2026-01-05T09:00:00Z",
      });
    },
  );
});

describe.each(testDatabases())("push monitors on $dialect: refused calls and the stored token", ({ open }) => {
  const c = usePushApp(open);
  const { rows, call } = c;

  it("an unknown token or a bad parameter is refused and writes nothing", async () => {
    const unknown = await call("POST", "", "not-a-configured-token-at-all");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Unknown push token" });
    const bad = await call("GET", "?status=sideways&ping=-1");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Invalid input",
      fields: { status: "status must be up or down", ping: "ping must be 0 or more" },
    });
    expect(await rows()).toEqual([]);
    // A browser on another site cannot report for the job.
    const forged = await fetch(`${c.origin}/api/push/${TOKEN}`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it("keeps the token's hash, never the token", async () => {
    expect((await call("POST")).status).toBe(200);
    const stored = JSON.stringify(await rows());
    expect(stored).not.toContain(TOKEN);
    expect((await rows())[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
