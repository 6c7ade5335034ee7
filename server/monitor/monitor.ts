// The monitor as the rest of the server sees it: the engine, and the answers
// the API gives (the service list with uptime, history points, Test Failure).
// Its alerts go through alerting (server/alerting/): the engine hands its
// checks to a tracker of the "service" source.
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { combineStatus, endpointCount, overallScore, type HealthStatus } from "#shared/monitor/health.ts";
import { channelNames, problems } from "#server/alerting/alert-tests.ts";
import type { Alerting } from "#server/alerting/alerting.ts";
import type { AlertsConfig } from "#server/alerting/alerts-config.ts";
import type { AffectedNow } from "#server/alerting/incidents.ts";
import { composeNotice, composeTestMessage } from "#server/alerting/notice-text.ts";
import type { Database } from "#server/db/schema.ts";
import { createLeases } from "#server/db/leases.ts";
import { describeTarget, isPlaceholderTarget, type CheckTarget, type Target } from "./checks/check-types.ts";
import { createEngine, endpointKey } from "./engine.ts";
import { createHeartbeat } from "./heartbeat.ts";
import { initialHostState, type HostState } from "./host-state.ts";
import { createMeta } from "./monitor-meta.ts";
import { createMonitorStore } from "./monitor-store.ts";
import { createPushLedger, type PushCall } from "./push-ledger.ts";
import { hostKey, subServiceKey } from "./service-targets.ts";
import { hostNames, intervalOf, type ServiceConfig, type ServicesConfig } from "./services-config.ts";

