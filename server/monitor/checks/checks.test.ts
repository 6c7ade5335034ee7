import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkTarget } from "./check-target.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const routes: Record<string, Handler> = {
  "/healthy": (_, res) => res.end(JSON.stringify({ status: "healthy" })),
  "/plain": (_, res) => res.end("OK"),
  "/degraded": (_, res) => res.end(JSON.stringify({ status: "degraded" })),
  "/weird": (_, res) => res.end(JSON.stringify({ status: "on fire" })),
  "/error": (_, res) => ((res.statusCode = 503), res.end("down")),
  "/hang": () => undefined,
  "/drip": (_, res) => {
    res.write("{");
    const timer = setInterval(() => res.write(" "), 50);
    res.on("close", () => clearInterval(timer));
  },
  "/huge": (_, res) => res.end(Buffer.alloc(10 * 1024 * 1024, "a")),
  "/reset": (req) => req.socket.destroy(),
  "/auth": (req, res) => {
    const ok = req.headers["x-api-key"] === "secret" || req.headers.authorization === `Basic ${Buffer.from("ops:pw").toString("base64")}`;
    res.statusCode = ok ? 200 : 401;
    res.end(JSON.stringify({ status: "healthy" }));
  },
};

let http: Server;
let https: Server;
let garbage: TcpServer;
let base = "";
let secureBase = "";
let garbagePort = 0;
let closedPort = 0;

beforeAll(async () => {
  const handler: Handler = (req, res) => (routes[req.url ?? ""] ?? ((_, r) => ((r.statusCode = 404), r.end())))(req, res);
  http = createHttpServer(handler);
  const pems = await generate([{ name: "commonName", value: "localhost" }], { keyType: "ec" });
  https = createHttpsServer({ key: pems.private, cert: pems.cert }, handler);
  garbage = createTcpServer((socket) => {
    socket.on("error", () => undefined); // the client hangs up on us
    socket.end("\u0000\u0001 this is not HTTP at all\r\n\r\n");
  });
  http.on("clientError", (_, socket) => socket.destroy());
  for (const server of [http, https, garbage]) await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  secureBase = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
  garbagePort = (garbage.address() as AddressInfo).port;
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => {
  http.closeAllConnections();
  https.closeAllConnections();
  for (const server of [http, https, garbage]) server.close();
});

const TIMEOUT = 600;
const options = { timeoutMs: TIMEOUT, retries: 2 };

describe("checks against real targets on loopback", () => {
  const scenarios: [string, () => Parameters<typeof checkTarget>[0], { status: string; error?: RegExp; basic?: boolean }][] = [
    ["a JSON healthy answer", () => ({ url: `${base}/healthy` }), { status: "healthy" }],
    ["a plain 2xx answer", () => ({ url: `${base}/plain` }), { status: "healthy" }],
    ["a JSON degraded answer", () => ({ url: `${base}/degraded` }), { status: "degraded", error: /degraded/ }],
    ["an unknown status string", () => ({ url: `${base}/weird` }), { status: "unhealthy", error: /on fire/ }],
    ["a 503", () => ({ url: `${base}/error` }), { status: "unhealthy", error: /HTTP 503/ }],
    ["a target that hangs", () => ({ url: `${base}/hang` }), { status: "unhealthy", error: /Timed out/ }],
    ["a slow drip", () => ({ url: `${base}/drip` }), { status: "unhealthy", error: /Timed out/ }],
    ["a 10 MB body", () => ({ url: `${base}/huge` }), { status: "unhealthy", error: /larger than 64 KB/ }],
    ["garbage instead of HTTP", () => ({ url: `http://127.0.0.1:${garbagePort}/` }), { status: "unhealthy" }],
    ["a connection reset", () => ({ url: `${base}/reset` }), { status: "unhealthy", error: /ECONNRESET|socket|closed/i }],
    ["a self-signed certificate", () => ({ url: `${secureBase}/healthy` }), { status: "unhealthy", error: /SELF_SIGNED|self.signed/i }],
    ["nothing listening", () => ({ url: `http://127.0.0.1:${closedPort}/` }), { status: "unhealthy", error: /ECONNREFUSED/ }],
    ["an API key", () => ({ url: `${base}/auth`, auth: { type: "api-key", header: "x-api-key", key: "secret" } }), { status: "healthy" }],
    ["basic auth", () => ({ url: `${base}/auth`, auth: { type: "basic", username: "ops", password: "pw" } }), { status: "healthy" }],
    ["a wrong API key", () => ({ url: `${base}/auth`, auth: { type: "api-key", header: "x-api-key", key: "wrong" } }), { status: "unhealthy", error: /HTTP 401/ }],
    ["a TCP port that is open", () => ({ tcp: `127.0.0.1:${garbagePort}` }), { status: "healthy", basic: true }],
    ["a TCP port that is closed", () => ({ tcp: `127.0.0.1:${closedPort}` }), { status: "unhealthy", error: /ECONNREFUSED/, basic: true }],
  ];

  it("every target yields its state within the timeout, all at once", async () => {
    const started = performance.now();
    const outcomes = await Promise.all(
      scenarios.map(async ([label, target]) => {
        const t0 = performance.now();
        const outcome = await checkTarget(target(), options);
        return { label, outcome, ms: performance.now() - t0 };
      }),
    );
    for (const [index, [label, , expected]] of scenarios.entries()) {
      const { outcome, ms } = outcomes[index]!;
      expect(outcome.status, label).toBe(expected.status);
      if (expected.error) expect(outcome.errorMessage, label).toMatch(expected.error);
      if (expected.status === "healthy") expect(outcome.responseTime, label).toBeGreaterThanOrEqual(0);
      expect(outcome.basic, label).toBe(expected.basic ?? false);
      // The deadline holds (generous margin for a loaded machine).
      expect(ms, label).toBeLessThan(TIMEOUT + 400);
    }
    expect(performance.now() - started).toBeLessThan(TIMEOUT + 600);
  });

  it("retries a 5xx within the deadline and reports how many retries it used", async () => {
    const outcome = await checkTarget({ url: `${base}/error` }, { timeoutMs: 2000, retries: 2 });
    expect(outcome.retryAttempt).toBe(2);
    const once = await checkTarget({ url: `${base}/error` }, { timeoutMs: 2000, retries: 0 });
    expect(once.retryAttempt).toBe(0);
  });
});
