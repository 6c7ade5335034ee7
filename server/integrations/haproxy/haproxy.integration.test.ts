// The HAProxy reader against a real HAProxy (see test-haproxy.ts) over both
// ways in, and against peers that misbehave: one that never answers, one that
// answers with something else, a socket that does not exist, a flood.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntegrationError } from "#server/net/fetch-text.ts";
import { formatHaproxyCsv, HAPROXY_READ_COLUMNS } from "./haproxy-csv.ts";
import { readHaproxyStats, type HaproxyStats } from "./haproxy-stats.ts";
import { freePort } from "#tests/peers/ports.ts";
import { startHaproxy, type TestHaproxy } from "#tests/peers/haproxy.ts";

const TIMEOUT_MS = 2000;

let haproxy: TestHaproxy | undefined;
let live: Server;
let fake: Server;
let fakeBase = "";
let silent: NetServer;
let silentPort = 0;
let silentSocket: NetServer;
let floodSocket: NetServer;
let dir = "";
/** Connections the silent peers hold open, per peer. */
const openSockets = new Map<NetServer, Set<Socket>>();

function listen(server: Server | NetServer, where: { port: number; host: string } | { path: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(where, resolve);
  });
}

/** A peer that accepts and then says nothing, holding the connection open. */
function silentServer(): NetServer {
  const held = new Set<Socket>();
  const server = createNetServer((socket) => {
    held.add(socket);
    socket.resume(); // read (and drop) the request, or the peer's hang-up is never seen
    socket.on("error", () => undefined);
    socket.on("close", () => held.delete(socket));
  });
  openSockets.set(server, held);
  return server;
}

// CSV the way HAProxy writes it, for the mapping rules a two-server setup
// cannot show (a TCP frontend, maintenance, unchecked and draining servers,
// a check in progress, listeners).
const CRAFTED_ROWS: Record<string, string>[] = [
  { pxname: "tcp-in", svname: "FRONTEND", scur: "3", stot: "42", status: "OPEN", type: "0" },
  { pxname: "tcp-in", svname: "sock-1", scur: "1", status: "OPEN", type: "3" },
  {
    pxname: "pool",
    svname: "a",
    scur: "2",
    bin: "100",
    bout: "200",
    status: "UP 2/3",
    act: "1",
    lastchg: "12",
    type: "2",
    check_status: "* L7OK",
    last_chk: "OK",
  },
  { pxname: "pool", svname: "b", status: "MAINT (via pool/a)", act: "1", lastchg: "5", type: "2" },
  { pxname: "pool", svname: "c", status: "no check", act: "1", type: "2" },
  {
    pxname: "pool",
    svname: "d",
    status: "DRAIN",
    act: "1",
    lastchg: "0",
    type: "2",
    check_status: "L7STS",
    last_chk: 'Bad, "really" bad',
  },
  { pxname: "pool", svname: "BACKEND", scur: "2", status: "UP", act: "3", type: "1" },
  { pxname: "empty", svname: "BACKEND", status: "DOWN", type: "1" },
];

const fakeRoutes: Record<string, string> = {
  "/crafted;csv": formatHaproxyCsv(HAPROXY_READ_COLUMNS, CRAFTED_ROWS),
  "/garbage;csv": "<html><body>Statistics Report</body></html>\n",
  "/empty;csv": "",
  "/bad-number;csv": formatHaproxyCsv(
    ["pxname", "svname", "scur", "type"],
    [{ pxname: "fe", svname: "FRONTEND", scur: "lots", type: "0" }],
  ),
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "haproxy-reader-"));
  live = createHttpServer((_, response) => response.end("live"));
  fake = createHttpServer((request, response) => {
    const body = fakeRoutes[request.url ?? ""];
    response.statusCode = body === undefined ? 404 : 200;
    response.end(body ?? "not found");
  });
  silent = silentServer();
  silentSocket = silentServer();
  // A "stats socket" that answers with 9 MB, past the reader's 8 MB cap.
  floodSocket = createNetServer((socket) => {
    socket.on("error", () => undefined);
    socket.end(Buffer.alloc(9 * 1024 * 1024, "a"));
  });
  await listen(live, { port: 0, host: "127.0.0.1" });
  await listen(fake, { port: 0, host: "127.0.0.1" });
  await listen(silent, { port: 0, host: "127.0.0.1" });
  await listen(silentSocket, { path: join(dir, "silent.sock") });
  await listen(floodSocket, { path: join(dir, "flood.sock") });
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  silentPort = (silent.address() as AddressInfo).port;

  const deadPort = await freePort(); // nothing listens there: its checks are refused
  haproxy = await startHaproxy({
    servers: [
      { name: "live", port: (live.address() as AddressInfo).port },
      { name: "dead", port: deadPort },
    ],
  });
  await waitForChecks(haproxy);
  // One request through the frontend, so the counters have something to count.
  const response = await fetch(`http://127.0.0.1:${haproxy.frontendPort}/`, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  expect(await response.text()).toBe("live");
}, 30_000);