export type MonitorOptions = {
  db: Kysely<Database>;
  alerting: Alerting;
  check: CheckTarget;
  now: () => number;
  logger: Logger;
  config: () => ServicesConfig & { alerts: AlertsConfig };
  demo: boolean;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function hostResult(service: ServiceConfig, host: string, state: HostState, affectedBy: string[]) {
  const target = service.hosts[host]!;
  return {
    serviceId: service.id,
    host,
    /** What is checked: the URL or host:port, never a credential. */
    target: describeTarget(target),
    checkType: target.type,
    /** A documentation host (example.com, 192.0.2.x) still in the configuration: not checked until it is replaced. */
    placeholder: isPlaceholderTarget(target),
    status: state.status,
    responseTime: state.responseTime,
    lastChecked: iso(state.lastChecked),
    errorMessage: state.errorMessage,
    healthScore: state.healthScore,
    retryAttempt: state.retryAttempt,
    circuitBreakerState: state.circuitBreakerState,
    consecutiveFailures: state.consecutiveFailures,
    consecutiveSuccesses: state.consecutiveSuccesses,
    /**
     * The open incidents this host (or a sub-service on it) fails under (dependsOn), by name: "Central infrastructure
     * on centron".
     */
    affectedBy,
    subServices: state.subServices.map((sub) => ({
      ...sub,
      host,
      target: describeSub(service, host, sub.name),
      // Also as a name plus a central host result, for API clients that read that shape, where the sub-service runs on
      // centron.
      ...(host === "centron" ? { centron: { ...sub, host } } : {}),
    })),
  };
}

function describeSub(service: ServiceConfig, host: string, name: string): string {
  const sub = service.subServices.find((entry) => entry.host === host && entry.name === name);
  return sub ? describeTarget(sub.target) : "";
}

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

/** Target key -> the names of the open incidents it fails under. */
function affectedByTarget(entries: readonly AffectedNow[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of entries) found.set(entry.target, [...(found.get(entry.target) ?? []), entry.incidentName]);
  return found;
}

/** "ops@example.com (email), hooks.example.com (ops-webhook)": where alerts go, without a secret. */
function destinations(channels: { name: string; target: string }[]): string {
  return channels.length === 0
    ? "no channel (none is configured)"
    : channels.map((channel) => `${channel.target} (${channel.name})`).join(", ");
}

export function createMonitor(options: MonitorOptions) {
  const { db, alerting, now, logger } = options;
  const store = createMonitorStore(db);
  const leases = createLeases(db, now);
  const meta = createMeta(db);
  const pushes = createPushLedger(db);
  const engine = createEngine({
    store,
    tracker: alerting.tracker(["service"]),
    leases,
    meta,
    pushes,
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

    /** Whether a push monitor has this token (in memory: nothing is read or written). */
    hasPushToken: (token: string) => pushTokens(options.config()).has(token),

    /** A push monitor's job called: "unknown" for a token no monitor has (nothing is written). */
    async recordPush(token: string, call: PushCall): Promise<"recorded" | "unknown"> {
      if (!pushTokens(options.config()).has(token)) return "unknown";
      await pushes.record(token, call, now());
      return "recorded";
    },

    async snapshot() {
      const config = options.config();
      const time = now();
      const states = await store.loadStates();
      const coolingDown = await alerting.incidents.coolingDown(config.alerts.cooldownMinutes * 60_000);
      const affectedBy = affectedByTarget(await alerting.incidents.affectedNow());
      const ids = await store.endpointIds(
        config.services.flatMap((service) => hostNames(service).map((host) => ({ serviceId: service.id, host }))),
      );
      const uptimes = await store.uptime([...ids.values()], time);

      const counts = {
        infrastructure: { healthy: 0, total: 0 },
        applications: { healthy: 0, total: 0 },
        endpoints: { healthy: 0, total: 0 },
      };
      const allStatuses: HealthStatus[] = [];
      const scores: number[] = [];
      const services = config.services.map((service) => {
        const names = hostNames(service);
        const checked = names
          .map((host) => states.get(endpointKey(service.id, host)))
          .filter((state): state is HostState => !!state?.lastChecked);
        const score = overallScore(
          service.profile,
          checked.map((state) => state.healthScore),
        );
        const status = combineStatus(checked.map((state) => state.status));
        allStatuses.push(...checked.map((state) => state.status));
        if (checked.length > 0) scores.push(score);
        const group = service.profile === "infrastructure" ? counts.infrastructure : counts.applications;
        group.total += 1;
        if (status === "healthy") group.healthy += 1;
        counts.endpoints.total += endpointCount(service.profile, names.length);
        counts.endpoints.healthy +=
          service.profile === "infrastructure"
            ? checked[0]?.status === "healthy"
              ? 1
              : 0
            : checked.filter((state) => state.status === "healthy").length;
        const hostUptimes = names.map((host) => uptimes.get(ids.get(endpointKey(service.id, host))!)!);
        const mean = (key: "uptime24h" | "uptime7d" | "uptime30d") => {
          const values = hostUptimes.map((u) => u[key]).filter((v): v is number => v !== null);
          return values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
        };
        const hostAffectedBy = (host: string) => {
          const keys = [
            hostKey(service.id, host),
            ...service.subServices.filter((sub) => sub.host === host).map((sub) => subServiceKey(service.id, sub.name)),
          ];
          return [...new Set(keys.flatMap((key) => affectedBy.get(key) ?? []))];
        };
        const results = names.map((host) =>
          hostResult(
            service,
            host,
            states.get(endpointKey(service.id, host)) ?? initialHostState(host),
            hostAffectedBy(host),
          ),
        );
        const checkedResult = (host: string) =>
          checked.some((state) => state.host === host) ? results[names.indexOf(host)]! : null;
        return {
          serviceId: service.id,
          serviceName: service.name,
          serviceDescription: service.description,
          reliabilityProfile: service.profile,
          overallHealthScore: score,
          status,
          alertCooldownActive: coolingDown.has(`service:${service.id}`),
          /** The open incidents some host of it fails under (dependsOn): it has no notice of its own meanwhile. */
          affectedBy: [...new Set(results.flatMap((result) => result.affectedBy))],
          intervalSeconds: intervalOf(service, config.defaults) / 1000,
          /** Every host in the configuration's order, checked or not yet. */
          hosts: results,
          // The two host fields API clients written for the shipped hosts read: set when the service has such a host
          // and it was checked.
          centron: checkedResult("centron"),
          local: checkedResult("local"),
          uptime24h: mean("uptime24h"),
          uptime7d: mean("uptime7d"),
          uptime30d: mean("uptime30d"),
        };
      });
      const lastCheckedAt = await meta.get("last_cycle_at");
      return {
        overall: {
          status: combineStatus(allStatuses),
          score: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : 0,
          ...counts,
        },
        services,
        lastCheckedAt: iso(lastCheckedAt),
        /** When the last "check now" (Refresh) was served: the time it was asked for. */
        refreshedAt: iso(await meta.get("run_served_at")),
        nextCheckAt: iso(await meta.get("next_cycle_at")),
        intervalSeconds: config.defaults.intervalSeconds,
        alertsTo: destinations(alerting.notifier.describe()),
        /**
         * The outside watcher this monitor calls while its rounds run on time (its host only: the URL may hold a
         * secret).
         */
        heartbeat: config.alerts.heartbeat
          ? {
              to: new URL(config.alerts.heartbeat.url).host,
              intervalSeconds: config.alerts.heartbeat.intervalSeconds,
              lastSentAt: iso(await meta.get("heartbeat_sent_at")),
            }
          : null,
        demo: options.demo,
      };
    },

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
    async testEmail(by: string): Promise<{ success: boolean; message: string; channels: unknown[] } | null> {
      const dashboardUrl = alerting.dashboardUrl;
      const outcomes = await alerting.tests.send(
        (id, at) => composeTestMessage({ id, at, dashboardUrl, by }),
        alerting.notifier.channels(),
      );
      if (!outcomes) return null;
      if (outcomes.length === 0)
        return { success: false, message: "Failed to send test email: no alert channel is configured", channels: [] };
      const success = outcomes.every((outcome) => outcome.status === "sent");
      const message = success
        ? `Test email sent successfully! Delivered on ${channelNames(outcomes)}.`
        : `Failed to send test email: ${problems(outcomes)}`;
      return { success, message, channels: outcomes };
    },

    /**
     * Test Failure: the notice a real failure of one host would give (the
     * service's routes pick the channels), marked TEST; no state, cooldown or
     * history of the service changes. null when another test is running,
     * undefined for an unknown service.
     */
    async testFailure(
      serviceId: string | undefined,
      by: string,
    ): Promise<{ success: boolean; message: string; channels: unknown[] } | null | undefined> {
      const config = options.config();
      const service = serviceId
        ? config.services.find((entry) => entry.id === serviceId)
        : (config.services.find((entry) => entry.profile !== "infrastructure") ?? config.services[0]);
      if (!service) return undefined;
      const host = hostNames(service)[0]!;
      const channels = alerting.notifier.channelsFor({
        source: "service",
        serviceId: service.id,
        profile: service.profile,
      });
      const outcomes = await alerting.tests.send(
        (id, at) =>
          composeNotice({
            id,
            kind: "opened",
            group: { key: `service:${service.id}`, name: service.name, source: "service", serviceId: service.id },
            incidents: [
              {
                id: 0,
                target: hostKey(service.id, host),
                name: `${service.name} on ${host}`,
                label: host,
                summary: "is unhealthy",
                state: "failing",
                severity: "critical",
                message: "Simulated failure (Test Failure)",
                openedAt: at,
                resolvedAt: null,
              },
            ],
            at,
            dashboardUrl: alerting.dashboardUrl,
            test: { by },
          }),
        channels,
      );
      if (!outcomes) return null;
      const prefix = `Simulated failure for ${service.name}`;
      if (outcomes.length === 0)
        return { success: false, message: `${prefix}: no alert channel is routed for this service`, channels: [] };
      const success = outcomes.every((outcome) => outcome.status === "sent");
      const message = success
        ? `${prefix}: test alert delivered on ${channelNames(outcomes)}`
        : `${prefix}: test alert not delivered on ${problems(outcomes)}`;
      return { success, message, channels: outcomes };
    },
  };
}

export type Monitor = ReturnType<typeof createMonitor>;
