// The integrations' incidents over time, against real peers
// (tests/support/integrations-harness.ts): outages opened, told once, reminded
// and resolved; only the lease holder samples and decides, whichever worker
// read; what is still failing when maintenance ends is read again and told.
import { describe, expect, it } from "vitest";
import { TEST_DOMAIN } from "#scripts/fleet/certificates.ts";
import {
  integrationsConfig,
  portOf,
  withIntegrationPeers,
  withIntegrationsApp,
} from "#tests/support/integrations-harness.ts";
import { browserHeaders } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

const peers = withIntegrationPeers();

describe.each(testDatabases())("integration incidents through the API on $dialect: the lease holder", ({ open }) => {
  const h = withIntegrationsApp(open, peers);

  it("only the lease holder samples on schedule; another process answers from the stored readings", async () => {
    await h.t.services.probes!.tick();
    await h.integrations().idle();
    const other = await h.otherApp();
    try {
      other.clock.now = h.t.clock.now + 5_000;
      const seen = await other.app.request("http://localhost/api/admin/ai-services-health", {
        headers: browserHeaders({ cookie: h.cookie }),
      });
      expect(((await seen.json()) as { sampledAt: string }).sampledAt).toBe(new Date(h.t.clock.now).toISOString());
      // Everything is due now, but the lease is held: the other process samples nothing.
      await h.t.services.database.db.deleteFrom("integration_snapshots").execute();
      await h.t.services.database.db.deleteFrom("certificates").execute();
      const asked = peers.ollama.requests.length;
      await other.services.probes!.tick();
      await other.services.integrations!.idle();
      expect(peers.ollama.requests.length).toBe(asked);
      expect(await h.t.services.database.db.selectFrom("certificates").selectAll().execute()).toEqual([]);
      // The holder does.
      await h.t.services.probes!.tick();
      await h.integrations().idle();
      expect(peers.ollama.requests.length).toBeGreaterThan(asked);
      expect(await h.t.services.database.db.selectFrom("certificates").selectAll().execute()).toHaveLength(4);
    } finally {
      await other.services.probes!.stop();
    }
  });

  it("a reading stored by another worker's Retry is decided on by the lease holder, once", async () => {
    await h.tick();
    const other = await h.otherApp();
    try {
      peers.ollama.behaviour.mode = "error";
      other.clock.now = h.t.clock.now + 1_000;
      const retried = await other.app.request("http://localhost/api/admin/ai-services-health?refresh=1", {
        headers: browserHeaders({ cookie: h.cookie }),
      });
      expect(((await retried.json()) as { overallStatus: string }).overallStatus).toBe("unhealthy");
      // The other worker does not hold the lease: it decides nothing.
      expect(await h.alertSubjects(/AI service/)).toEqual([]);
      h.t.advance(2_000);
      await h.tick();
      await h.tick();
      expect(await h.alertSubjects(/AI service/)).toEqual(["[ALERT] AI service Ollama is unhealthy"]);
    } finally {
      peers.ollama.behaviour.mode = "ok";
      await other.services.probes!.stop();
    }
  });
});

describe.each(testDatabases())(
  "integration incidents through the API on $dialect: infrastructure outages",
  ({ open }) => {
    const h = withIntegrationsApp(open, peers);

    it("infrastructure outages open incidents, are told once, and resolve when they are back", async () => {
      const infrastructure = /nginx|HAProxy|AI service/;
      await h.tick();
      // web2 has no server behind it: HAProxy marks it DOWN.
      expect(await h.alertSubjects(infrastructure)).toEqual([
        `[ALERT] HAProxy backend ${peers.haproxy.backendName} has a server down (web2)`,
      ]);

      // nginx dies, the stats page stops answering, Ollama fails.
      h.config = () =>
        integrationsConfig(peers, {
          nginxUrl: `http://127.0.0.1:${peers.deadPort}/nginx_status`,
          haproxyUrl: `http://127.0.0.1:${portOf(peers.silent)}/stats`,
        });
      peers.ollama.behaviour.mode = "error";
      try {
        h.t.advance(120_000); // every source is due
        await h.tick();
        expect((await h.alertSubjects(infrastructure)).slice(1).sort()).toEqual(
          [
            "[ALERT] AI service Ollama is unhealthy",
            "[ALERT] HAProxy stats source cannot be read",
            "[ALERT] nginx proxy does not answer",
          ].sort(),
        );
        const open = (
          (await h.api("GET", "/incidents/open")).body.incidents as { source: string; name: string; message: string }[]
        ).filter((incident) => incident.source !== "certificate");
        expect(open.map((incident) => `${incident.source}:${incident.name}`).sort()).toEqual(
          [
            "ai:AI service Ollama",
            "haproxy:HAProxy stats source",
            `haproxy:HAProxy server ${peers.haproxy.backendName}/web2`,
            "nginx:nginx proxy",
          ].sort(),
        );
        expect(open.find((incident) => incident.source === "nginx")!.message).toMatch(/refused|ECONNREFUSED/i);
        // The dashboard's nginx panel shows the error state, not zeros.
        const panel = await h.api("GET", "/nginx");
        expect(panel).toMatchObject({
          status: 502,
          body: { error: "Failed to load monitoring data", details: expect.stringMatching(/^proxy: /) },
        });

        // Still down a minute later: no second notice.
        h.t.advance(60_000);
        await h.tick();
        expect(await h.alertSubjects(infrastructure)).toHaveLength(4);
      } finally {
        h.config = () => integrationsConfig(peers);
        peers.ollama.behaviour.mode = "ok";
      }
      h.t.advance(60_000); // every source is due again, 4 minutes after the first notice
      await h.tick();
      expect((await h.alertSubjects(infrastructure)).slice(4).sort()).toEqual(
        [
          "[RESOLVED] AI service Ollama is healthy again",
          "[RESOLVED] HAProxy stats source is healthy again",
          "[RESOLVED] nginx proxy is healthy again",
        ].sort(),
      );
      const stillOpen = (await h.api("GET", "/incidents/open")).body.incidents as { source: string; name: string }[];
      expect(
        stillOpen.filter((incident) => incident.source !== "certificate").map((incident) => incident.name),
      ).toEqual([`HAProxy server ${peers.haproxy.backendName}/web2`]);
      // Five minutes after its notice, the server still down is told again.
      h.t.advance(60_000);
      await h.tick();
      expect((await h.alertSubjects(infrastructure)).slice(7)).toEqual([
        `[REMINDER] HAProxy backend ${peers.haproxy.backendName} has a server down (web2)`,
      ]);
    });
  },
);

