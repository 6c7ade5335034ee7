// Slow and greedy clients against a real listening server, with the limits
// scaled down so the test takes seconds, not minutes.
import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLimitedServer, SERVER_LIMITS, type ServerLimits } from "./server-limits.ts";

const SMALL: ServerLimits = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_200,
  keepAliveTimeoutMs: 300,
  idleSocketMs: 2_000,
  checkEveryMs: 100,
  maxConnections: 5,
  maxConnectionsPerClient: null,
};

describe("server limits", () => {
  const sockets: Socket[] = [];
  let close = () => {};
  let current: Server | undefined;
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
    close();
  });

  async function start(limits = SMALL) {
    const server = createLimitedServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    }, limits);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => server.close();
    current = server;
    return (server.address() as AddressInfo).port;
  }

  /** Opens a socket and resolves when the server ends it, with what it sent and how long it took. */
  function open(port: number, from?: string): { socket: Socket; ended: Promise<{ ms: number; data: string }> } {
    const socket = connect({ port, host: "127.0.0.1", ...(from ? { localAddress: from } : {}) });
    sockets.push(socket);
    const started = performance.now();
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("error", () => undefined);
    const ended = new Promise<{ ms: number; data: string }>((resolve) =>
      socket.on("close", () => resolve({ ms: performance.now() - started, data })),
    );
    return { socket, ended };
  }

  it("keeps the production bounds small-site sized", () => {
    expect(SERVER_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(SERVER_LIMITS.requestTimeoutMs);
    expect(SERVER_LIMITS.maxConnections).toBeGreaterThan(0);
  });

  it("closes a connection whose headers trickle in (slowloris)", async () => {
    const port = await start();
    const { socket, ended } = open(port);
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const drip = setInterval(() => socket.write("X-A: b\r\n"), 100);
    const { ms, data } = await ended;
    clearInterval(drip);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
    // Cut near the headers timeout, far from Node's default of a minute; generous margin for a busy machine.
    expect(ms).toBeLessThan(SMALL.headersTimeoutMs + 10_000);
  });

  it("closes a slow upload at the request timeout", async () => {
    const port = await start();
    const { socket, ended } = open(port);
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000\r\n\r\n");
    const drip = setInterval(() => socket.write("a"), 100);
    const { ms, data } = await ended;
    clearInterval(drip);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(SMALL.requestTimeoutMs + 10_000);
  });

  it("answers a whole request, then closes the idle kept-alive connection", async () => {
    const port = await start();
    const { socket, ended } = open(port);
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const { data } = await ended;
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    expect(data.endsWith("ok")).toBe(true);
  });

  it("holds no more connections than its ceiling", async () => {
    const port = await start();
    let count = 0;
    const allAccepted = new Promise<void>((resolve) =>
      current!.on("connection", () => (count += 1) === SMALL.maxConnections && resolve()),
    );
    const held = Array.from({ length: SMALL.maxConnections }, () => open(port));
    // Each held connection has started a request, and the server has accepted every one.
    for (const { socket } of held) socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    await allAccepted;
    const extra = open(port);
    extra.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const { data, ms } = await extra.ended;
    expect(data).toBe("");
    expect(ms).toBeLessThan(SMALL.headersTimeoutMs);
  });

  it("lets one client hold only its share, and serves another client at once", async () => {
    const port = await start({ ...SMALL, maxConnections: 100, maxConnectionsPerClient: 3 });
    const held = Array.from({ length: 20 }, () => open(port, "127.0.8.1"));
    for (const { socket } of held) socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n"));
    // Beyond its three, the greedy client's connections are closed at once, with nothing said.
    const closed = await Promise.all(held.slice(3).map(({ ended }) => ended));
    expect(closed.map(({ data }) => data)).toEqual(Array.from({ length: 17 }, () => ""));
    const other = open(port, "127.0.8.2");
    other.socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const { data } = await other.ended;
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    // A slot freed is a slot the greedy client may use again.
    held[0]!.socket.destroy();
    await held[0]!.ended;
    // (The server hears of the close a moment after the client: ask until it has.)
    const ask = async () => {
      const again = open(port, "127.0.8.1");
      again.socket.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      return (await again.ended).data;
    };
    await expect.poll(ask, { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200/);
  });
});
