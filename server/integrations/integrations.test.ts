// The integrations end to end through the staff API, against real peers
// started here: nginx, HAProxy, TLS servers with openssl-made certificates,
// pebble issuing over HTTP-01 answered by this server, a renewal hook, and an
// Ollama-compatible server.
import { X509Certificate } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig, type MonitoringConfig } from "#server/monitoring-config.ts";
import { startOllamaCompatible, type OllamaCompatible } from "#tests/peers/ollama.ts";
import { makeTestCertificates, startTlsServer, TEST_DOMAIN, type TestCertificates, type TestServer } from "#tests/peers/certificates.ts";
import { startPebble, type Pebble } from "#tests/peers/pebble.ts";
import { startHaproxy, type TestHaproxy } from "#tests/peers/haproxy.ts";
import { startNginx, type TestNginx } from "#tests/peers/nginx.ts";
import { queuedTitles } from "#tests/support/queued-notices.ts";

const PASSWORD = "correct horse battery staple";
const HOOK_TOKEN = "hook-token-0123456789abcdef";

let certs: TestCertificates;
const tls: Record<"valid90" | "valid20" | "valid3" | "selfSigned", TestServer> = {} as never;
let nginx: TestNginx;
let haproxy: TestHaproxy;
let live: Server;
let silent: TcpServer;
/** A port nothing listens on: a dead peer. */
let deadPort: number;
let hook: Server;
const hookCalls: { authorization: string | undefined; body: string }[] = [];
let ollama: OllamaCompatible;
let pebble: Pebble;
let dataDir: string;

const portOf = (server: { address(): unknown }) => (server.address() as AddressInfo).port;
const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => resolve(body));
  });

beforeAll(async () => {
  certs = makeTestCertificates();
  for (const name of ["valid90", "valid20", "valid3", "selfSigned"] as const) tls[name] = await startTlsServer(certs[name]);
  nginx = await startNginx();
  live = createServer((_request, response) => response.end("ok"));
  await new Promise<void>((resolve) => live.listen(0, "127.0.0.1", resolve));
  const dead = createTcpServer();
  await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
  deadPort = portOf(dead);
  await new Promise((resolve) => dead.close(resolve));
  haproxy = await startHaproxy({
    servers: [
      { name: "web1", port: portOf(live) },
      { name: "web2", port: deadPort },
    ],
  });
  silent = createTcpServer(() => undefined); // accepts, never answers
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  hook = createServer(async (request, response) => {
    hookCalls.push({ authorization: request.headers.authorization, body: await readBody(request) });
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "renewal started on the local host" }));
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  ollama = await startOllamaCompatible();
  pebble = await startPebble();
  dataDir = mkdtempSync(join(tmpdir(), "integrations-data-"));
}, 60_000);

