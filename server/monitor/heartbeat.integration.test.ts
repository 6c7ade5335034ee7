// The heartbeat on a fake clock, against a real receiver on loopback: it calls
// while the rounds run on time, once an interval; it stops when the rounds
// stall, when another process takes the lease and when the database fails;
// it never logs the URL's secret path. On SQLite and PostgreSQL.
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "#tests/peers/http-receiver.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { createLeases } from "#server/db/leases.ts";
import { PROBE_LEASE } from "#server/scheduling/probe-lease.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { CheckTarget } from "./checks/check-types.ts";
import { createHeartbeat, type HeartbeatOutcome } from "./heartbeat.ts";
import { createMeta } from "./monitor-meta.ts";

const SECRET_PATH = "/ping/5f0c2e9a-secret-check-uuid";
/** While set, every check hangs until it is released: a round that never ends (a hung peer or database). */
let hang: Promise<void> | undefined;
const check: CheckTarget = async () => {
  if (hang) await hang;
  return { status: "healthy", responseTime: 10, errorMessage: null, retryAttempt: 0, basic: false };
};

/** A receiver for the heartbeat's calls, and per test an app, its heartbeat and its log (made by `setUp`). */
function useHeartbeat(open: TestDatabase["open"]) {
  let receiver: HttpReceiver;
  let cleanup: () => Promise<void>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let logged: string[];
  let beat: () => Promise<HeartbeatOutcome>;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(() => receiver.close());

  async function setUp(method: "GET" | "POST" | "HEAD" = "GET") {
    const db = await open();
    cleanup = db.cleanup;
    const config = parseMonitoringConfig(
      `alerts:
  to: ops@example.com
  heartbeat: { url: "${receiver.url}${SECRET_PATH}", intervalSeconds: 60, method: ${method} }
defaults: { intervalSeconds: 30, staggerSeconds: 0, retries: 0 }
services:
  - { id: api, name: API, hosts: { fra: { url: "http://fra.api.test/health" } } }
`,
      {},
    );
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => config, check } });
    logged = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged.push(chunk.toString());
          done();
        },
      }),
    );
    const heartbeat = createHeartbeat({
      config: () => config.alerts.heartbeat,
      engine: t.services.monitor!.engine,
      meta: createMeta(t.services.database.db),
      now: () => t.clock.now,
      logger,
    });
    beat = heartbeat.beat;
  }
  beforeEach(() => {
    receiver.reset();
    hang = undefined;
  });
  afterEach(() => cleanup());

  /**
   * The engine's ticker, second by second, for `seconds`; each second the
   * heartbeat looks too. Returns each call ("sent", "failed") and each change
   * to a reason for not calling ("rounds late" is looked at again every
   * second, so the call goes as soon as the rounds do).
   */
  async function run(seconds: number): Promise<string[]> {
    const said: string[] = [];
    for (let second = 0; second < seconds; second += 1) {
      await t.services.probes!.tick();
      if (!hang) await t.services.monitor!.engine.settled();
      const outcome = await beat();
      const called = outcome === "sent" || outcome === "failed";
      if (outcome !== "not due" && (called || !said.at(-1)?.endsWith(`: ${outcome}`)))
        said.push(`${second}: ${outcome}`);
      t.advance(1000);
    }
    return said;
  }

  return {
    get t() {
      return t;
    },
    get receiver() {
      return receiver;
    },
    get logged() {
      return logged;
    },
    setUp,
    run,
    beat: () => beat(),
  };
}

describe.each(testDatabases())("the heartbeat on $dialect: calls while the rounds run", ({ open }) => {
  const h = useHeartbeat(open);
  const { setUp, run } = h;

  it("calls once an interval while the rounds run on time, and says so on the dashboard", async () => {
    await setUp();
    expect(await run(150)).toEqual(["0: sent", "60: sent", "120: sent"]);
    expect(h.receiver.received.map((request) => `${request.method} ${request.path}`)).toEqual(
      Array(3).fill(`GET ${SECRET_PATH}`),
    );
    const snapshot = await h.t.services.monitor!.snapshot();
    expect(snapshot.heartbeat).toEqual({
      to: new URL(h.receiver.url).host,
      intervalSeconds: 60,
      lastSentAt: new Date(h.t.clock.now - 30_000).toISOString(),
    });
  });

  it("stops while the rounds stall, and calls again once they run", async () => {
    await setUp();
    expect(await run(61)).toEqual(["0: sent", "60: sent"]);
    // From 61 s every round hangs: the lease is kept, but no round ends after the one at 60 s.
    let release!: () => void;
    hang = new Promise((resolve) => (release = resolve));
    // At 120 s the last round ended one interval pair ago (on time, just); at 180 s it is late, and stays late.
    expect(await run(180)).toEqual(["59: sent", "119: rounds late"]);
    expect(h.receiver.received).toHaveLength(3);
    hang = undefined;
    release();
    await h.t.services.monitor!.engine.settled();
    expect(await run(5)).toEqual(["0: sent"]);
  });

  it.each(["POST", "HEAD"] as const)("calls by %s", async (method) => {
    await setUp(method);
    expect(await run(1)).toEqual(["0: sent"]);
    expect(h.receiver.received[0]).toMatchObject({ method, path: SECRET_PATH });
    if (method === "POST")
      expect(h.receiver.received[0]!.json).toEqual({ lastRoundAt: expect.stringMatching(/^2026-01-05T09:00:00/) });
  });
});

describe.each(testDatabases())("the heartbeat on $dialect: when it stops, and a watcher that is down", ({ open }) => {
  const h = useHeartbeat(open);
  const { setUp, run, beat } = h;

  it("stops when another process holds the lease", async () => {
    await setUp();
    expect(await run(1)).toEqual(["0: sent"]);
    // This process's lease runs out (it stopped renewing), another takes it.
    h.t.advance(60_000);
    expect(
      await createLeases(h.t.services.database.db, () => h.t.clock.now).acquire(PROBE_LEASE, "another-process", 60_000),
    ).toBe(true);
    expect(await beat()).toBe("not leading");
    expect(h.receiver.received).toHaveLength(1);
  });

  it("stops when the database fails", async () => {
    await setUp();
    expect(await run(1)).toEqual(["0: sent"]);
    h.t.advance(60_000);
    await h.t.services.database.close();
    await expect(beat()).rejects.toThrow();
    expect(h.receiver.received).toHaveLength(1);
  });

  it(
    "a watcher that is down is logged once, by host, never with " + "its secret path; the calls go on when it is back",
    async () => {
      await setUp();
      h.receiver.answer({ status: 503 });
      expect(await run(121)).toEqual(["0: failed", "60: failed", "120: failed"]);
      const warnings = h.logged.filter((line) => line.includes('"heartbeat":"failed"'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(new URL(h.receiver.url).host);
      expect(h.logged.join("\n")).not.toContain("secret-check-uuid");
      h.receiver.answer({ status: 200 });
      expect(await run(61)).toEqual(["59: sent"]);
    },
  );
});
