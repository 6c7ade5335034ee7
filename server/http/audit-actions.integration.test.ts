// The audit trail of the staff actions audit.integration.test.ts does not walk through: a status update, an incident
// acknowledged with its note, Test Email and Test Failure, a certificate checked and renewed (by hook), a contact
// message retried and deleted. Each is done through the real API by a signed-in owner and recorded with the owner's
// name, the pseudonym of the client's address (never the address), its target and its detail; a viewer's 403, bad
// input (400) and a refusal (404, 409) record nothing. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuditEntry } from "#server/audit/audit-trail.ts";
import { MIN_FORM_AGE_MS } from "#server/contact/form-token.ts";
import type { CheckTarget } from "#server/monitor/checks/check-types.ts";
import { parseMonitoringConfig, type MonitoringConfig } from "#server/monitoring-config.ts";
import {
  makeTestCertificates,
  startTlsServer,
  TEST_DOMAIN,
  type TestCertificates,
  type TestServer,
} from "#scripts/fleet/certificates.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";

const PASSWORD = "correct horse battery staple";
const HOOK_TOKEN = "hook-token-0123456789abcdef";
const OWNER_IP = "203.0.113.7";
const VIEWER_IP = "198.51.100.9";
const UPDATE = {
  state: "identified",
  titleEn: "Slow answers",
  titleDe: "Langsame Antworten",
  messageEn: "An index is being rebuilt.",
  messageDe: "Ein Index wird neu aufgebaut.",
};

/** A TLS server presenting a certificate for TEST_DOMAIN, and a renewal hook that counts its calls. */
type Peers = { certs: TestCertificates; tls: TestServer; hook: Server; hookCalls: string[]; dataDir: string };

function withPeers(): Peers {
  const peers = { hookCalls: [] as string[] } as Peers;
  beforeAll(async () => {
    peers.certs = makeTestCertificates();
    peers.tls = await startTlsServer(peers.certs.valid90);
    peers.hook = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        peers.hookCalls.push(body);
        response
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ message: "renewal started on the local host" }));
      });
    });
    await new Promise<void>((resolve) => peers.hook.listen(0, "127.0.0.1", resolve));
    peers.dataDir = mkdtempSync(join(tmpdir(), "audit-actions-"));
  }, 60_000);
  afterAll(async () => {
    await peers.tls?.close();
    peers.hook?.close();
    peers.certs?.cleanup();
    if (peers.dataDir) rmSync(peers.dataDir, { recursive: true, force: true });
  });
  return peers;
}

/** A public and a private service, both failing, and one certificate renewed by hook. */
function monitoringConfig(peers: Peers): MonitoringConfig {
  const hookPort = (peers.hook.address() as AddressInfo).port;
  return parseMonitoringConfig(
    `
alerts: { to: ops@example.com, cooldownMinutes: 5 }
defaults: { intervalSeconds: 60, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
services:
  - { id: api, name: Api internal, public: true, publicName: { en: Public API, de: Öffentliche API },
      hosts: { fra: { url: "http://fra.api.test/health" } } }
  - { id: billing, name: Billing, hosts: { vault: { url: "http://vault.billing.test/health" } } }
integrations:
  certificates:
    intervalSeconds: 300
    timeoutMs: 3000
    caFile: "${peers.certs.ca.certFile}"
    renewal:
      local: { method: hook, url: "http://127.0.0.1:${hookPort}/renew", token: "${HOOK_TOKEN}" }
    domains:
      - { domain: ${TEST_DOMAIN}, server: local, serverIP: 127.0.0.1, port: ${peers.tls.port} }
`,
    {},
  );
}

const unhealthy: CheckTarget = async () => ({
  status: "unhealthy",
  responseTime: 20,
  errorMessage: "HTTP 503",
  retryAttempt: 0,
  basic: false,
});

