// readNginx against Debian's real nginx (stub_status module), and against
// peers that misbehave: an HTML page, a huge body, a silent server.
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NginxConfig } from "#server/integrations/integrations-config.ts";
import { readNginx } from "./nginx-report.ts";
import { formatStubStatus, parseStubStatus } from "./stub-status.ts";
import { startNginx, type TestNginx } from "#tests/peers/nginx.ts";

let nginx: TestNginx;
let peer: Server;
let silent: TcpServer;
const silentSockets = new Set<Socket>();
let peerBase = "";
let silentUrl = "";
/** While a test counts: its connections to the silent peer still open, and the most at once. */
let counted: Set<Socket> | undefined;
let mostAtOnce = 0;

const HTML_PAGE =
  "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Active connections: 1</body></html>\n";

beforeAll(async () => {
  nginx = await startNginx();
  peer = createHttpServer((request, response) => {
    if (request.url === "/huge") return response.end(`Active connections: 1 \n${" ".repeat(64 * 1024)}`);
    response.setHeader("Content-Type", "text/html");
    response.end(HTML_PAGE); // a 200 that is not stub_status: a login page, a captive portal
  });
  // Accepts the connection, then says nothing at all.
  silent = createTcpServer((socket) => {
    silentSockets.add(socket);
    counted?.add(socket);
    mostAtOnce = Math.max(mostAtOnce, counted?.size ?? 0);
    socket.on("error", () => undefined);
    socket.on("close", () => (silentSockets.delete(socket), counted?.delete(socket)));
  });
  for (const server of [peer, silent]) await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peerBase = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/nginx_status`;
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  peer?.closeAllConnections();
  for (const socket of silentSockets) socket.destroy();
  await Promise.all([peer, silent].map((server) => server && new Promise((resolve) => server.close(resolve))));
}, 15_000);

function config(sources: NginxConfig["sources"], timeoutMs = 3000): NginxConfig {
  return { intervalSeconds: 60, timeoutMs, maxActiveConnections: 1000, sources };
}

describe("readNginx against a real nginx", () => {
  it("reads the real page exactly in the format the parser expects", async () => {
    const body = await (await fetch(nginx.statusUrl)).text();
    const parsed = parseStubStatus(body);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(formatStubStatus(parsed.value)).toBe(body);
  });

  it("reads real numbers", async () => {
    const { report, samples } = await readNginx(config([{ name: "local", url: nginx.statusUrl }]), undefined, Date.now);
    expect(report.alerts).toEqual([]);
    expect(report.overall_health).toBe("healthy");
    expect(samples).toHaveLength(1);
    const [source] = report.sources;
    expect(source?.error).toBeNull();
    // The stub_status request itself is an active connection, being written to.
    expect(source?.active_connections).toBeGreaterThanOrEqual(1);
    expect(source?.writing).toBeGreaterThanOrEqual(1);
    expect(source?.server_accepts).toBeGreaterThanOrEqual(1);
    expect(source?.server_handled).toBe(source?.server_accepts);
    expect(source?.server_requests).toBeGreaterThanOrEqual(1);
    expect(report.nginx.server_requests).toBe(source?.server_requests);
    expect(report.nginx.requests_per_second).toBe(0); // a first sample has no interval
  });

  it("measures a request rate between two samples", async () => {
    const settings = config([{ name: "local", url: nginx.statusUrl }]);
    const first = await readNginx(settings, undefined, Date.now);
    const extra = 25;
    for (let index = 0; index < extra; index += 1) {
      const response = await fetch(`${nginx.baseUrl}/page-${index}`);
      expect(await response.text()).toBe("ok\n");
    }
    await new Promise((resolve) => setTimeout(resolve, 20)); // a measurable interval, however fast the requests
    const second = await readNginx(settings, first.samples, Date.now);

    const before = first.report.nginx.server_requests;
    const after = second.report.nginx.server_requests;
    expect(after - before).toBeGreaterThanOrEqual(extra);
    expect(second.report.nginx.requests_per_second).toBeGreaterThan(0);
    // The rate is exactly the delta over the samples' own interval.
    const seconds = ((second.samples[0]?.at ?? 0) - (first.samples[0]?.at ?? 0)) / 1000;
    expect(second.report.nginx.requests_per_second).toBe(Math.round(((after - before) / seconds) * 100) / 100);
  });

  it("reads a page behind basic auth with the right password, and names HTTP 401 for a wrong one", async () => {
    const url = nginx.protectedStatusUrl;
    const right = await readNginx(
      config([{ name: "guarded", url, username: nginx.username, password: nginx.password }]),
      undefined,
      Date.now,
    );
    expect(right.report.overall_health).toBe("healthy");
    expect(right.report.sources[0]?.server_requests).toBeGreaterThanOrEqual(1);

    const wrong = await readNginx(
      config([{ name: "guarded", url, username: nginx.username, password: "wrong" }]),
      undefined,
      Date.now,
    );
    expect(wrong.report.overall_health).toBe("critical");
    expect(wrong.report.alerts).toEqual([
      { service: "nginx", severity: "critical", message: "guarded: no answer (HTTP 401)" },
    ]);

    const none = await readNginx(config([{ name: "guarded", url }]), undefined, Date.now);
    expect(none.report.alerts.map((alert) => alert.message)).toEqual(["guarded: no answer (HTTP 401)"]);
  });

  it("reports a stopped nginx as critical, with no counters", async () => {
    const doomed = await startNginx();
    let settings: NginxConfig;
    try {
      settings = config([{ name: "doomed", url: doomed.statusUrl }]);
      const alive = await readNginx(settings, undefined, Date.now);
      expect(alive.report.overall_health).toBe("healthy");
    } finally {
      await doomed.stop();
    }
    const { report } = await readNginx(settings, undefined, Date.now);
    expect(report.overall_health).toBe("critical");
    expect(report.alerts).toEqual([
      { service: "nginx", severity: "critical", message: expect.stringMatching(/^doomed: no answer \(ECONNREFUSED/) },
    ]);
    expect(report.sources[0]?.server_requests).toBeNull();
    expect(report.nginx.status).toBe("critical");
  }, 30_000);

  it("keeps the live source's numbers when another source is down", async () => {
    const { report } = await readNginx(
      config([
        { name: "local", url: nginx.statusUrl },
        { name: "html", url: `${peerBase}/nginx_status` },
      ]),
      undefined,
      Date.now,
    );
    expect(report.overall_health).toBe("critical");
    expect(report.nginx.server_requests).toBe(report.sources[0]?.server_requests);
    expect(report.nginx.server_requests).toBeGreaterThan(0);
  });
});

describe("readNginx against peers that are not nginx", () => {
  it("turns an HTML page into an error, never zeros", async () => {
    const { report, samples } = await readNginx(
      config([{ name: "portal", url: `${peerBase}/nginx_status` }]),
      undefined,
      Date.now,
    );
    expect(samples[0]).toMatchObject({ source: "portal", error: expect.stringContaining("HTML") });
    expect(report.overall_health).toBe("critical");
    expect(report.alerts).toEqual([
      {
        service: "nginx",
        severity: "critical",
        message: "portal: no answer (unreadable stub_status: an HTML or XML page, not stub_status)",
      },
    ]);
    expect(report.sources[0]?.active_connections).toBeNull();
  });

  it("refuses a body over 4 KB", async () => {
    const { report } = await readNginx(config([{ name: "huge", url: `${peerBase}/huge` }]), undefined, Date.now);
    expect(report.alerts[0]?.message).toMatch(/^huge: no answer \(Response body larger than 4 KB\)$/);
  });

  it("gives up on a peer that never answers within the timeout", async () => {
    const started = performance.now();
    const { report } = await readNginx(config([{ name: "silent", url: silentUrl }], 300), undefined, Date.now);
    const elapsed = performance.now() - started;
    expect(report.alerts).toEqual([
      { service: "nginx", severity: "critical", message: "silent: no answer (Timed out after 300 ms)" },
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    // Given up, not left hanging: room for a machine four times slower.
    expect(elapsed).toBeLessThan(300 * 8);
  });

  it("samples sources in parallel: one silent source costs one timeout", async () => {
    mostAtOnce = 0;
    counted = new Set();
    const sources = ["a", "b", "c", "d"].map((name) => ({ name, url: silentUrl }));
    const { report } = await readNginx(config(sources, 400), undefined, Date.now);
    expect(report.alerts).toHaveLength(4);
    // All four waited on the silent peer at the same time (one after another, it would see one or two: fetch may open
    // a spare).
    expect(mostAtOnce).toBeGreaterThanOrEqual(4);
    counted = undefined;
  });

  it("never throws, even when the clock does", async () => {
    const now = () => {
      throw new Error("clock broke");
    };
    const { report } = await readNginx(config([{ name: "local", url: nginx.statusUrl }]), undefined, now);
    expect(report.overall_health).toBe("critical");
    expect(report.alerts[0]?.message).toBe("local: no answer (clock broke)");
  });
});
