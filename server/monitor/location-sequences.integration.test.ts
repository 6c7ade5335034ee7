// Checks from two places, as tables on a fake clock: this server (local) and a probe in Frankfurt (fra), whose results
// are written where the probe's batches land, as it would send them. A shop checked from both, a wiki from here alone.
// Each step sets what each place sees, runs the round the engine would run then, and names exactly the notices queued
// (their titles), on SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import type { HealthStatus } from "#shared/monitor/health.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { queuedTitles } from "#tests/support/queued-notices.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import type { CheckTarget } from "./checks/check-types.ts";
import { createProbeResults } from "./locations/probe-results.ts";
import { useDatabase } from "./use-test-database.ts";

type Fra = HealthStatus | "silent" | "offline";
type Step = {
  /** Seconds from the start (a minute's start: the probe's grid). */
  at: number;
  /** What this server sees of the shop from now on (healthy at first). */
  local?: HealthStatus;
  /** What this server sees of the wiki (checked from here alone) from now on. */
  wiki?: HealthStatus;
  /** What Frankfurt sends of the shop from now on: a result, nothing, or that its own network is down. */
  fra?: Fra;
  /** Local's reference target from now on (scenarios that give local one). */
  reference?: "ok" | "refused";
  /** A result of Frankfurt's that arrives after this step's round: measured at `at` seconds. */
  late?: { at: number; status: HealthStatus };
  notices: string[];
  /** The shop's host after the step: its status, and the locations it fails from alone. */
  shop?: { status: HealthStatus; partial?: string[]; message?: string | null };
};
type Scenario = { name: string; quorum?: number; settings?: string; reference?: boolean; steps: Step[] };

const TOKEN = "f".repeat(48);
const SHOP_ALERT = "[ALERT] Shop is unhealthy (web)";
const SHOP_RESOLVED = "[RESOLVED] Shop is healthy again (web)";

function configText(scenario: Scenario): string {
  return `
alerts: { to: ops@example.com, cooldownMinutes: 0 }
locations:
  - { id: fra, name: Frankfurt, token: "${TOKEN}" }
${scenario.reference ? '  - { id: local, name: This server, connectivity: "http://reference.test/" }' : ""}
defaults: { intervalSeconds: 60, timeoutMs: 200, retries: 0, staggerSeconds: 0, ${scenario.settings ?? ""} }
services:
  - id: shop
    name: Shop
    locations: [local, fra]
    quorum: ${scenario.quorum ?? 2}
    hosts: { web: { url: "http://shop.test/" } }
  - id: wiki
    name: Wiki
    hosts: { main: { url: "http://wiki.test/" } }
`;
}

/** An outage of both places for `minutes` rounds, then the recovery: told within successThreshold + 1 rounds. */
function outage(minutes: number): Scenario {
  const steps: Step[] = [{ at: 0, notices: [] }];
  steps.push({ at: 60, local: "unhealthy", fra: "unhealthy", notices: [SHOP_ALERT] });
  for (let minute = 2; minute <= minutes; minute += 1) steps.push({ at: minute * 60, notices: [] });
  const back = (minutes + 1) * 60;
  steps.push({ at: back, local: "healthy", fra: "healthy", notices: [], shop: { status: "healthy" } });
  steps.push({ at: back + 60, notices: [SHOP_RESOLVED] });
  return {
    name: `an outage of ${minutes} rounds is resolved two rounds after it ends`,
    settings: "successThreshold: 2",
    steps,
  };
}