async function setUp(handle: Parameters<typeof createTestApp>[0], peers: Peers) {
  const config = monitoringConfig(peers);
  const t = await createTestApp(
    handle,
    // Behind a proxy, so each client comes from an address of its own; no contact limits.
    { TRUST_PROXY: "true", DATA_DIR: peers.dataDir, CONTACT_LIMIT_PER_IP: "0", CONTACT_LIMIT_GLOBAL: "0" },
    { monitoring: { config: () => config, check: unhealthy } },
  );
  t.clock.now = Date.now(); // the certificates were made against the real clock
  await t.services.staff.create("olivia", PASSWORD, "owner");
  await t.services.staff.create("victor", PASSWORD, "viewer");
  const call = (ip: string, cookie: string) => async (method: string, path: string, body?: unknown) => {
    const response = await t.app.request(`http://localhost/api/admin${path}`, {
      method,
      headers: browserHeaders({ "x-forwarded-for": ip, cookie }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
  };
  const signIn = async (username: string, ip: string) => {
    const response = await t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders({ "x-forwarded-for": ip }),
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    return call(ip, cookieFrom(response));
  };
  return { t, owner: await signIn("olivia", OWNER_IP), viewer: await signIn("victor", VIEWER_IP) };
}

/** A fresh app and database for each test of the block, with an owner and a viewer signed in. */
function useApp(open: TestDatabase["open"], peers: Peers) {
  let cleanup: () => Promise<void>;
  const current = {} as { app: Awaited<ReturnType<typeof setUp>> };
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    current.app = await setUp(db.handle, peers);
    peers.hookCalls.length = 0;
  });
  afterEach(async () => {
    await current.app.t.services.probes?.stop();
    await cleanup();
  });
  return current;
}

type App = Awaited<ReturnType<typeof setUp>>;

/** What the trail holds besides the sign-ins, oldest first. */
async function staffActions(app: App): Promise<AuditEntry[]> {
  const page = await app.t.services.audit.list({ limit: 200 });
  return page.events.filter((event) => !event.action.startsWith("sign-in.")).reverse();
}

/** The one event the owner's request recorded: by olivia, from her address's pseudonym, never the address. */
function expectOwnersEvent(app: App, event: AuditEntry | undefined, action: string) {
  expect(event, action).toBeDefined();
  expect(event!.action).toBe(action);
  expect(event!.actor).toBe("olivia");
  expect(typeof event!.source).toBe("string");
  expect(event!.source).toBe(app.t.services.audit.pseudonym(OWNER_IP));
  expect(event!.source).not.toContain(OWNER_IP);
  expect(JSON.stringify(event)).not.toContain(OWNER_IP);
}

/** Runs the monitor once: both services fail, each opens an incident. */
async function openIncidents(app: App) {
  await app.t.services.probes!.lead();
  await app.t.services.monitor!.engine.runCycle();
  const incidentOf = async (serviceId: string) =>
    (
      await app.t.services.database.db
        .selectFrom("incidents")
        .select("id")
        .where("service_id", "=", serviceId)
        .executeTakeFirstOrThrow()
    ).id;
  return { api: await incidentOf("api"), billing: await incidentOf("billing") };
}

/** A contact message in the inbox, flagged as spam (its honeypot filled), so Retry releases it. */
async function spamMessage(app: App) {
  const token = app.t.services.formTokens.issue();
  app.t.advance(MIN_FORM_AGE_MS);
  const result = await app.t.services.contact.submit(
    {
      name: "Erika",
      email: "erika@example.org",
      subject: "Kept as spam",
      message: "A message of some length.",
      website: "autofill",
      token,
    },
    { ip: "192.0.2.1", language: "en" },
  );
  if (result.kind !== "accepted" || result.id === null) throw new Error(`not kept: ${result.kind}`);
  return result.id;
}

/** Staff's words on an incident (routes/status.ts). */
async function statusUpdate(app: App) {
  const { owner, viewer } = app;
  const incidents = await openIncidents(app);
  const path = (id: number | string) => `/incidents/${id}/status-updates`;
  expect((await viewer("POST", path(incidents.api), UPDATE)).status).toBe(403);
  expect((await owner("POST", path(incidents.api), { ...UPDATE, state: "sleeping" })).status).toBe(400);
  expect((await owner("POST", path("abc"), UPDATE)).status).toBe(400);
  expect((await owner("POST", path(99_999), UPDATE)).status).toBe(404);
  expect((await owner("POST", path(incidents.billing), UPDATE)).status).toBe(409);
  expect(await staffActions(app)).toEqual([]);

  expect((await owner("POST", path(incidents.api), UPDATE)).status).toBe(201);
  const events = await staffActions(app);
  expect(events).toHaveLength(1);
  expectOwnersEvent(app, events[0], "status-update.posted");
  expect(events[0]!.target).toBe(`incident ${incidents.api}`);
  expect(events[0]!.detail).toEqual({ state: "identified" });
}

/** Acknowledging an incident (routes/alerting.ts). */
async function acknowledgement(app: App) {
  const { owner, viewer } = app;
  const incidents = await openIncidents(app);
  const path = (id: number | string) => `/incidents/${id}/acknowledge`;
  expect((await viewer("POST", path(incidents.api), { note: "On it" })).status).toBe(403);
  expect((await owner("POST", path(incidents.api), { note: "x".repeat(501) })).status).toBe(400);
  expect((await owner("POST", path("abc"), { note: "On it" })).status).toBe(400);
  expect((await owner("POST", path(99_999), { note: "On it" })).status).toBe(404);
  expect(await staffActions(app)).toEqual([]);

  expect((await owner("POST", path(incidents.api), { note: "On it" })).status).toBe(200);
  expect((await owner("POST", path(incidents.api), { note: "Again" })).status).toBe(409);
  expect((await owner("POST", path(incidents.billing), {})).status).toBe(200);
  const events = await staffActions(app);
  expect(events).toHaveLength(2);
  expectOwnersEvent(app, events[0], "incident.acknowledged");
  expect(events[0]!.target).toBe(`incident ${incidents.api}`);
  expect(events[0]!.detail).toEqual({ note: "On it" });
  // Without a note there is no detail.
  expectOwnersEvent(app, events[1], "incident.acknowledged");
  expect(events[1]!.target).toBe(`incident ${incidents.billing}`);
  expect(events[1]!.detail).toBeNull();
}

/** The two test buttons (routes/monitor.ts). */
async function testAlerts(app: App) {
  const { owner, viewer } = app;
  expect((await viewer("POST", "/alerts/test-email")).status).toBe(403);
  expect((await viewer("POST", "/alerts/test-failure", { serviceId: "api" })).status).toBe(403);
  expect((await owner("POST", "/alerts/test-failure", { serviceId: 7 })).status).toBe(400);
  expect((await owner("POST", "/alerts/test-failure", { serviceId: "nope" })).status).toBe(404);
  expect(await staffActions(app)).toEqual([]);

  // Without SMTP the test cannot be delivered: it is done all the same, and recorded with its outcome.
  const email = await owner("POST", "/alerts/test-email");
  expect(email.status).toBe(502);
  const failure = await owner("POST", "/alerts/test-failure", { serviceId: "api" });
  expect(failure.status).toBe(200);
  expect(failure.body).toMatchObject({ success: false });
  const events = await staffActions(app);
  expect(events).toHaveLength(2);
  expectOwnersEvent(app, events[0], "test.email");
  expect(events[0]!.target).toBeNull();
  expect(events[0]!.detail).toEqual({ success: false });
  expectOwnersEvent(app, events[1], "test.failure");
  expect(events[1]!.target).toBe("api");
  expect(events[1]!.detail).toEqual({ success: false });
}

/** Check and Renew on the certificates panel (routes/integrations.ts). */
async function certificates(app: App) {
  const { owner, viewer } = app;
  const renewal = { domain: TEST_DOMAIN, serverIP: "127.0.0.1" };
  expect((await viewer("POST", "/certificates/check", { domain: TEST_DOMAIN })).status).toBe(403);
  expect((await viewer("POST", "/certificates/renew", renewal)).status).toBe(403);
  expect((await owner("POST", "/certificates/check", {})).status).toBe(400);
  expect((await owner("POST", "/certificates/check", { domain: "unknown.example" })).status).toBe(404);
  expect((await owner("POST", "/certificates/renew", { domain: TEST_DOMAIN })).status).toBe(400);
  expect(await staffActions(app)).toEqual([]);
  expect(peers.hookCalls).toEqual([]);

  expect((await owner("POST", "/certificates/check", { domain: TEST_DOMAIN })).status).toBe(200);
  expect((await owner("POST", "/certificates/renew", renewal)).status).toBe(200);
  expect(peers.hookCalls).toHaveLength(1);
  // A renewal that fails is still one the owner asked for: recorded, with its outcome.
  const unknown = await owner("POST", "/certificates/renew", { domain: "nowhere.test", serverIP: "127.0.0.1" });
  expect(unknown.status).toBe(502);
  const events = await staffActions(app);
  expect(events.map((event) => [event.action, event.target, event.detail])).toEqual([
    ["certificate.checked", TEST_DOMAIN, null],
    ["certificate.renewal", TEST_DOMAIN, { serverIP: "127.0.0.1", success: true }],
    ["certificate.renewal", "nowhere.test", { serverIP: "127.0.0.1", success: false }],
  ]);
  for (const event of events) expectOwnersEvent(app, event, event.action);
}

/** Retry and Delete in the staff inbox (routes/admin-contact.ts). */
async function contactMessages(app: App) {
  const { owner, viewer } = app;
  const id = await spamMessage(app);
  expect((await viewer("POST", `/contact-messages/${id}/retry`)).status).toBe(403);
  expect((await viewer("DELETE", `/contact-messages/${id}`)).status).toBe(403);
  expect((await owner("POST", "/contact-messages/abc/retry")).status).toBe(404);
  expect((await owner("POST", `/contact-messages/${id + 1}/retry`)).status).toBe(404);
  expect((await owner("DELETE", `/contact-messages/${id + 1}`)).status).toBe(404);
  expect(await staffActions(app)).toEqual([]);

  expect((await owner("POST", `/contact-messages/${id}/retry`)).status).toBe(200);
  expect((await owner("DELETE", `/contact-messages/${id}`)).status).toBe(204);
  expect((await owner("DELETE", `/contact-messages/${id}`)).status).toBe(404);
  const events = await staffActions(app);
  expect(events.map((event) => [event.action, event.target, event.detail])).toEqual([
    ["contact-message.retried", `message ${id}`, null],
    ["contact-message.deleted", `message ${id}`, null],
  ]);
  for (const event of events) expectOwnersEvent(app, event, event.action);
}

const peers = withPeers();

describe.each(testDatabases())("the audit trail of staff actions, on $dialect", ({ open }) => {
  const current = useApp(open, peers);

  it("records a status update: its incident and state; a refused, invalid or private one records nothing", () =>
    statusUpdate(current.app));
  it("records an acknowledgement: its incident and note; a refused, invalid or repeated one records nothing", () =>
    acknowledgement(current.app));
  it("records Test Email and Test Failure: their outcome; a refused or invalid one records nothing", () =>
    testAlerts(current.app));
  it("records a certificate check and renewal: domain, server, outcome; a refused or invalid one records nothing", () =>
    certificates(current.app));
  it("records a contact message retried and deleted; a refused or missing one records nothing", () =>
    contactMessages(current.app));
});