afterAll(async () => {
  await haproxy?.stop();
  for (const held of openSockets.values()) for (const socket of held) socket.destroy();
  live?.closeAllConnections();
  fake?.closeAllConnections();
  const servers = [live, fake, silent, silentSocket, floodSocket].filter(Boolean);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Polls (bounded) until HAProxy's checks have found the live server up and the dead one down. */
async function waitForChecks(target: TestHaproxy): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last: string;
  for (;;) {
    try {
      const stats = await readHaproxyStats({ socket: target.socketPath }, { timeoutMs: TIMEOUT_MS });
      const byName = new Map(stats.servers.map((server) => [server.name, server]));
      const up = byName.get("live");
      const down = byName.get("dead");
      if (
        up?.status === "UP" &&
        /^L[47]OK$/.test(up.checkStatus ?? "") &&
        down?.status === "DOWN" &&
        down.checkStatus === "L4CON"
      )
        return;
      last = JSON.stringify(stats.servers);
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`HAProxy's checks did not settle within 15 s; last: ${last}\n${target.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Reads the stats, again (a few times at most) while the dead server's check is
 * in flight: HAProxy clears last_chk when a check starts, and with a check every
 * 200 ms a read can land in that moment.
 */
async function readBetweenChecks(source: Parameters<typeof readHaproxyStats>[0]): Promise<HaproxyStats> {
  let stats = await readHaproxyStats(source, { timeoutMs: TIMEOUT_MS });
  for (let tries = 0; tries < 10; tries += 1) {
    if (stats.servers.find((server) => server.name === "dead")?.lastCheck) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
    stats = await readHaproxyStats(source, { timeoutMs: TIMEOUT_MS });
  }
  return stats;
}

function expectTopology(stats: HaproxyStats): void {
  const frontend = stats.frontends.find((entry) => entry.name === "web");
  expect(frontend).toMatchObject({ status: "OPEN", display: "UP" });
  expect(frontend?.requests).toBeGreaterThanOrEqual(1);
  // The stats listener is a proxy of its own: a frontend and a backend.
  expect(stats.frontends.map((entry) => entry.name).sort()).toEqual(["stats", "web"]);

  const backend = stats.backends.find((entry) => entry.name === "app");
  expect(backend).toEqual({ name: "app", status: "UP", display: "UP", activeServers: 1, servers: 2 });

  const live = stats.servers.find((server) => server.name === "live");
  expect(live).toMatchObject({ backend: "app", status: "UP", display: "UP" });
  expect(live?.checkStatus).toMatch(/^L[47]OK$/);
  expect(live?.bytesIn).toBeGreaterThan(0);
  expect(live?.bytesOut).toBeGreaterThan(0);
  expect(live?.lastChangeSeconds).toEqual(expect.any(Number));

  const dead = stats.servers.find((server) => server.name === "dead");
  expect(dead).toMatchObject({ backend: "app", status: "DOWN", display: "DOWN", checkStatus: "L4CON", sessions: 0 });
  expect(dead?.lastCheck).toMatch(/refused/i);
  expect(stats.servers).toHaveLength(2);
}

describe("a real HAProxy", () => {
  it("reads the stats page over HTTP with basic auth", async () => {
    const target = haproxy!;
    expectTopology(
      await readBetweenChecks({ url: target.statsUrl, username: target.username, password: target.password }),
    );
  });

  it("takes a URL that already ends with ;csv as it is", async () => {
    const target = haproxy!;
    const source = { url: `${target.statsUrl};csv`, username: target.username, password: target.password };
    expectTopology(await readBetweenChecks(source));
  });

  it("fails with HTTP 401 on a wrong password", async () => {
    const target = haproxy!;
    const reading = readHaproxyStats(
      { url: target.statsUrl, username: target.username, password: "wrong" },
      { timeoutMs: TIMEOUT_MS },
    );
    await expect(reading).rejects.toThrow(IntegrationError);
    await expect(reading).rejects.toThrow(/^HTTP 401$/);
  });

  it("reads the stats socket", async () => {
    expectTopology(await readBetweenChecks({ socket: haproxy!.socketPath }));
  });
});

describe("mapping HAProxy's rows", () => {
  it(
    "keeps status texts, counts TCP sessions as requests, strips " + "a running check's asterisk, skips listeners",
    async () => {
      const stats = await readHaproxyStats({ url: `${fakeBase}/crafted` }, { timeoutMs: TIMEOUT_MS });
      expect(stats.frontends).toEqual([{ name: "tcp-in", status: "OPEN", display: "UP", sessions: 3, requests: 42 }]);
      expect(stats.backends).toEqual([
        { name: "pool", status: "UP", display: "UP", activeServers: 3, servers: 4 },
        { name: "empty", status: "DOWN", display: "DOWN", activeServers: 0, servers: 0 },
      ]);
      expect(stats.servers).toEqual([
        {
          name: "a",
          backend: "pool",
          status: "UP 2/3",
          display: "UP",
          sessions: 2,
          bytesIn: 100,
          bytesOut: 200,
          lastCheck: "OK",
          checkStatus: "L7OK",
          lastChangeSeconds: 12,
        },
        {
          name: "b",
          backend: "pool",
          status: "MAINT (via pool/a)",
          display: "MAINT",
          sessions: 0,
          bytesIn: 0,
          bytesOut: 0,
          lastCheck: null,
          checkStatus: null,
          lastChangeSeconds: 5,
        },
        {
          name: "c",
          backend: "pool",
          status: "no check",
          display: "NO CHECK",
          sessions: 0,
          bytesIn: 0,
          bytesOut: 0,
          lastCheck: null,
          checkStatus: null,
          lastChangeSeconds: null,
        },
        {
          name: "d",
          backend: "pool",
          status: "DRAIN",
          display: "DRAIN",
          sessions: 0,
          bytesIn: 0,
          bytesOut: 0,
          lastCheck: 'Bad, "really" bad',
          checkStatus: "L7STS",
          lastChangeSeconds: 0,
        },
      ]);
    },
  );

  it("rejects a counter that is not a number", async () => {
    await expect(readHaproxyStats({ url: `${fakeBase}/bad-number` }, { timeoutMs: TIMEOUT_MS })).rejects.toThrow(
      /^Malformed stats: scur of fe\/FRONTEND/,
    );
  });
});

describe("peers that misbehave", () => {
  it("gives up on an HTTP peer that never answers, within the timeout", async () => {
    const started = performance.now();
    const reading = readHaproxyStats({ url: `http://127.0.0.1:${silentPort}/stats` }, { timeoutMs: 400 });
    await expect(reading).rejects.toThrow(new IntegrationError("Timed out after 400 ms"));
    // Given up, not left hanging: room for a machine four times slower.
    expect(performance.now() - started).toBeLessThan(400 * 8);
  });

  it("gives up on a socket peer that never answers, within the timeout", async () => {
    const started = performance.now();
    const reading = readHaproxyStats({ socket: join(dir, "silent.sock") }, { timeoutMs: 400 });
    await expect(reading).rejects.toThrow(new IntegrationError("Timed out after 400 ms"));
    expect(performance.now() - started).toBeLessThan(400 * 8);
    // The reader hung up: the peer sees its connection close.
    const held = openSockets.get(silentSocket) ?? new Set();
    const deadline = Date.now() + 2000;
    while (held.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held.size).toBe(0);
  });

  it("names a socket path that does not exist", async () => {
    const missing = join(dir, "missing.sock");
    const reading = readHaproxyStats({ socket: missing }, { timeoutMs: TIMEOUT_MS });
    await expect(reading).rejects.toThrow(IntegrationError);
    await expect(reading).rejects.toThrow(`ENOENT: no socket at ${missing}`);
  });

  it("calls an HTTP answer that is not the CSV malformed", async () => {
    const reading = readHaproxyStats({ url: `${fakeBase}/garbage` }, { timeoutMs: TIMEOUT_MS });
    await expect(reading).rejects.toThrow(IntegrationError);
    await expect(reading).rejects.toThrow(/^Malformed stats: no header line/);
  });

  it("an empty answer is 'No data received'", async () => {
    await expect(readHaproxyStats({ url: `${fakeBase}/empty` }, { timeoutMs: TIMEOUT_MS })).rejects.toThrow(
      /^No data received from HAProxy stats proxy$/,
    );
  });

  it("stops reading a socket past the size cap", async () => {
    await expect(readHaproxyStats({ socket: join(dir, "flood.sock") }, { timeoutMs: TIMEOUT_MS })).rejects.toThrow(
      "Stats larger than 8 MB",
    );
  });

  it("reports a refused connection", async () => {
    const port = await freePort();
    await expect(
      readHaproxyStats({ url: `http://127.0.0.1:${port}/stats` }, { timeoutMs: TIMEOUT_MS }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