const scenarios: Scenario[] = [
  {
    name: "quorum 2: an incident only when both places fail",
    steps: [
      { at: 0, notices: [], shop: { status: "healthy", message: null } },
      { at: 60, fra: "unhealthy", notices: [], shop: { status: "degraded", partial: ["fra"] } },
      { at: 120, local: "unhealthy", notices: [SHOP_ALERT], shop: { status: "unhealthy" } },
      { at: 180, fra: "healthy", notices: [SHOP_RESOLVED], shop: { status: "degraded", partial: ["local"] } },
      { at: 240, local: "healthy", notices: [], shop: { status: "healthy" } },
    ],
  },
  {
    name: "Frankfurt alone failing is shown, never told",
    steps: [
      { at: 0, fra: "unhealthy", notices: [] },
      {
        at: 60,
        notices: [],
        shop: { status: "degraded", partial: ["fra"], message: "Down from Frankfurt only: HTTP 503" },
      },
      { at: 120, notices: [] },
      { at: 180, fra: "healthy", notices: [], shop: { status: "healthy" } },
    ],
  },
  {
    name: "Frankfurt silent for three intervals: the probe's incident, no service's",
    steps: [
      { at: 0, notices: [] },
      { at: 60, fra: "silent", notices: [], shop: { status: "healthy" } },
      { at: 120, notices: [] },
      { at: 180, notices: ["[ALERT] Probe fra is not reporting"], shop: { status: "healthy" } },
      { at: 240, notices: [] },
      { at: 300, fra: "healthy", notices: ["[RESOLVED] Probe fra is reporting again"] },
    ],
  },
  {
    name: "Frankfurt offline: its incident, and local alone decides",
    quorum: 2,
    steps: [
      { at: 0, notices: [] },
      { at: 60, fra: "offline", notices: ["[ALERT] Location fra is offline"] },
      { at: 120, local: "unhealthy", notices: [SHOP_ALERT], shop: { status: "unhealthy" } },
      {
        at: 180,
        local: "healthy",
        fra: "healthy",
        notices: ["[RESOLVED] Location fra is online again", SHOP_RESOLVED],
      },
    ],
  },
  {
    name: "local's reference refused: local is offline, and nothing it sees fails a service",
    reference: true,
    steps: [
      { at: 0, notices: [] },
      {
        at: 60,
        local: "unhealthy",
        wiki: "unhealthy",
        reference: "refused",
        notices: ["[ALERT] Location local is offline"],
        shop: { status: "healthy" },
      },
      { at: 120, notices: [] },
      {
        at: 180,
        reference: "ok",
        notices: ["[RESOLVED] Location local is online again", "[ALERT] Wiki is unhealthy (main)"],
      },
    ],
  },
  {
    name: "a result sent after its round does not open a resolved incident again",
    quorum: 1,
    steps: [
      { at: 0, notices: [] },
      { at: 60, fra: "unhealthy", notices: [SHOP_ALERT] },
      { at: 120, fra: "healthy", notices: [SHOP_RESOLVED] },
      { at: 180, fra: "silent", late: { at: 180, status: "unhealthy" }, notices: [], shop: { status: "healthy" } },
      { at: 240, fra: "healthy", notices: [], shop: { status: "healthy" } },
    ],
  },
  outage(1),
  outage(2),
  outage(5),
];

describe.each(testDatabases())("checks from two places on $dialect", ({ open }) => {
  const database = useDatabase(open);

  it.each(scenarios)("$name", { timeout: 60_000 }, async (scenario) => {
    const seen = { local: "healthy" as HealthStatus, wiki: "healthy" as HealthStatus, fra: "healthy" as Fra };
    let reference = "ok";
    const check: CheckTarget = async (target) => {
      const url = String(target.url);
      const refused = url.includes("reference") && reference === "refused";
      const here = url.includes("wiki") ? seen.wiki : seen.local;
      const status = url.includes("reference") ? (refused ? "unhealthy" : "healthy") : here;
      return {
        status,
        responseTime: status === "unhealthy" ? null : 20,
        errorMessage: refused ? "connection refused" : status === "unhealthy" ? "HTTP 503" : null,
        retryAttempt: 0,
        basic: false,
      };
    };
    const config = parseMonitoringConfig(configText(scenario), {});
    const t = await createTestApp(database.handle, {}, { monitoring: { config: () => config, check } });
    const start = t.clock.now;
    const { db } = t.services.database;
    const monitor = t.services.monitor!;
    const probe = createProbeResults(db);
    const shopId = await monitor.store.endpointId("shop", "web");
    const send = (at: number, status: HealthStatus, online = true) =>
      probe.record({
        location: "fra",
        receivedAt: t.clock.now,
        skewMs: 0,
        connectivity: { online, checkedAt: t.clock.now, error: online ? null : "no route to 1.1.1.1" },
        results: online
          ? [
              {
                endpointId: shopId,
                checkedAt: at,
                status,
                responseTime: 30,
                errorMessage: status === "unhealthy" ? "HTTP 503" : null,
              },
            ]
          : [],
      });
    let told = 0;

    for (const step of scenario.steps) {
      const where = `${scenario.name}, at ${step.at}s`;
      t.clock.now = start + step.at * 1000;
      seen.local = step.local ?? seen.local;
      seen.wiki = step.wiki ?? seen.wiki;
      seen.fra = step.fra ?? seen.fra;
      reference = step.reference ?? reference;
      if (seen.fra === "offline") await send(t.clock.now, "healthy", false);
      else if (seen.fra !== "silent") await send(t.clock.now, seen.fra);
      await t.services.probes!.lead();
      await monitor.engine.runCycle();
      if (step.late) await send(start + step.late.at * 1000, step.late.status);
      const titles = await queuedTitles(db);
      expect(titles.slice(told), where).toEqual(step.notices);
      told = titles.length;
      if (step.shop) {
        const shop = (await monitor.store.loadStates()).get("shop/web");
        expect(shop?.status, where).toBe(step.shop.status);
        expect(shop?.partial, where).toEqual(step.shop.partial);
        if (step.shop.message !== undefined) expect(shop?.errorMessage, where).toBe(step.shop.message);
      }
    }
  });
});
