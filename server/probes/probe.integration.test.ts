// A real probe against a real server on loopback, checking two loopback
// targets (one answers, one refuses): (a) in this process on a clock twenty
// times fast, the server away for two minutes of probe time (its socket
// closed, so connections are refused) and back: every result arrives, once,
// in order; (b) `npm run probe` as a child process, killed (SIGKILL) while
// the server is away and started again: nothing lost, nothing twice.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#server/db/schema.ts";
import { parseMonitoringConfig, type MonitoringConfig } from "#server/monitoring-config.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { createProbeHttp, type ProbeHttp } from "./probe-http.ts";
import { createProbeLog } from "./probe-log.ts";
import type { ProbeResult, ResultsBody } from "./probe-protocol.ts";
import { createProbe } from "./probe.ts";

const TOKEN = "probe-fra-0123456789abcdef0123456789";
const SPEED = 20;
const INTERVAL_MS = 5000;

const until = async (done: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port that accepts (the target that answers) and one that refuses (nothing listens there). */
async function targets(): Promise<{ listener: Server; up: number; down: number }> {
  const listener = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const down = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  return { listener, up: (listener.address() as AddressInfo).port, down };
}

/** Every line the probe has written to its spool, and the ones the server has not acknowledged. */
function spooled(dataDir: string) {
  const file = join(dataDir, "results.jsonl");
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
  const all = lines.map((line) => JSON.parse(line) as ProbeResult & { seq: number });
  const acked = existsSync(join(dataDir, "acked")) ? Number(readFileSync(join(dataDir, "acked"), "utf8")) : 0;
  return { all, pending: all.filter((entry) => entry.seq > acked) };
}

/** The probe as `npm run probe` runs it, as a child process, its output (both streams) gathered. */
function runProbe(port: number, dataDir: string, output: string[]): ChildProcess {
  // tsx as a loader in the probe's own process, not its CLI (which runs the script in a child of its own): a SIGKILL
  // must reach the probe itself, not leave it running beside the next one on the same spool.
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/probe.ts",
      "--server",
      `http://127.0.0.1:${port}`,
      "--location",
      "fra",
      "--data",
      dataDir,
    ],
    { env: { ...process.env, PROBE_TOKEN: TOKEN, LOG_LEVEL: "info" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return child;
}
const exited = (child: ChildProcess) => new Promise((resolve) => child.once("exit", resolve));

/**
 * What a probe killed and started again left: every result pending at the kill and every acknowledged one stored,
 * each once, and nothing stored that it did not measure. A round spooled after the last look and not sent before
 * SIGTERM waits in the spool for the next start.
 */
function expectDeliveredOnce(
  stored: { host: string; checked_at: number | string; skew_ms: number }[],
  dataDir: string,
  pendingAtKill: readonly ProbeResult[],
) {
  const storedKeys = new Set(stored.map((row) => `${row.host}@${Number(row.checked_at) + row.skew_ms}`));
  const key = (entry: ProbeResult) => `${entry.key.slice("web/".length)}@${entry.checkedAt}`;
  for (const entry of pendingAtKill) expect(storedKeys).toContain(key(entry));
  const { all, pending } = spooled(dataDir);
  const waiting = new Set(pending.map((entry) => entry.seq));
  expect(new Set(all.map((entry) => entry.seq)).size).toBe(all.length);
  expect(stored).toHaveLength(storedKeys.size);
  for (const entry of all) if (!waiting.has(entry.seq)) expect(storedKeys).toContain(key(entry));
  const measured = new Set(all.map(key));
  for (const storedKey of storedKeys) expect(measured).toContain(storedKey);
}

/** A probe in this process on a clock twenty times fast; the results the server took are gathered in `accepted`. */
function fastProbe(port: number, dataDir: string, accepted: ProbeResult[]) {
  const start = Date.now();
  const now = () => start + (Date.now() - start) * SPEED;
  const http = createProbeHttp();
  const counting: ProbeHttp = async (url, request) => {
    const answer = await http.send(url, request);
    if (request.method === "POST" && answer.status === 200)
      accepted.push(...(JSON.parse(request.body!) as ResultsBody).results);
    return answer;
  };
  const probe = createProbe({
    server: `http://127.0.0.1:${port}`,
    location: "fra",
    token: TOKEN,
    dataDir,
    now,
    http: counting,
    logger: createProbeLog("silent"),
    timers: {
      setTimeout: (run, ms) => setTimeout(run, ms / SPEED),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  });
  return { probe, now };
}

/** What the server stored of the probe's results, by host, oldest first. */
const storedResults = (db: Kysely<Database>) =>
  db
    .selectFrom("probe_results as r")
    .innerJoin("monitor_endpoints as e", "e.id", "r.endpoint_id")
    .select(["e.host", "r.checked_at", "r.skew_ms", "r.status"])
    .orderBy("r.checked_at")
    .execute();

const monitoring = (up: number, down: number) =>
  parseMonitoringConfig(
    `
locations: [{ id: fra, name: Frankfurt, token: "\${T}" }]
alerts: { to: ops@example.com }
defaults: { intervalSeconds: 5, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
services:
  - id: web
    name: Web
    locations: [fra]
    hosts: { up: { tcp: "127.0.0.1:${up}" }, down: { tcp: "127.0.0.1:${down}" } }
`,
    { T: TOKEN },
  );

describe.each(testDatabases())("a remote probe and its server on $dialect", ({ open }) => {
  let target: Awaited<ReturnType<typeof targets>>;
  let config: MonitoringConfig;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let server: ServerType | undefined;
  let port = 0;
  let dataDir: string;

  beforeAll(async () => {
    target = await targets();
    config = monitoring(target.up, target.down);
  });
  afterAll(() => new Promise((resolve) => target.listener.close(resolve)));

  const listen = async () => {
    server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    port = (server.address() as AddressInfo).port;
  };
  /** The server goes away: it stops listening and drops the connections it holds. */
  const away = async () => {
    const closing = server!;
    server = undefined;
    await new Promise((resolve) => {
      closing.close(resolve);
      (closing as unknown as { closeAllConnections: () => void }).closeAllConnections();
    });
  };
  const rows = () => storedResults(t.services.database.db);

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    dataDir = mkdtempSync(join(tmpdir(), "probe-data-"));
    t = await createTestApp(db.handle, {}, { monitoring: { config: () => config } });
    port = 0;
    await listen();
  });
  afterEach(async () => {
    if (server) await away();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers every result of two minutes away once the server is back: in order, once", async () => {
    const accepted: ProbeResult[] = [];
    const { probe, now } = fastProbe(port, dataDir, accepted);
    Object.defineProperty(t.clock, "now", { get: now });
    probe.start();
    await until(async () => (await rows()).length >= 2, "the first round");
    await away();
    const before = (await rows()).length;
    await pause(120_000 / SPEED);
    expect(probe.waiting()).toBeGreaterThanOrEqual(40);
    await listen();
    await until(() => probe.waiting() === 0, "the backlog to drain");
    await probe.stop();

    const stored = await rows();
    expect(stored.length).toBeGreaterThan(before + 40);
    expect(accepted).toHaveLength(stored.length);
    for (const host of ["up", "down"]) {
      const sent = accepted.filter((result) => result.key === `web/${host}`).map((result) => result.checkedAt);
      expect(sent).toEqual([...sent].sort((a, b) => a - b));
      const times = stored.filter((row) => row.host === host).map((row) => Number(row.checked_at));
      // One result per slot, none missing: after the first round (at once), each a slot after the one before. A slot
      // missed would leave a gap of two intervals, one run twice a gap near 0; on a clock twenty times fast, a busy
      // machine's 100 ms late start is 2 s, so the gaps are read to half an interval.
      const gaps = times.slice(2).map((time, index) => time - times[index + 1]!);
      expect(gaps.filter((gap) => Math.abs(gap - INTERVAL_MS) >= INTERVAL_MS / 2)).toEqual([]);
      expect(times.length).toBeGreaterThan(20);
    }
    expect(new Set(stored.filter((row) => row.host === "down").map((row) => row.status))).toEqual(new Set([2]));
  }, 40_000);

  it("starts checking soon after its server first answers, not a minute later", async () => {
    await away();
    const { probe, now } = fastProbe(port, dataDir, []);
    Object.defineProperty(t.clock, "now", { get: now });
    probe.start();
    await pause(20_000 / SPEED);
    await listen();
    // Asked again every 5 s of probe time until the server answers: a minute (3 s here) would miss this.
    await until(async () => (await rows()).length >= 2, "the first results", 60_000 / SPEED / 2);
    await probe.stop();
  }, 20_000);

  it("loses nothing and sends nothing twice when killed while the server is away", async () => {
    Object.defineProperty(t.clock, "now", { get: Date.now });
    const output: string[] = [];
    const run = () => runProbe(port, dataDir, output);
    let child = run();
    await until(async () => (await rows()).length >= 2, "the first round", 20_000);
    await away();
    await until(() => spooled(dataDir).pending.length >= 2, "results kept while the server is away", 12_000);
    const pendingAtKill = spooled(dataDir).pending;
    child.kill("SIGKILL");
    await exited(child);

    child = run();
    await pause(1500);
    await listen();
    await until(() => spooled(dataDir).pending.length === 0, "the results to be delivered", 20_000);
    child.kill("SIGTERM");
    await exited(child);

    expectDeliveredOnce(await rows(), dataDir, pendingAtKill);
    expect(output.join("")).not.toContain(TOKEN);
  }, 60_000);
});
