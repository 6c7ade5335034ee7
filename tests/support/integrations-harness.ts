// The integrations end to end through the staff API, against real peers:
// nginx, HAProxy in front of one live and one dead server, TLS servers with
// openssl-made certificates, pebble issuing over HTTP-01, a renewal hook, an
// Ollama-compatible server and a peer that accepts and never answers. The
// test files of server/integrations/ share them through this harness.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { parseMonitoringConfig, type MonitoringConfig } from "#server/monitoring-config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import {
  makeTestCertificates,
  startTlsServer,
  TEST_DOMAIN,
  type TestCertificates,
  type TestServer,
} from "#scripts/fleet/certificates.ts";
import { startHaproxy, type TestHaproxy } from "#tests/peers/haproxy.ts";
import { startNginx, type TestNginx } from "#tests/peers/nginx.ts";
import { startOllamaCompatible, type OllamaCompatible } from "#scripts/fleet/ollama.ts";
import { startPebble, type Pebble } from "#tests/peers/pebble.ts";
import { queuedTitles } from "./queued-notices.ts";
import { browserHeaders, cookieFrom, createTestApp } from "./test-app.ts";

const PASSWORD = "correct horse battery staple";
export const HOOK_TOKEN = "hook-token-0123456789abcdef";

export const portOf = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => resolve(body));
  });

export type IntegrationPeers = {
  certs: TestCertificates;
  tls: Record<"valid90" | "valid20" | "valid3" | "selfSigned", TestServer>;
  nginx: TestNginx;
  haproxy: TestHaproxy;
  /** Accepts connections and never answers. */
  silent: TcpServer;
  /** A port nothing listens on: a dead peer. */
  deadPort: number;
  hook: Server;
  hookCalls: { authorization: string | undefined; body: string }[];
  ollama: OllamaCompatible;
  pebble: Pebble;
  dataDir: string;
  live: Server;
};

/** Starts the peers before the file's tests and stops them after; the object is filled in beforeAll. */
export function withIntegrationPeers(): IntegrationPeers {
  const peers = { tls: {}, hookCalls: [] } as unknown as IntegrationPeers;
  beforeAll(async () => {
    peers.certs = makeTestCertificates();
    for (const name of ["valid90", "valid20", "valid3", "selfSigned"] as const)
      peers.tls[name] = await startTlsServer(peers.certs[name]);
    peers.nginx = await startNginx();
    peers.live = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => peers.live.listen(0, "127.0.0.1", resolve));
    const dead = createTcpServer();
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    peers.deadPort = portOf(dead);
    await new Promise((resolve) => dead.close(resolve));
    peers.haproxy = await startHaproxy({
      servers: [
        { name: "web1", port: portOf(peers.live) },
        { name: "web2", port: peers.deadPort },
      ],
    });
    peers.silent = createTcpServer(() => undefined);
    await new Promise<void>((resolve) => peers.silent.listen(0, "127.0.0.1", resolve));
    peers.hook = createServer(async (request, response) => {
      peers.hookCalls.push({ authorization: request.headers.authorization, body: await readBody(request) });
      response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ message: "renewal started on the local host" }));
    });
    await new Promise<void>((resolve) => peers.hook.listen(0, "127.0.0.1", resolve));
    peers.ollama = await startOllamaCompatible();
    peers.pebble = await startPebble();
    peers.dataDir = mkdtempSync(join(tmpdir(), "integrations-data-"));
  }, 60_000);

  afterAll(async () => {
    await Promise.all([
      ...Object.values(peers.tls).map((server) => server.close()),
      peers.nginx?.stop(),
      peers.haproxy?.stop(),
      peers.ollama?.close(),
      peers.pebble?.stop(),
    ]);
    for (const server of [peers.live, peers.silent, peers.hook]) server?.close();
    peers.certs?.cleanup();
    if (peers.dataDir) rmSync(peers.dataDir, { recursive: true, force: true });
  });
  return peers;
}

/** The monitoring configuration naming every peer; a source can be pointed elsewhere (a dead or silent peer). */
export function integrationsConfig(
  peers: IntegrationPeers,
  options: { haproxyUrl?: string; nginxUrl?: string } = {},
): MonitoringConfig {
  const { certs, tls, pebble, dataDir, haproxy, nginx, ollama } = peers;
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
    acme:
      directoryUrl: "${pebble.directoryUrl}"
      email: ops@example.com
      caFile: "${pebble.caFile}"
      certificateDir: "${dataDir}/certs"
    renewal:
      centron: { method: acme }
      local: { method: hook, url: "http://127.0.0.1:${portOf(peers.hook)}/renew", token: "${HOOK_TOKEN}" }
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

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A fresh app on a fresh database for each test, with a signed-in staff
 * member, reading the peers through `harness.config` (a test may point it
 * elsewhere; it is reset before each test).
 */
export function withIntegrationsApp(
  open: () => Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }>,
  peers: IntegrationPeers,
) {
  let cleanup: () => Promise<void>;
  const harness = {
    t: undefined as unknown as TestApp,
    cookie: "",
    config: () => integrationsConfig(peers),
    /** Another process on the same database (a second worker), which must be stopped. */
    otherApp: () =>
      createTestApp(
        harness.t.services.database,
        { DATA_DIR: peers.dataDir },
        { monitoring: { config: () => harness.config() } },
      ),
    integrations: () => harness.t.services.integrations!,
    /** One scheduler step, then whatever it started. */
    tick: async () => {
      await harness.t.services.probes!.tick();
      await harness.integrations().idle();
    },
    alertSubjects: (match = /Certificate/) => queuedTitles(harness.t.services.database.db, { match }),
    api: async (method: string, path: string, body?: unknown) => {
      const response = await harness.t.app.request(`http://localhost/api/admin${path}`, {
        method,
        headers: browserHeaders({ cookie: harness.cookie }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown> & { certificates?: Record<string, unknown>[] },
      };
    },
  };

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    harness.config = () => integrationsConfig(peers);
    harness.t = await createTestApp(
      db.handle,
      { DATA_DIR: peers.dataDir },
      { monitoring: { config: () => harness.config() } },
    );
    harness.t.clock.now = Date.now(); // the certificates were made against the real clock
    await harness.t.services.staff.create("ops", PASSWORD);
    harness.cookie = cookieFrom(
      await harness.t.app.request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders(),
        body: JSON.stringify({ username: "ops", password: PASSWORD }),
      }),
    );
    peers.hookCalls.length = 0;
  });
  afterEach(async () => {
    await harness.t.services.probes!.stop();
    await cleanup();
  });
  return harness;
}
