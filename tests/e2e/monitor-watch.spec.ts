// A monitor that never looks away, and one that is watched itself, end to end
// on the production server with real receivers on loopback (no browser):
// - a service checked every 5 s is down for a minute (its circuit opens after
//   five failures); once it is back, the webhook hears the resolution and
//   /api/status says operational within 15 s;
// - instance B's push monitor watches instance A's heartbeat: when A is
//   frozen (SIGSTOP, as a hung machine), B opens an incident and tells its
//   webhook within the push monitor's interval plus grace (and a round);
//   when A runs again, B tells the recovery.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startHttpReceiver, type HttpReceiver } from "#tests/peers/http-receiver.ts";
import { freePort } from "#tests/peers/ports.ts";
import { startDashboardEnv } from "./dashboard-env.ts";
import { startServer, waitUntilUp } from "./server-process.ts";

const INTERVAL_S = 5;

/** Webhook notices received so far, by title, each with when it arrived. */
function arrivals(receiver: HttpReceiver, arrived: Map<number, number>) {
  receiver.received.forEach((_, index) => arrived.has(index) || arrived.set(index, Date.now()));
  return receiver.received.map((request, index) => ({
    title: (request.json as { title?: string } | undefined)?.title ?? "",
    at: arrived.get(index)!,
  }));
}

const ALERT = /^\[ALERT\] Mail relay is unhealthy \((centron, local|local|centron)\)$/;
const RESOLVED = /^\[RESOLVED\] Mail relay is healthy again \((centron, local|local|centron)\)$/;

test(
  "a service down for a minute at a 5 s interval: resolved on the " +
    "webhook and /api/status within 15 s of coming back",
  async () => {
    test.setTimeout(180_000);
    const receiver = await startHttpReceiver();
    const env = await startDashboardEnv(await freePort(), {
      quiet: true,
      intervalSeconds: INTERVAL_S,
      channels: [{ type: "webhook", name: "hook", url: `${receiver.url}/hook` }],
      // The webhook's receiver is on loopback.
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" },
    });
    const arrived = new Map<number, number>();
    const state = async () => {
      const status = (await (await fetch(`${env.origin}/api/status`)).json()) as {
        services: { id: string; state: string }[];
      };
      return status.services.find((service) => service.id === "mail-relay")?.state;
    };
    try {
      await expect.poll(state, { timeout: 30_000 }).toBe("operational");
      await env.fleet.setStopped("mail-relay", true);
      const downAt = Date.now();
      await expect.poll(state, { timeout: 30_000 }).toBe("outage");
      // Both hosts, or the one checked after the stop when it fell between their checks in one round.
      await expect
        .poll(() => arrivals(receiver, arrived).some((notice) => ALERT.test(notice.title)), { timeout: 30_000 })
        .toBe(true);
      // A minute down: twelve failed rounds, the circuit open after five.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + 60_000 - Date.now())));
      await env.fleet.setStopped("mail-relay", false);
      const backAt = Date.now();
      const resolved = (title: string) => RESOLVED.test(title);
      await expect
        .poll(() => arrivals(receiver, arrived).find((notice) => resolved(notice.title))?.at, {
          timeout: 15_000,
          intervals: [100],
        })
        .toBeDefined();
      await expect
        .poll(state, { timeout: Math.max(1, backAt + 15_000 - Date.now()), intervals: [250] })
        .toBe("operational");
      const heard = arrivals(receiver, arrived).find((notice) => resolved(notice.title))!.at - backAt;
      console.log(
        `resolution on the webhook ${(heard / 1000).toFixed(1)} s after the recovery, /api/status operational ` +
          `by ${((Date.now() - backAt) / 1000).toFixed(1)} s`,
      );
      expect(heard).toBeLessThanOrEqual(15_000);
    } finally {
      await env.stop();
      await receiver.close();
    }
  },
);

