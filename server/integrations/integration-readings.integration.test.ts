// The integrations' readings through the staff API, against real peers
// (tests/support/integrations-harness.ts): certificates checked and renewed by
// hook and by ACME through pebble, nginx counters, HAProxy statuses, an
// Ollama-compatible server; staff only, compressed when asked.
import { X509Certificate } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { TEST_DOMAIN } from "#scripts/fleet/certificates.ts";
import {
  HOOK_TOKEN,
  integrationsConfig,
  portOf,
  withIntegrationPeers,
  withIntegrationsApp,
} from "#tests/support/integrations-harness.ts";
import { browserHeaders } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

const peers = withIntegrationPeers();

describe.each(testDatabases())("integration readings through the API on $dialect: certificates", ({ open }) => {
  const h = withIntegrationsApp(open, peers);

  it(
    "certificates: each gets its status and reason; bad ones are " + "told once; a due one is renewed by its hook",
    async () => {
      let { body } = await h.api("GET", "/certificates");
      expect(body).toMatchObject({ success: true, total: 4, error: 4, lastUpdated: null });
      expect(body.certificates![0]).toMatchObject({ error: "Not checked yet", lastChecked: null });

      await h.tick();
      ({ body } = await h.api("GET", "/certificates"));
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
      expect(valid90!.expiryDate).toBe(peers.certs.valid90.notAfter.toISOString());
      expect(valid20).toMatchObject({ status: "warning", daysRemaining: 20 });
      expect(valid3).toMatchObject({ status: "critical", daysRemaining: 3, renewal: "hook" });
      expect(selfSigned).toMatchObject({ status: "error" });
      expect(String(selfSigned!.error)).toMatch(/Self-signed certificate|name/i);

      // Warning, critical and error open incidents and are told; healthy is not.
      const subjects = await h.alertSubjects();
      expect(subjects.sort()).toEqual(
        [
          `[ALERT] Certificate ${TEST_DOMAIN} at 127.0.0.1:${peers.tls.valid3.port} expires in 3 days`,
          `[ALERT] Certificate self.test.internal at 127.0.0.1:${peers.tls.selfSigned.port} cannot be verified`,
          `[WARNING] Certificate ${TEST_DOMAIN} at 127.0.0.1:${peers.tls.valid20.port} expires in 20 days`,
        ].sort(),
      );
      // The 3-day certificate is within 7 days: its server's hook was asked, with the bearer token.
      expect(peers.hookCalls).toHaveLength(1);
      expect(peers.hookCalls[0]!.authorization).toBe(`Bearer ${HOOK_TOKEN}`);
      expect(JSON.parse(peers.hookCalls[0]!.body)).toEqual({ domain: TEST_DOMAIN, serverIP: "127.0.0.1" });
      const renewals = await h.api("GET", "/certificates/renewals");
      expect(renewals.body.renewals).toMatchObject([
        {
          domain: TEST_DOMAIN,
          method: "hook",
          trigger: "auto",
          success: true,
          message: "renewal started on the local host",
        },
      ]);

      // Five minutes on: checked again, same statuses, no new notice (a certificate is reminded of once a day), no
      // second automatic renewal (it waits 6 h).
      h.t.advance(300_000);
      await h.tick();
      expect(await h.alertSubjects()).toHaveLength(3);
      expect(peers.hookCalls).toHaveLength(1);
    },
  );

  it("certificates: a manual check and a renewal by hook; bad input changes nothing", async () => {
    const checked = await h.api("POST", "/certificates/check", { domain: TEST_DOMAIN });
    expect(checked.status).toBe(200);
    expect(checked.body.certificates!.map((entry) => entry.status)).toEqual(["healthy", "warning", "critical"]);

    expect((await h.api("POST", "/certificates/check", { domain: "unknown.example" })).status).toBe(404);
    const missing = await h.api("POST", "/certificates/check", {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ domain: "domain is required" });

    const renewed = await h.api("POST", "/certificates/renew", { domain: "self.test.internal", serverIP: "127.0.0.1" });
    expect(renewed).toEqual({ status: 200, body: { success: true, message: "renewal started on the local host" } });
    const unknown = await h.api("POST", "/certificates/renew", { domain: "nowhere.test", serverIP: "127.0.0.1" });
    expect(unknown).toEqual({
      status: 502,
      body: { success: false, message: "nowhere.test at 127.0.0.1 is not a monitored certificate" },
    });
    expect((await h.api("POST", "/certificates/renew", { domain: TEST_DOMAIN })).status).toBe(400);
    expect(peers.hookCalls).toHaveLength(1);
  });

  it("certificates: ACME renewal through pebble, its HTTP-01 challenge answered by this server", async () => {
    // Pebble validates on its HTTP-01 port: this app listens there.
    const server: ServerType = serve({ fetch: h.t.app.fetch, hostname: "127.0.0.1", port: peers.pebble.httpPort });
    try {
      const result = await h.api("POST", "/certificates/renew", { domain: TEST_DOMAIN, serverIP: "127.0.0.1" });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.message).toMatch(/^Certificate for svc\.test\.internal issued/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const fullchain = readFileSync(join(peers.dataDir, "certs", TEST_DOMAIN, "fullchain.pem"), "utf8");
    const issued = new X509Certificate(fullchain);
    expect(issued.subjectAltName).toContain(`DNS:${TEST_DOMAIN}`);
    expect(existsSync(join(peers.dataDir, "certs", TEST_DOMAIN, "privkey.pem"))).toBe(true);
    // The challenge is gone, the account is kept for the next renewal.
    expect(await h.t.services.database.db.selectFrom("acme_challenges").selectAll().execute()).toEqual([]);
    expect(await h.t.services.database.db.selectFrom("acme_accounts").select("directory_url").execute()).toEqual([
      { directory_url: peers.pebble.directoryUrl },
    ]);
  }, 90_000);

  it("the ACME challenge route answers stored tokens only", async () => {
    await h.integrations().certificates.challenges.put("tok_abcdefghijklmnop", "tok_abcdefghijklmnop.thumbprint");
    const found = await h.t.app.request("http://localhost/.well-known/acme-challenge/tok_abcdefghijklmnop");
    expect(found.status).toBe(200);
    expect(await found.text()).toBe("tok_abcdefghijklmnop.thumbprint");
    expect((await h.t.app.request("http://localhost/.well-known/acme-challenge/other_abcdefghijklmnop")).status).toBe(
      404,
    );
    expect((await h.t.app.request("http://localhost/.well-known/acme-challenge/..%2F..%2Fetc")).status).toBe(404);
  });
});

describe.each(testDatabases())(
  "integration readings through the API on $dialect: nginx, HAProxy, AI services and access",
  ({ open }) => {
    const h = withIntegrationsApp(open, peers);

    it("nginx: real counters, a rate from two samples, and the stored reading between samples", async () => {
      const firstAnswer = await h.api("GET", "/nginx");
      expect(firstAnswer.status).toBe(200);
      let body = firstAnswer.body;
      expect(body).toMatchObject({
        overall_health: "healthy",
        alerts: [],
        nginx: { status: "healthy" },
        intervalSeconds: 60,
      });
      const first = body.nginx as Record<string, number>;
      expect(first.server_requests).toBeGreaterThan(0);
      for (let i = 0; i < 10; i += 1) await fetch(peers.nginx.baseUrl);
      // The rate's interval is the app's clock's: a second passes on it, not in the test.
      h.t.clock.now += 1_100;
      ({ body } = await h.api("GET", "/nginx?refresh=1"));
      const second = body.nginx as Record<string, number>;
      expect(second.server_requests! - first.server_requests!).toBeGreaterThanOrEqual(10);
      expect(second.requests_per_second).toBeGreaterThan(0);
      // The stored reading is answered without sampling again.
      ({ body } = await h.api("GET", "/nginx"));
      expect((body.nginx as Record<string, number>).server_requests).toBe(second.server_requests);
    });

    it(
      "haproxy: frontends, backends and servers with raw and display " +
        "statuses; a dead or silent peer is an error, not a hang",
      async () => {
        const { status, body } = await h.api("GET", "/haproxy");
        expect(status, JSON.stringify(body)).toBe(200);
        const servers = body.servers as Record<string, unknown>[];
        expect(servers.find((server) => server.name === "web1")).toMatchObject({ display: "UP" });
        expect(servers.find((server) => server.name === "web2")).toMatchObject({
          status: "DOWN",
          display: "DOWN",
          checkStatus: "L4CON",
        });
        expect(
          (body.backends as Record<string, unknown>[]).find((backend) => backend.name === peers.haproxy.backendName),
        ).toMatchObject({
          display: "UP",
          activeServers: 1,
          servers: 2,
        });
        expect(
          (body.frontends as Record<string, unknown>[]).find(
            (frontend) => frontend.name === peers.haproxy.frontendName,
          ),
        ).toMatchObject({ status: "OPEN", display: "UP" });
        expect(body.fetchedAt).toEqual(expect.any(String));

        h.config = () => integrationsConfig(peers, { haproxyUrl: `http://127.0.0.1:${portOf(peers.silent)}/stats` });
        h.t.advance(60_000);
        const started = Date.now();
        const failed = await h.api("GET", "/haproxy?refresh=1");
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(failed.status).toBe(502);
        expect(failed.body).toMatchObject({
          error: "Failed to fetch HAProxy statistics",
          details: expect.stringMatching(/Timed out/),
        });
      },
    );

    it("AI services: the health object from an Ollama-compatible server", async () => {
      const { status, body } = await h.api("GET", "/ai-services-health");
      expect(status).toBe(200);
      expect(body).toMatchObject({
        overallStatus: "healthy",
        services: [
          {
            service: "Ollama",
            status: "healthy",
            details: { model: "llama3.2:3b", models: peers.ollama.behaviour.models },
          },
        ],
        summary: { totalServices: 1, healthyServices: 1, unhealthyServices: 0, degradedServices: 0 },
        intervalSeconds: 120,
      });
    });

    it("large staff answers are compressed for clients that accept it", async () => {
      const zipped = await h.t.app.request("http://localhost/api/admin/certificates", {
        headers: browserHeaders({ cookie: h.cookie, "accept-encoding": "gzip" }),
      });
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      const body = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
      expect(JSON.parse(body)).toMatchObject({ success: true, total: 4 });
      const plain = await h.t.app.request("http://localhost/api/admin/certificates", {
        headers: browserHeaders({ cookie: h.cookie }),
      });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(JSON.parse(await plain.text())).toEqual(JSON.parse(body));
    });

    it("staff only", async () => {
      for (const path of ["/certificates", "/nginx", "/haproxy", "/ai-services-health"]) {
        expect((await h.t.app.request(`http://localhost/api/admin${path}`, { headers: browserHeaders() })).status).toBe(
          401,
        );
      }
    });
  },
);
