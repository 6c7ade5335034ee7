// Routes with real notices: a failing target opens an incident, its notice is
// queued on the channels the routes pick and delivered through the outbox to
// a real receiver on loopback, one path per channel. The first route that
// matches decides; a notice that matches none goes to every channel.
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "#tests/peers/http-receiver.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createLeases } from "#server/db/leases.ts";
import { migrate } from "#server/db/migrate.ts";
import { createDelivery } from "#server/outbox/delivery.ts";
import { createOutbox } from "#server/outbox/outbox.ts";
import { createAlerting } from "./alerting.ts";
import { alertsSchema } from "./alerts-config.ts";
import type { Observation } from "./incident-tracker.ts";
import type { Source } from "./notice.ts";

const ROUTES = [
  { profiles: ["critical"], channels: ["oncall"] },
  { services: ["billing"], channels: ["ops"] },
  { sources: ["certificate"], channels: ["certs"] },
  { sources: ["service"], services: ["crm"], profiles: ["external"], channels: ["certs", "ops"] },
];

type Scenario = { name: string; source: Source; serviceId?: string; profile?: string; channels: string[] };

const SCENARIOS: Scenario[] = [
  { name: "by profile", source: "service", serviceId: "shop", profile: "critical", channels: ["oncall"] },
  {
    name: "the first match wins: billing is critical, so its profile's route decides, not its service's",
    source: "service",
    serviceId: "billing",
    profile: "critical",
    channels: ["oncall"],
  },
  { name: "by service", source: "service", serviceId: "billing", profile: "standard", channels: ["ops"] },
  { name: "by source", source: "certificate", channels: ["certs"] },
  {
    name: "every matcher of a route must match",
    source: "service",
    serviceId: "crm",
    profile: "external",
    channels: ["certs", "ops"],
  },
  {
    name: "one matcher short of that route: no match",
    source: "service",
    serviceId: "crm",
    profile: "standard",
    channels: ["certs", "oncall", "ops"],
  },
  { name: "no match goes to every channel", source: "nginx", channels: ["certs", "oncall", "ops"] },
];

function failing(scenario: Scenario): Observation {
  const key = `${scenario.source}:${scenario.serviceId ?? "proxy"}`;
  const name = scenario.serviceId ?? "proxy";
  return {
    key,
    source: scenario.source,
    group: { key, name },
    name,
    label: "",
    serviceId: scenario.serviceId ?? null,
    profile: scenario.profile ?? null,
    thresholds: { failure: 1, success: 1 },
    status: "failing",
    severity: "critical",
    summary: "is unhealthy",
    message: "HTTP 503",
  };
}

let receiver: HttpReceiver;
beforeAll(async () => {
  receiver = await startHttpReceiver();
});
afterAll(() => receiver.close());

describe.each(testDatabases())("routes on $dialect", ({ open }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
    await migrate(handle);
    receiver.reset();
  });
  afterEach(() => cleanup());

  it.each(SCENARIOS)("$name", async (scenario) => {
    const now = () => Date.parse("2026-05-04T07:00:00Z");
    const channels = ["ops", "oncall", "certs"].map((name) => ({
      type: "webhook",
      name,
      url: `${receiver.url}/${name}`,
    }));
    const config = {
      alerts: alertsSchema.parse({ channels, routes: ROUTES }),
      maintenance: { timezone: "Europe/Berlin", windows: [] },
    };
    const outbox = createOutbox(handle.db, now);
    const logger = pino({ level: "silent" });
    const alerting = createAlerting({
      db: handle.db,
      outbox,
      leases: createLeases(handle.db, now),
      now,
      logger,
      config: () => config,
      dashboardUrl: "http://localhost/admin/dashboard",
      sendMail: undefined,
      // The receiver is on loopback: webhooks go there only when private targets are allowed.
      allowPrivateTargets: true,
      kick: () => undefined,
    });
    const delivery = createDelivery({ outbox, senderFor: alerting.notifier.senderFor, logger });

    await alerting.tracker([scenario.source]).observe([failing(scenario)]);
    await delivery.runOnce();
    const delivered = receiver.received.map((request) => [
      request.path.slice(1),
      (request.json as { title: string }).title,
    ]);
    expect(delivered.sort()).toEqual(
      scenario.channels.map((name) => [name, `[ALERT] ${scenario.serviceId ?? "proxy"} is unhealthy`]),
    );
  });
});