describe.each(testDatabases())("integration incidents through the API on $dialect", ({ open }) => {
  const h = withIntegrationsApp(open, peers);

  describe("when maintenance ends", () => {
    const failing = () =>
      [
        `[ALERT] Certificate ${TEST_DOMAIN} at 127.0.0.1:${peers.tls.valid3.port} expires in 3 days`,
        `[ALERT] Certificate self.test.internal at 127.0.0.1:${peers.tls.selfSigned.port} cannot be verified`,
        `[ALERT] HAProxy backend ${peers.haproxy.backendName} has a server down (web2)`,
        "[ALERT] nginx proxy does not answer",
        `[WARNING] Certificate ${TEST_DOMAIN} at 127.0.0.1:${peers.tls.valid20.port} expires in 20 days`,
      ].sort();
    const told = async () => (await h.alertSubjects(/./)).sort();
    const sampledAt = async () =>
      (
        await h.t.services.database.db
          .selectFrom("integration_snapshots")
          .select(["name", "sampled_at"])
          .orderBy("name")
          .execute()
      ).map((row) => [row.name, row.sampled_at]);
    const certificatesCheckedAt = async () => [
      ...new Set(
        (await h.t.services.database.db.selectFrom("certificates").select("checked_at").execute()).map(
          (row) => row.checked_at,
        ),
      ),
    ];

    /** nginx is dead; maintenance holds every incident back. */
    async function heldDuringMaintenance() {
      h.config = () => integrationsConfig(peers, { nginxUrl: `http://127.0.0.1:${peers.deadPort}/nginx_status` });
      expect((await h.api("POST", "/maintenance", { enable: true, reason: "Proxy move" })).status).toBe(200);
      await h.tick();
      const open = (await h.api("GET", "/incidents/open")).body.incidents as { name: string; announced: boolean }[];
      expect(open.map((incident) => incident.name)).toHaveLength(5);
      expect(open.every((incident) => !incident.announced)).toBe(true);
      // Ten seconds on, still in maintenance: no source is due (nginx every minute, certificates every 5), nothing is
      // read or told.
      h.t.advance(10_000);
      const before = await sampledAt();
      await h.tick();
      expect(await sampledAt()).toEqual(before);
      expect(await told()).toEqual([]);
    }

    it("what is still failing is read again at once and told, not at its interval", async () => {
      await heldDuringMaintenance();
      expect((await h.api("POST", "/maintenance", { enable: false })).status).toBe(200);
      await h.integrations().idle();
      expect(await told()).toEqual(failing());
      expect(await sampledAt()).toEqual([
        ["ai-services", h.t.clock.now],
        ["haproxy", h.t.clock.now],
        ["nginx", h.t.clock.now],
      ]);
      expect(await certificatesCheckedAt()).toEqual([h.t.clock.now]);
      // Told once: the next reading on schedule adds nothing.
      h.t.advance(60_000);
      await h.tick();
      expect(await told()).toEqual(failing());
    });

    it(
      "ended in another worker: that worker reads again, the " + "lease holder tells, and nothing is read twice",
      async () => {
        await heldDuringMaintenance();
        const other = await h.otherApp();
        try {
          other.clock.now = h.t.clock.now;
          const ended = await other.app.request("http://localhost/api/admin/maintenance", {
            method: "POST",
            headers: browserHeaders({ cookie: h.cookie }),
            body: JSON.stringify({ enable: false }),
          });
          expect(ended.status).toBe(200);
          await other.services.integrations!.idle();
          // It does not hold the lease: it read, but decides nothing.
          const endedAt = h.t.clock.now;
          expect(await sampledAt()).toEqual([
            ["ai-services", endedAt],
            ["haproxy", endedAt],
            ["nginx", endedAt],
          ]);
          expect(await told()).toEqual([]);
          // The holder's next tick decides on those readings; it sees the same end, finds everything read since, and
          // reads nothing again.
          h.t.advance(2_000);
          await h.tick();
          expect(await told()).toEqual(failing());
          expect(await sampledAt()).toEqual([
            ["ai-services", endedAt],
            ["haproxy", endedAt],
            ["nginx", endedAt],
          ]);
          expect(await certificatesCheckedAt()).toEqual([endedAt]);
        } finally {
          await other.services.probes!.stop();
        }
      },
    );
  });
});
