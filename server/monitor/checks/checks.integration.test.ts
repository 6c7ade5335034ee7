import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runTarget, targetSchema } from "./check-types.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const routes: Record<string, Handler> = {
  "/healthy": (_, res) => res.end(JSON.stringify({ status: "healthy" })),
  "/spring-up": (_, res) => res.end(JSON.stringify({ status: "UP", components: { db: { status: "UP" } } })),
  "/spring-down": (_, res) => ((res.statusCode = 503), res.end(JSON.stringify({ status: "DOWN" }))),
  "/lower-up": (_, res) => res.end(JSON.stringify({ status: "up" })),
  "/json-ok": (_, res) => res.end(JSON.stringify({ status: "ok" })),
  "/plain-ok": (_, res) => res.end("ok"),
  "/health-pass": (_, res) => (
    res.setHeader("content-type", "application/health+json"),
    res.end(JSON.stringify({ status: "pass", version: "1" }))
  ),
  "/health-warn": (_, res) => (
    res.setHeader("content-type", "application/health+json"),
    res.end(JSON.stringify({ status: "warn", output: "disk 91 %" }))
  ),
  "/health-fail": (_, res) => (
    res.setHeader("content-type", "application/health+json"),
    res.end(JSON.stringify({ status: "fail" }))
  ),
  "/json-array": (_, res) => res.end(JSON.stringify([{ status: "weird" }])),
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
  // No length announced and no end: only the client's cap ends it, by closing the connection (draining never would).
  "/endless": (_, res) => {
    const chunk = Buffer.alloc(16 * 1024, "a");
    const send = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on("drain", send);
    res.on("close", () => (endlessClosed = true));
    send();
  },
  "/moved": (_, res) => ((res.statusCode = 302), res.setHeader("location", "/healthy"), res.end()),
  "/reset": (req) => req.socket.destroy(),
  "/fresh": (req, res) => {
    fresh.push({ port: req.socket.remotePort!, connection: req.headers.connection });
    res.end(JSON.stringify({ status: "healthy" }));
  },
  "/auth": (req, res) => {
    const ok =
      req.headers["x-api-key"] === "secret" ||
      req.headers.authorization === `Basic ${Buffer.from("ops:pw").toString("base64")}`;
    res.statusCode = ok ? 200 : 401;
    res.end(JSON.stringify({ status: "healthy" }));
  },
};

let http: Server;
let https: Server;
let garbage: TcpServer;
let headerDrip: TcpServer;
let base = "";
let secureBase = "";
let garbagePort = 0;
let headerDripPort = 0;
let closedPort = 0;
let endlessClosed = false;
/** The connection each request to /fresh came on, and the Connection header it carried. */
const fresh: { port: number; connection: string | undefined }[] = [];