afterAll(async () => {
  await Promise.all([...Object.values(tls).map((server) => server.close()), nginx?.stop(), haproxy?.stop(), ollama?.close(), pebble?.stop()]);
  for (const server of [live, silent, hook]) server?.close();
  certs?.cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function integrationsConfig(options: { haproxyUrl?: string; nginxUrl?: string } = {}): MonitoringConfig {
  const haproxySource = options.haproxyUrl
    ? `{ url: "${options.haproxyUrl}" }`
    : `{ url: "${haproxy.statsUrl}", username: "${haproxy.username}", password: "${haproxy.password}" }`;
  return parseMonitoringConfig(
    `
alerts: { to: ops@example.com, cooldownMinutes: 5 }
services: []
integrations:
  certificates:
    intervalSeconds: 300
    timeoutMs: 3000
    caFile: "${certs.ca.certFile}"
    acme: { directoryUrl: "${pebble.directoryUrl}", email: ops@example.com, caFile: "${pebble.caFile}", certificateDir: "${dataDir}/certs" }
    renewal:
      centron: { method: acme }
      local: { method: hook, url: "http://127.0.0.1:${portOf(hook)}/renew", token: "${HOOK_TOKEN}" }
    domains:
      - { domain: ${TEST_DOMAIN}, server: centron, serverIP: 127.0.0.1, port: ${tls.valid90.port} }
      - { domain: ${TEST_DOMAIN}, server: local, serverIP: 127.0.0.1, port: ${tls.valid20.port} }
      - { domain: ${TEST_DOMAIN}, server: local, serverIP: 127.0.0.1, port: ${tls.valid3.port} }
      - { domain: self.test.internal, server: local, serverIP: 127.0.0.1, port: ${tls.selfSigned.port} }
  nginx:
    timeoutMs: 2000
    sources: [{ name: proxy, url: "${options.nginxUrl ?? nginx.statusUrl}" }]
  haproxy:
    timeoutMs: 1000
    source: ${haproxySource}
  aiServices:
    timeoutMs: 1000
    services:
      - { type: ollama, name: Ollama, url: "${ollama.url}" }
`,
    {},
  );
}

describe.each(testDatabases())("integrations through the API on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let cookie: string;
  let config = () => integrationsConfig();

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    config = () => integrationsConfig();
    t = await createTestApp(db.handle, { DATA_DIR: dataDir }, { monitoring: { config: () => config() } });
    t.clock.now = Date.now(); // the certificates were made against the real clock
    await t.services.staff.create("ops", PASSWORD);
    cookie = cookieFrom(
      await t.app.request("http://localhost/api/auth/sign-in", { method: "POST", headers: browserHeaders(), body: JSON.stringify({ username: "ops", password: PASSWORD }) }),
    );
    hookCalls.length = 0;
  });
  afterEach(async () => {
    await t.services.integrations!.stop();
    await cleanup();
  });

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await t.app.request(`http://localhost/api/admin${path}`, {
      method,
      headers: browserHeaders({ cookie }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { certificates?: Record<string, unknown>[] } };
  };
  const integrations = () => t.services.integrations!;
  /** One scheduler step, then whatever it started. */
  const tick = async () => {
    await integrations().tick();
    await integrations().idle();
  };
  const alertSubjects = (match = /Certificate/) => queuedTitles(t.services.database.db, { match });

  it("certificates: each gets its status and reason; bad ones are told once; a due one is renewed by its hook", async () => {
    let { body } = await api("GET", "/certificates");
    expect(body).toMatchObject({ success: true, total: 4, error: 4, lastUpdated: null });
    expect(body.certificates![0]).toMatchObject({ error: "Not checked yet", lastChecked: null });

    await tick();
    ({ body } = await api("GET", "/certificates"));
    expect(body).toMatchObject({ total: 4, healthy: 1, warning: 1, critical: 1, error: 1 });
    const [valid90, valid20, valid3, selfSigned] = body.certificates!;
    expect(valid90).toMatchObject({
      domain: TEST_DOMAIN,
      server: "centron",
      serverIP: "127.0.0.1",
      status: "healthy",
      daysRemaining: 90,
      chainValid: true,
      nameMatches: true,
      renewal: "acme",
    });
    expect(valid90!.expiryDate).toBe(certs.valid90.notAfter.toISOString());
    expect(valid20).toMatchObject({ status: "warning", daysRemaining: 20 });
    expect(valid3).toMatchObject({ status: "critical", daysRemaining: 3, renewal: "hook" });
    expect(selfSigned).toMatchObject({ status: "error" });
    expect(String(selfSigned!.error)).toMatch(/Self-signed certificate|name/i);

    // Warning, critical and error open incidents and are told; healthy is not.
    const subjects = await alertSubjects();
    expect(subjects.sort()).toEqual(
      [
        `[ALERT] Certificate ${TEST_DOMAIN} at 127.0.0.1:${tls.valid3.port} expires in 3 days`,
        `[ALERT] Certificate self.test.internal at 127.0.0.1:${tls.selfSigned.port} cannot be verified`,
        `[WARNING] Certificate ${TEST_DOMAIN} at 127.0.0.1:${tls.valid20.port} expires in 20 days`,
      ].sort(),
    );
    // The 3-day certificate is within 7 days: its server's hook was asked, with the bearer token.
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]!.authorization).toBe(`Bearer ${HOOK_TOKEN}`);
    expect(JSON.parse(hookCalls[0]!.body)).toEqual({ domain: TEST_DOMAIN, serverIP: "127.0.0.1" });
    const renewals = await api("GET", "/certificates/renewals");
    expect(renewals.body.renewals).toMatchObject([{ domain: TEST_DOMAIN, method: "hook", trigger: "auto", success: true, message: "renewal started on the local host" }]);

    // Five minutes on: checked again, same statuses, no new notice (a certificate is reminded of once a day), no second automatic renewal (it waits 6 h).
    t.advance(300_000);
    await tick();
    expect(await alertSubjects()).toHaveLength(3);
    expect(hookCalls).toHaveLength(1);
  });

  it("certificates: a manual check and a renewal by hook; bad input changes nothing", async () => {
    const checked = await api("POST", "/certificates/check", { domain: TEST_DOMAIN });
    expect(checked.status).toBe(200);
    expect(checked.body.certificates!.map((entry) => entry.status)).toEqual(["healthy", "warning", "critical"]);

    expect((await api("POST", "/certificates/check", { domain: "unknown.example" })).status).toBe(404);
    const missing = await api("POST", "/certificates/check", {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ domain: "domain is required" });

    const renewed = await api("POST", "/certificates/renew", { domain: "self.test.internal", serverIP: "127.0.0.1" });
    expect(renewed).toEqual({ status: 200, body: { success: true, message: "renewal started on the local host" } });
    const unknown = await api("POST", "/certificates/renew", { domain: "nowhere.test", serverIP: "127.0.0.1" });
    expect(unknown).toEqual({ status: 502, body: { success: false, message: "nowhere.test at 127.0.0.1 is not a monitored certificate" } });
    expect((await api("POST", "/certificates/renew", { domain: TEST_DOMAIN })).status).toBe(400);
    expect(hookCalls).toHaveLength(1);
  });

  it("certificates: ACME renewal through pebble, its HTTP-01 challenge answered by this server", async () => {
    // Pebble validates on its HTTP-01 port: this app listens there.
    const server: ServerType = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: pebble.httpPort });
    try {
      const result = await api("POST", "/certificates/renew", { domain: TEST_DOMAIN, serverIP: "127.0.0.1" });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.message).toMatch(/^Certificate for svc\.test\.internal issued/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const fullchain = readFileSync(join(dataDir, "certs", TEST_DOMAIN, "fullchain.pem"), "utf8");
    const issued = new X509Certificate(fullchain);
    expect(issued.subjectAltName).toContain(`DNS:${TEST_DOMAIN}`);
    expect(existsSync(join(dataDir, "certs", TEST_DOMAIN, "privkey.pem"))).toBe(true);
    // The challenge is gone, the account is kept for the next renewal.
    expect(await t.services.database.db.selectFrom("acme_challenges").selectAll().execute()).toEqual([]);
    expect(await t.services.database.db.selectFrom("acme_accounts").select("directory_url").execute()).toEqual([{ directory_url: pebble.directoryUrl }]);
  }, 90_000);

  it("the ACME challenge route answers stored tokens only", async () => {
    await integrations().certificates.challenges.put("tok_abcdefghijklmnop", "tok_abcdefghijklmnop.thumbprint");
    const found = await t.app.request("http://localhost/.well-known/acme-challenge/tok_abcdefghijklmnop");
    expect(found.status).toBe(200);
    expect(await found.text()).toBe("tok_abcdefghijklmnop.thumbprint");
    expect((await t.app.request("http://localhost/.well-known/acme-challenge/other_abcdefghijklmnop")).status).toBe(404);
    expect((await t.app.request("http://localhost/.well-known/acme-challenge/..%2F..%2Fetc")).status).toBe(404);
  });

  it("nginx: real counters, a rate from two samples, and the stored reading between samples", async () => {
    const firstAnswer = await api("GET", "/nginx");
    expect(firstAnswer.status).toBe(200);
    let body = firstAnswer.body;
    expect(body).toMatchObject({ overall_health: "healthy", alerts: [], nginx: { status: "healthy" }, intervalSeconds: 60 });
    const first = body.nginx as Record<string, number>;
    expect(first.server_requests).toBeGreaterThan(0);
    for (let i = 0; i < 10; i += 1) await fetch(nginx.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    t.clock.now = Date.now();
    ({ body } = await api("GET", "/nginx?refresh=1"));
    const second = body.nginx as Record<string, number>;
    expect(second.server_requests! - first.server_requests!).toBeGreaterThanOrEqual(10);
    expect(second.requests_per_second).toBeGreaterThan(0);
    // The stored reading is answered without sampling again.
    ({ body } = await api("GET", "/nginx"));
    expect((body.nginx as Record<string, number>).server_requests).toBe(second.server_requests);
  });

  it("haproxy: frontends, backends and servers with raw and display statuses; a dead or silent peer is an error, not a hang", async () => {
    const { status, body } = await api("GET", "/haproxy");
    expect(status, JSON.stringify(body)).toBe(200);
    const servers = body.servers as Record<string, unknown>[];
    expect(servers.find((server) => server.name === "web1")).toMatchObject({ display: "UP" });
    expect(servers.find((server) => server.name === "web2")).toMatchObject({ status: "DOWN", display: "DOWN", checkStatus: "L4CON" });
    expect((body.backends as Record<string, unknown>[]).find((backend) => backend.name === haproxy.backendName)).toMatchObject({ display: "UP", activeServers: 1, servers: 2 });
    expect((body.frontends as Record<string, unknown>[]).find((frontend) => frontend.name === haproxy.frontendName)).toMatchObject({ status: "OPEN", display: "UP" });
    expect(body.fetchedAt).toEqual(expect.any(String));

    config = () => integrationsConfig({ haproxyUrl: `http://127.0.0.1:${portOf(silent)}/stats` });
    t.advance(60_000);
    const started = Date.now();
    const failed = await api("GET", "/haproxy?refresh=1");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ error: "Failed to fetch HAProxy statistics", details: expect.stringMatching(/Timed out/) });
  });

  it("AI services: the health object from an Ollama-compatible server", async () => {
    const { status, body } = await api("GET", "/ai-services-health");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      overallStatus: "healthy",
      services: [{ service: "Ollama", status: "healthy", details: { model: "llama3.2:3b", models: ollama.behaviour.models } }],
      summary: { totalServices: 1, healthyServices: 1, unhealthyServices: 0, degradedServices: 0 },
      intervalSeconds: 120,
    });
  });

  it("only the lease holder samples on schedule; another process answers from the stored readings", async () => {
    await integrations().tick();
    await integrations().idle();
    const other = await createTestApp(t.services.database, { DATA_DIR: dataDir }, { monitoring: { config: () => config() } });
    try {
      other.clock.now = t.clock.now + 5_000;
      const seen = await other.app.request("http://localhost/api/admin/ai-services-health", { headers: browserHeaders({ cookie }) });
      expect(((await seen.json()) as { sampledAt: string }).sampledAt).toBe(new Date(t.clock.now).toISOString());
      // Everything is due now, but the lease is held: the other process samples nothing.
      await t.services.database.db.deleteFrom("integration_snapshots").execute();
      await t.services.database.db.deleteFrom("certificates").execute();
      const asked = ollama.requests.length;
      await other.services.integrations!.tick();
      await other.services.integrations!.idle();
      expect(ollama.requests.length).toBe(asked);
      expect(await t.services.database.db.selectFrom("certificates").selectAll().execute()).toEqual([]);
      // The holder does.
      await integrations().tick();
      await integrations().idle();
      expect(ollama.requests.length).toBeGreaterThan(asked);
      expect(await t.services.database.db.selectFrom("certificates").selectAll().execute()).toHaveLength(4);
    } finally {
      await other.services.integrations!.stop();
    }
  });

  it("infrastructure outages open incidents, are told once, and resolve when they are back", async () => {
    const infrastructure = /nginx|HAProxy|AI service/;
    await tick();
    // web2 has no server behind it: HAProxy marks it DOWN.
    expect(await alertSubjects(infrastructure)).toEqual([`[ALERT] HAProxy backend ${haproxy.backendName} has a server down (web2)`]);

    // nginx dies, the stats page stops answering, Ollama fails.
    config = () => integrationsConfig({ nginxUrl: `http://127.0.0.1:${deadPort}/nginx_status`, haproxyUrl: `http://127.0.0.1:${portOf(silent)}/stats` });
    ollama.behaviour.mode = "error";
    try {
      t.advance(120_000); // every source is due
      await tick();
      expect((await alertSubjects(infrastructure)).slice(1).sort()).toEqual(
        ["[ALERT] AI service Ollama is unhealthy", "[ALERT] HAProxy stats source cannot be read", "[ALERT] nginx proxy does not answer"].sort(),
      );
      const open = ((await api("GET", "/incidents/open")).body.incidents as { source: string; name: string; message: string }[]).filter(
        (incident) => incident.source !== "certificate",
      );
      expect(open.map((incident) => `${incident.source}:${incident.name}`).sort()).toEqual(
        ["ai:AI service Ollama", "haproxy:HAProxy stats source", `haproxy:HAProxy server ${haproxy.backendName}/web2`, "nginx:nginx proxy"].sort(),
      );
      expect(open.find((incident) => incident.source === "nginx")!.message).toMatch(/refused|ECONNREFUSED/i);
      // The dashboard's nginx panel shows the error state, not zeros.
      const panel = await api("GET", "/nginx");
      expect(panel).toMatchObject({ status: 502, body: { error: "Failed to load monitoring data", details: expect.stringMatching(/^proxy: /) } });

      // Still down a minute later: no second notice.
      t.advance(60_000);
      await tick();
      expect(await alertSubjects(infrastructure)).toHaveLength(4);
    } finally {
      config = () => integrationsConfig();
      ollama.behaviour.mode = "ok";
    }
    t.advance(60_000); // every source is due again, 4 minutes after the first notice
    await tick();
    expect((await alertSubjects(infrastructure)).slice(4).sort()).toEqual(
      ["[RESOLVED] AI service Ollama is healthy again", "[RESOLVED] HAProxy stats source is healthy again", "[RESOLVED] nginx proxy is healthy again"].sort(),
    );
    const stillOpen = (await api("GET", "/incidents/open")).body.incidents as { source: string; name: string }[];
    expect(stillOpen.filter((incident) => incident.source !== "certificate").map((incident) => incident.name)).toEqual([`HAProxy server ${haproxy.backendName}/web2`]);
    // Five minutes after its notice, the server still down is told again.
    t.advance(60_000);
    await tick();
    expect((await alertSubjects(infrastructure)).slice(7)).toEqual([`[REMINDER] HAProxy backend ${haproxy.backendName} has a server down (web2)`]);
  });

  it("a reading stored by another worker's Retry is decided on by the lease holder, once", async () => {
    await tick();
    const other = await createTestApp(t.services.database, { DATA_DIR: dataDir }, { monitoring: { config: () => config() } });
    try {
      ollama.behaviour.mode = "error";
      other.clock.now = t.clock.now + 1_000;
      const retried = await other.app.request("http://localhost/api/admin/ai-services-health?refresh=1", { headers: browserHeaders({ cookie }) });
      expect(((await retried.json()) as { overallStatus: string }).overallStatus).toBe("unhealthy");
      // The other worker does not hold the lease: it decides nothing.
      expect(await alertSubjects(/AI service/)).toEqual([]);
      t.advance(2_000);
      await tick();
      await tick();
      expect(await alertSubjects(/AI service/)).toEqual(["[ALERT] AI service Ollama is unhealthy"]);
    } finally {
      ollama.behaviour.mode = "ok";
      await other.services.integrations!.stop();
    }
  });

  describe("when maintenance ends", () => {
    const failing = () =>
      [
        `[ALERT] Certificate ${TEST_DOMAIN} at 127.0.0.1:${tls.valid3.port} expires in 3 days`,
        `[ALERT] Certificate self.test.internal at 127.0.0.1:${tls.selfSigned.port} cannot be verified`,
        `[ALERT] HAProxy backend ${haproxy.backendName} has a server down (web2)`,
        "[ALERT] nginx proxy does not answer",
        `[WARNING] Certificate ${TEST_DOMAIN} at 127.0.0.1:${tls.valid20.port} expires in 20 days`,
      ].sort();
    const told = async () => (await alertSubjects(/./)).sort();
    const sampledAt = async () =>
      (await t.services.database.db.selectFrom("integration_snapshots").select(["name", "sampled_at"]).orderBy("name").execute()).map((row) => [row.name, row.sampled_at]);
    const certificatesCheckedAt = async () => [...new Set((await t.services.database.db.selectFrom("certificates").select("checked_at").execute()).map((row) => row.checked_at))];

    /** nginx is dead; maintenance holds every incident back. */
    async function heldDuringMaintenance() {
      config = () => integrationsConfig({ nginxUrl: `http://127.0.0.1:${deadPort}/nginx_status` });
      expect((await api("POST", "/maintenance", { enable: true, reason: "Proxy move" })).status).toBe(200);
      await tick();
      const open = (await api("GET", "/incidents/open")).body.incidents as { name: string; announced: boolean }[];
      expect(open.map((incident) => incident.name)).toHaveLength(5);
      expect(open.every((incident) => !incident.announced)).toBe(true);
      // Ten seconds on, still in maintenance: no source is due (nginx every minute, certificates every 5), nothing is read or told.
      t.advance(10_000);
      const before = await sampledAt();
      await tick();
      expect(await sampledAt()).toEqual(before);
      expect(await told()).toEqual([]);
    }

    it("what is still failing is read again at once and told, not at its interval", async () => {
      await heldDuringMaintenance();
      expect((await api("POST", "/maintenance", { enable: false })).status).toBe(200);
      await integrations().idle();
      expect(await told()).toEqual(failing());
      expect(await sampledAt()).toEqual([
        ["ai-services", t.clock.now],
        ["haproxy", t.clock.now],
        ["nginx", t.clock.now],
      ]);
      expect(await certificatesCheckedAt()).toEqual([t.clock.now]);
      // Told once: the next reading on schedule adds nothing.
      t.advance(60_000);
      await tick();
      expect(await told()).toEqual(failing());
    });

    it("ended in another worker: that worker reads again, the lease holder tells, and nothing is read twice", async () => {
      await heldDuringMaintenance();
      const other = await createTestApp(t.services.database, { DATA_DIR: dataDir }, { monitoring: { config: () => config() } });
      try {
        other.clock.now = t.clock.now;
        const ended = await other.app.request("http://localhost/api/admin/maintenance", {
          method: "POST",
          headers: browserHeaders({ cookie }),
          body: JSON.stringify({ enable: false }),
        });
        expect(ended.status).toBe(200);
        await other.services.integrations!.idle();
        // It does not hold the lease: it read, but decides nothing.
        const endedAt = t.clock.now;
        expect(await sampledAt()).toEqual([
          ["ai-services", endedAt],
          ["haproxy", endedAt],
          ["nginx", endedAt],
        ]);
        expect(await told()).toEqual([]);
        // The holder's next tick decides on those readings; it sees the same end, finds everything read since, and reads nothing again.
        t.advance(2_000);
        await tick();
        expect(await told()).toEqual(failing());
        expect(await sampledAt()).toEqual([
          ["ai-services", endedAt],
          ["haproxy", endedAt],
          ["nginx", endedAt],
        ]);
        expect(await certificatesCheckedAt()).toEqual([endedAt]);
      } finally {
        await other.services.integrations!.stop();
      }
    });
  });

  it("large staff answers are compressed for clients that accept it", async () => {
    const zipped = await t.app.request("http://localhost/api/admin/certificates", { headers: browserHeaders({ cookie, "accept-encoding": "gzip" }) });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const body = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
    expect(JSON.parse(body)).toMatchObject({ success: true, total: 4 });
    const plain = await t.app.request("http://localhost/api/admin/certificates", { headers: browserHeaders({ cookie }) });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(await plain.text())).toEqual(JSON.parse(body));
  });

  it("staff only", async () => {
    for (const path of ["/certificates", "/nginx", "/haproxy", "/ai-services-health"]) {
      expect((await t.app.request(`http://localhost/api/admin${path}`, { headers: browserHeaders() })).status).toBe(401);
    }
  });
});