test(
  "instance B watches instance A's heartbeat: freezing A gives an " +
    "incident and a notice from B within its interval plus grace",
  async () => {
    test.setTimeout(120_000);
    const GRACE_S = 5;
    const TOKEN = "instance-a-heartbeat-0123456789";
    const dir = mkdtempSync(join(tmpdir(), "watch-"));
    const receiver = await startHttpReceiver();
    const [portA, portB] = [await freePort(), await freePort()];
    writeFileSync(
      join(dir, "b.yaml"),
      `alerts:
  cooldownMinutes: 0
  channels: [{ type: webhook, name: hook, url: "${receiver.url}/hook" }]
defaults: { intervalSeconds: ${INTERVAL_S}, timeoutMs: 2000, retries: 0 }
services:
  - { id: instance-a, name: Monitor instance A, public: true,
      hosts: { a: { push: { token: ${TOKEN}, graceSeconds: ${GRACE_S} } } } }
`,
    );
    writeFileSync(
      join(dir, "a.yaml"),
      `alerts:
  to: ops@example.com
  heartbeat: { url: "http://127.0.0.1:${portB}/api/push/${TOKEN}", intervalSeconds: ${INTERVAL_S} }
defaults: { intervalSeconds: ${INTERVAL_S}, timeoutMs: 2000, retries: 0 }
services:
  - { id: itself, name: Itself, hosts: { local: { url: "http://127.0.0.1:${portA}/healthz" } } }
`,
    );
    const start = (port: number, name: string) =>
      startServer(port, {
        DATA_DIR: join(dir, `data-${name}`),
        MONITORING_CONFIG: join(dir, `${name}.yaml`),
        WEB_CONCURRENCY: "1",
        LOG_LEVEL: "warn",
        // B's webhook receiver is on loopback.
        WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      });
    const servers: ChildProcess[] = [start(portB, "b"), start(portA, "a")];
    const a = servers[1]!;
    const arrived = new Map<number, number>();
    const stateOfA = async () => {
      const status = (await (await fetch(`http://127.0.0.1:${portB}/api/status`)).json()) as {
        services: { id: string; state: string }[];
      };
      return status.services.find((service) => service.id === "instance-a")?.state;
    };
    try {
      await Promise.all([waitUntilUp(`http://127.0.0.1:${portB}`), waitUntilUp(`http://127.0.0.1:${portA}`)]);
      await expect.poll(stateOfA, { timeout: 30_000 }).toBe("operational");
      a.kill("SIGSTOP");
      const frozenAt = Date.now();
      const alert = "[ALERT] Monitor instance A is unhealthy (a)";
      await expect
        .poll(() => arrivals(receiver, arrived).find((notice) => notice.title === alert)?.at, {
          timeout: 60_000,
          intervals: [100],
        })
        .toBeDefined();
      const told = arrivals(receiver, arrived).find((notice) => notice.title === alert)!.at - frozenAt;
      console.log(
        `B told A's silence ${(told / 1000).toFixed(1)} s after A froze (interval ${INTERVAL_S} s + grace ` +
          `${GRACE_S} s)`,
      );
      // The last heartbeat came up to an interval before the freeze; B sees it missing at its first round after
      // interval
      // + grace.
      expect(told).toBeLessThanOrEqual((INTERVAL_S + GRACE_S + INTERVAL_S) * 1000 + 5_000);
      // The status page's memory is rendered again within a few seconds of a change.
      await expect.poll(stateOfA, { timeout: 10_000 }).toBe("outage");

      a.kill("SIGCONT");
      await expect
        .poll(() => arrivals(receiver, arrived).map((notice) => notice.title), { timeout: 30_000 })
        .toContain("[RESOLVED] Monitor instance A is healthy again (a)");
    } finally {
      for (const server of servers) {
        if (server.exitCode !== null || server.signalCode !== null) continue;
        server.kill("SIGCONT");
        server.kill("SIGTERM");
        await new Promise((resolve) => server.once("exit", resolve));
      }
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