beforeAll(async () => {
  const handler: Handler = (req, res) =>
    (routes[req.url ?? ""] ?? ((_, r) => ((r.statusCode = 404), r.end())))(req, res);
  http = createHttpServer(handler);
  const pems = await generate([{ name: "commonName", value: "localhost" }], { keyType: "ec" });
  https = createHttpsServer({ key: pems.private, cert: pems.cert }, handler);
  garbage = createTcpServer((socket) => {
    socket.on("error", () => undefined); // the client hangs up on us
    socket.end("\u0000\u0001 this is not HTTP at all\r\n\r\n");
  });
  // An answer whose headers never end: one more line every 50 ms.
  headerDrip = createTcpServer((socket) => {
    socket.on("error", () => undefined);
    socket.write("HTTP/1.1 200 OK\r\n");
    const timer = setInterval(() => socket.write("X-Drip: 1\r\n"), 50);
    socket.on("close", () => clearInterval(timer));
  });
  http.on("clientError", (_, socket) => socket.destroy());
  for (const server of [http, https, garbage, headerDrip])
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  secureBase = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
  garbagePort = (garbage.address() as AddressInfo).port;
  headerDripPort = (headerDrip.address() as AddressInfo).port;
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => {
  http.closeAllConnections();
  https.closeAllConnections();
  for (const server of [http, https, garbage, headerDrip]) server.close();
});

// Every target at once within it, the 10 MB body's first 64 KB included: on a machine busy with other test files
// 600 ms was once too short for that one.
const TIMEOUT = 1500;
const options = {
  timeoutMs: TIMEOUT,
  retries: 2,
  now: Date.now,
  intervalMs: 60_000,
  push: () => ({ receipt: undefined, watchedSince: Date.now() }),
};
const check = (target: Record<string, unknown>, context = options) => runTarget(targetSchema.parse(target), context);

describe("checks against real targets on loopback", () => {
  const scenarios: [string, () => Record<string, unknown>, { status: string; error?: RegExp; basic?: boolean }][] = [
    ["a JSON healthy answer", () => ({ url: `${base}/healthy` }), { status: "healthy" }],
    ["Spring Boot's UP", () => ({ url: `${base}/spring-up` }), { status: "healthy" }],
    [
      "Spring Boot's DOWN with a 503",
      () => ({ url: `${base}/spring-down` }),
      { status: "unhealthy", error: /HTTP 503/ },
    ],
    ["a lower-case up", () => ({ url: `${base}/lower-up` }), { status: "healthy" }],
    ['a JSON "ok"', () => ({ url: `${base}/json-ok` }), { status: "healthy" }],
    ["a plain ok", () => ({ url: `${base}/plain-ok` }), { status: "healthy" }],
    ["health+json pass", () => ({ url: `${base}/health-pass` }), { status: "healthy" }],
    ["health+json warn is degraded", () => ({ url: `${base}/health-warn` }), { status: "degraded", error: /warn/ }],
    ["health+json fail", () => ({ url: `${base}/health-fail` }), { status: "unhealthy", error: /fail/ }],
    ["a JSON array (no status field)", () => ({ url: `${base}/json-array` }), { status: "healthy" }],
    ["a plain 2xx answer", () => ({ url: `${base}/plain` }), { status: "healthy" }],
    ["a JSON degraded answer", () => ({ url: `${base}/degraded` }), { status: "degraded", error: /degraded/ }],
    ["an unknown status string", () => ({ url: `${base}/weird` }), { status: "unhealthy", error: /on fire/ }],
    ["a 503", () => ({ url: `${base}/error` }), { status: "unhealthy", error: /HTTP 503/ }],
    ["a target that hangs", () => ({ url: `${base}/hang` }), { status: "unhealthy", error: /Timed out/ }],
    ["a slow drip", () => ({ url: `${base}/drip` }), { status: "unhealthy", error: /Timed out/ }],
    [
      "headers that drip and never end",
      () => ({ url: `http://127.0.0.1:${headerDripPort}/` }),
      { status: "unhealthy", error: /^Timed out$/ },
    ],
    ["a 10 MB body", () => ({ url: `${base}/huge` }), { status: "unhealthy", error: /larger than 64 KB/ }],
    ["an endless body", () => ({ url: `${base}/endless` }), { status: "unhealthy", error: /larger than 64 KB/ }],
    ["a redirect, not followed", () => ({ url: `${base}/moved` }), { status: "unhealthy", error: /^HTTP 302$/ }],
    ["garbage instead of HTTP", () => ({ url: `http://127.0.0.1:${garbagePort}/` }), { status: "unhealthy" }],
    [
      "a connection reset",
      () => ({ url: `${base}/reset` }),
      { status: "unhealthy", error: /ECONNRESET|socket|closed/i },
    ],
    [
      "a self-signed certificate",
      () => ({ url: `${secureBase}/healthy` }),
      { status: "unhealthy", error: /SELF_SIGNED|self.signed/i },
    ],
    [
      "nothing listening",
      () => ({ url: `http://127.0.0.1:${closedPort}/` }),
      { status: "unhealthy", error: /ECONNREFUSED/ },
    ],
    [
      "an API key",
      () => ({ url: `${base}/auth`, auth: { type: "api-key", header: "x-api-key", key: "secret" } }),
      { status: "healthy" },
    ],
    [
      "basic auth",
      () => ({ url: `${base}/auth`, auth: { type: "basic", username: "ops", password: "pw" } }),
      { status: "healthy" },
    ],
    [
      "a wrong API key",
      () => ({ url: `${base}/auth`, auth: { type: "api-key", header: "x-api-key", key: "wrong" } }),
      { status: "unhealthy", error: /HTTP 401/ },
    ],
    ["a TCP port that is open", () => ({ tcp: `127.0.0.1:${garbagePort}` }), { status: "healthy", basic: true }],
    [
      "a TCP port that is closed",
      () => ({ tcp: `127.0.0.1:${closedPort}` }),
      { status: "unhealthy", error: /ECONNREFUSED/, basic: true },
    ],
  ];

  it("every target yields its state within the timeout, all at once", async () => {
    const started = performance.now();
    const outcomes = await Promise.all(
      scenarios.map(async ([label, target]) => {
        const t0 = performance.now();
        const outcome = await check(target());
        return { label, outcome, ms: performance.now() - t0 };
      }),
    );
    for (const [index, [label, , expected]] of scenarios.entries()) {
      const { outcome, ms } = outcomes[index]!;
      expect(outcome.status, label).toBe(expected.status);
      if (expected.error) expect(outcome.errorMessage, label).toMatch(expected.error);
      if (expected.status === "healthy") expect(outcome.responseTime, label).toBeGreaterThanOrEqual(0);
      expect(outcome.basic, label).toBe(expected.basic ?? false);
      // The deadline holds: a hanging or dripping target never holds a check (room for a machine four times slower).
      expect(ms, label).toBeLessThan(TIMEOUT * 5);
    }
    expect(performance.now() - started).toBeLessThan(TIMEOUT * 5);
    await expect.poll(() => endlessClosed, { timeout: TIMEOUT * 5 }).toBe(true);
  });

  it("retries a 5xx within the deadline and reports how many retries it used", async () => {
    const outcome = await check({ url: `${base}/error` }, { ...options, timeoutMs: 2000, retries: 2 });
    expect(outcome.retryAttempt).toBe(2);
    const once = await check({ url: `${base}/error` }, { ...options, timeoutMs: 2000, retries: 0 });
    expect(once.retryAttempt).toBe(0);
  });
});

it("opens a connection of its own for every check, and closes it after the answer", async () => {
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      http.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  // One target checked again and again, as rounds do: its request is prepared once, its connection made every time.
  const target = targetSchema.parse({ url: `${base}/fresh`, conditions: ["[STATUS] == 200"] });
  const outcomes = [
    await runTarget(target, options),
    ...(await Promise.all([1, 2, 3].map(() => runTarget(target, options)))),
  ];
  expect(outcomes.map((outcome) => outcome.status)).toEqual(["healthy", "healthy", "healthy", "healthy"]);
  expect(new Set(fresh.map((request) => request.port)).size).toBe(4);
  expect(fresh.map((request) => request.connection)).toEqual(["close", "close", "close", "close"]);
  await vi.waitFor(async () => expect(await connections()).toBe(0));
});

describe("conditions against real targets", () => {
  const cases: [string, string, string[], string, RegExp?][] = [
    ["all hold", "/spring-up", ["[STATUS] == 200", "[BODY].status == UP", "len([BODY].components) == 1"], "healthy"],
    [
      "a body path that differs is named with what was seen",
      "/healthy",
      ["[BODY].status == UP"],
      "unhealthy",
      /^Condition failed: \[BODY\]\.status \(healthy\) == UP$/,
    ],
    ["conditions replace the default rule: a 503 can be what is expected", "/error", ["[STATUS] == 503"], "healthy"],
    ["any() of several spellings", "/json-ok", ["[BODY].status == any(UP, ok)"], "healthy"],
    ["a pattern on a plain body", "/plain-ok", ["[BODY] == pat(o*)"], "healthy"],
    ["a redirect can be what is expected", "/moved", ["[STATUS] == 302"], "healthy"],
    ["the response time", "/healthy", ["[RESPONSE_TIME] > 100000"], "unhealthy", /\[RESPONSE_TIME\] \(\d+\) > 100000/],
    [
      "every failed condition is named",
      "/health-warn",
      ["[STATUS] == 201", "[BODY].status == pass", "[BODY].output == pat(disk*)"],
      "unhealthy",
      /\[STATUS\] \(200\) == 201; \[BODY\]\.status \(warn\) == pass$/,
    ],
    [
      "a path that is not there",
      "/plain-ok",
      ["[BODY].status == UP"],
      "unhealthy",
      /\[BODY\]\.status \(missing\) == UP/,
    ],
  ];
  it.each(cases)("%s", async (_, path, conditions, status, error) => {
    const outcome = await check({ url: `${base}${path}`, conditions });
    expect(outcome.status).toBe(status);
    if (error) expect(outcome.errorMessage).toMatch(error);
    else expect(outcome.errorMessage).toBeNull();
  });

  it(
    "a target that cannot be reached stays that failure, unless " + "the conditions only ask whether it connected",
    async () => {
      const refused = await check({ url: `http://127.0.0.1:${closedPort}/`, conditions: ["[STATUS] == 200"] });
      expect(refused).toMatchObject({ status: "unhealthy", errorMessage: "ECONNREFUSED" });
      expect(await check({ tcp: `127.0.0.1:${closedPort}`, conditions: ["[CONNECTED] == false"] })).toMatchObject({
        status: "healthy",
        errorMessage: null,
      });
      expect(await check({ tcp: `127.0.0.1:${garbagePort}`, conditions: ["[CONNECTED] == false"] })).toMatchObject({
        status: "unhealthy",
        errorMessage: "Condition failed: [CONNECTED] (true) == false",
      });
    },
  );
});
