// The monitor as the rest of the server sees it: the engine, and the answers
// the API gives (the service list with uptime, history points, Test Failure).
// Its alerts go through alerting (server/alerting/): the engine hands its
// checks to a tracker of the "service" source, and what it sees of the
// locations it checks from to the "location" source. The service list is built in
// monitor-snapshot.ts, the alert tests in monitor-alert-tests.ts.
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Alerting } from "#server/alerting/alerting.ts";
import type { AlertsConfig } from "#server/alerting/alerts-config.ts";
import type { Database } from "#server/db/schema.ts";
import type { ProbeLease } from "#server/scheduling/probe-lease.ts";
import type { ShardLeases } from "#server/scheduling/shard-leases.ts";
import type { CheckTarget, Target } from "./checks/check-types.ts";
import { createEngine } from "./engine.ts";
import { foreignTargets } from "./engine-shards.ts";
import { createHeartbeat } from "./heartbeat.ts";
import { createProbeResults } from "./locations/probe-results.ts";
import { sendTestEmail, sendTestFailure } from "./monitor-alert-tests.ts";
import { createMeta } from "./monitor-meta.ts";
import { monitorSnapshot, monitorSnapshots } from "./monitor-snapshot.ts";
import { createMonitorStore } from "./monitor-store.ts";
import { createPushLedger, type PushCall } from "./push-ledger.ts";
import type { ServiceQuery } from "./service-query.ts";
import { hostNames, type ServicesConfig } from "./services-config.ts";

export type MonitorOptions = {
  db: Kysely<Database>;
  alerting: Alerting;
  /** The probe scheduler's lease: the engine's incidents are decided only where it is held. */
  lease: ProbeLease;
  check: CheckTarget;
  now: () => number;
  logger: Logger;
  config: () => ServicesConfig & { alerts: AlertsConfig };
  demo: boolean;
  /** The services' checks split into shards between instances (MONITOR_SHARDS); unset: the lease holder runs all. */
  shards?: ShardLeases;
};

/** Push monitors' tokens of a configuration, found once per configuration object. */
const tokensOf = new WeakMap<object, Set<string>>();
function pushTokens(config: ServicesConfig): Set<string> {
  let tokens = tokensOf.get(config);
  if (!tokens) {
    const targets: Target[] = config.services.flatMap((service) => [
      ...Object.values(service.hosts),
      ...service.subServices.map((sub) => sub.target),
    ]);
    tokens = new Set(
      targets.filter((target) => target.type === "push").map((target) => (target.push as { token: string }).token),
    );
    tokensOf.set(config, tokens);
  }
  return tokens;
}

export function createMonitor(options: MonitorOptions) {
  const { db, alerting, now, logger, shards } = options;
  const store = createMonitorStore(db);
  const meta = createMeta(db);
  const pushes = createPushLedger(db);
  const probeResults = createProbeResults(db);
  const engine = createEngine({
    store,
    tracker: alerting.tracker(["service", "location"], shards && foreignTargets(shards, options.config)),
    lease: options.lease,
    shards,
    meta,
    pushes,
    probeResults,
    check: options.check,
    now,
    logger,
    config: options.config,
  });
  const heartbeat = createHeartbeat({ config: () => options.config().alerts.heartbeat, engine, meta, now, logger });
  // When maintenance ends, what is still down is told now, not at the next round.
  alerting.onMaintenanceEnd(
    () =>
      void engine.requestCycle().catch((error: unknown) => logger.error({ err: error }, "requesting a cycle failed")),
  );

  return {
    engine,
    store,
    heartbeat,
    /** The configuration as it is now (it may be reloaded): what remote probes sign in by and are told to check. */
    config: options.config,

    /** Whether a push monitor has this token (in memory: nothing is read or written). */
    hasPushToken: (token: string) => pushTokens(options.config()).has(token),

    /** A push monitor's job called: "unknown" for a token no monitor has (nothing is written). */
    async recordPush(token: string, call: PushCall): Promise<"recorded" | "unknown"> {
      if (!pushTokens(options.config()).has(token)) return "unknown";
      await pushes.record(token, call, now());
      return "recorded";
    },

    /** The service list with uptime, and the fleet's figures. */
    snapshot: (query?: ServiceQuery) => monitorSnapshot({ options, store, meta, probeResults }, query),
    /** Several queries' answers from one read (the dashboard's first render). */
    snapshots: (queries: readonly ServiceQuery[]) => monitorSnapshots({ options, store, meta, probeResults }, queries),

    async history(serviceId: string, range: "24h" | "7d" | "30d") {
      const service = options.config().services.find((entry) => entry.id === serviceId);
      if (!service) return undefined;
      type Points = Awaited<ReturnType<typeof store.history>>;
      const hosts: Record<string, Points> = {};
      for (const host of hostNames(service))
        hosts[host] = await store.history(await store.endpointId(service.id, host), range, now());
      const subServices: Record<string, Points> = {};
      for (const sub of service.subServices)
        subServices[sub.name] = await store.history(
          await store.endpointId(service.id, `${sub.host}/${sub.name}`),
          range,
          now(),
        );
      return { serviceId, range, hosts, subServices };
    },

    /** Test Email: a test notice on every channel; null when another test is running. */
    testEmail: (by: string) => sendTestEmail(alerting, by),

    /**
     * Test Failure: the notice a real failure of one host would give, marked TEST; null when another test is running,
     * undefined for an unknown service.
     */
    testFailure: (serviceId: string | undefined, by: string) =>
      sendTestFailure(alerting, options.config(), serviceId, by),
  };
}

export type Monitor = ReturnType<typeof createMonitor>;
