// The monitor as the rest of the server sees it: the engine, and the answers
// the API gives (the service list with uptime, history points, Test Failure).
// Its alerts go through alerting (server/alerting/): the engine hands its
// checks to a tracker of the "service" source.
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { combineStatus, endpointCount, HOSTS, overallScore, type HealthStatus, type HostName } from "../../shared/monitor/health.ts";
import { channelNames, problems } from "../alerting/alert-tests.ts";
import type { Alerting } from "../alerting/alerting.ts";
import type { AlertsConfig } from "../alerting/alerts-config.ts";
import { composeNotice, composeTestMessage } from "../alerting/notice-text.ts";
import type { Database } from "../db/schema.ts";
import { createLeases } from "../db/leases.ts";
import type { CheckTarget } from "./checks/check.ts";
import { createEngine } from "./engine.ts";
import type { HostState } from "./host-state.ts";
import { createMeta } from "./monitor-meta.ts";
import { createMonitorStore } from "./monitor-store.ts";
import { hostKey } from "./service-targets.ts";
import type { ServicesConfig } from "./services-config.ts";

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

function hostResult(serviceId: string, state: HostState) {
  return {
    serviceId,
    host: state.host,
    status: state.status,
    responseTime: state.responseTime,
    lastChecked: iso(state.lastChecked),
    errorMessage: state.errorMessage,
    healthScore: state.healthScore,
    retryAttempt: state.retryAttempt,
    circuitBreakerState: state.circuitBreakerState,
    consecutiveFailures: state.consecutiveFailures,
    consecutiveSuccesses: state.consecutiveSuccesses,
    /** While the circuit is open: when the next scheduled probe runs (Refresh probes at once). */
    nextProbeAt: state.circuitBreakerState === "open" ? iso(state.circuitOpenUntil) : null,
    subServices: state.subServices.map((sub) => ({ name: sub.name, centron: { ...sub, host: "centron" as const } })),
  };
}

/** "ops@example.com (email), hooks.example.com (ops-webhook)": where alerts go, without a secret. */
function destinations(channels: { name: string; target: string }[]): string {
  return channels.length === 0 ? "no channel (none is configured)" : channels.map((channel) => `${channel.target} (${channel.name})`).join(", ");
}

export function createMonitor(options: MonitorOptions) {
  const { db, alerting, now, logger } = options;
  const store = createMonitorStore(db);
  const leases = createLeases(db, now);
  const meta = createMeta(db);
  const engine = createEngine({ store, tracker: alerting.tracker(["service"]), leases, meta, check: options.check, now, logger, config: options.config });
  // When maintenance ends, what is still down is told now, not at the next probe.
  alerting.onMaintenanceEnd(() => void engine.requestCycle().catch((error: unknown) => logger.error({ err: error }, "requesting a cycle failed")));

  return {
    engine,
    store,

    async snapshot() {
      const config = options.config();
      const time = now();
      const states = await store.loadStates();
      const coolingDown = await alerting.incidents.coolingDown(config.alerts.cooldownMinutes * 60_000);
      const ids = await store.endpointIds(config.services.flatMap((service) => HOSTS.filter((host) => service.hosts[host]).map((host) => ({ serviceId: service.id, host }))));
      const uptimes = await store.uptime([...ids.values()], time);

      const counts = { infrastructure: { healthy: 0, total: 0 }, applications: { healthy: 0, total: 0 }, endpoints: { healthy: 0, total: 0 } };
      const allStatuses: HealthStatus[] = [];
      const scores: number[] = [];
      const services = config.services.map((service) => {
        const hosts: Partial<Record<HostName, HostState>> = {};
        for (const host of HOSTS) {
          const state = service.hosts[host] ? states.get(`${service.id}/${host}`) : undefined;
          if (state?.lastChecked) hosts[host] = state;
        }
        const checked = Object.values(hosts);
        const score = overallScore(service.profile, Object.fromEntries(checked.map((state) => [state.host, state.healthScore])));
        const status = combineStatus(checked.map((state) => state.status));
        allStatuses.push(...checked.map((state) => state.status));
        if (checked.length > 0) scores.push(score);
        const group = service.profile === "infrastructure" ? counts.infrastructure : counts.applications;
        group.total += 1;
        if (status === "healthy") group.healthy += 1;
        const main = hosts.centron ?? hosts.local;
        counts.endpoints.total += endpointCount(service.profile);
        counts.endpoints.healthy +=
          service.profile === "infrastructure" ? (main?.status === "healthy" ? 1 : 0) : checked.filter((state) => state.status === "healthy").length;
        const hostUptimes = HOSTS.filter((host) => service.hosts[host]).map((host) => uptimes.get(ids.get(`${service.id}/${host}`)!)!);
        const mean = (key: "uptime24h" | "uptime7d" | "uptime30d") => {
          const values = hostUptimes.map((u) => u[key]).filter((v): v is number => v !== null);
          return values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
        };
        return {
          serviceId: service.id,
          serviceName: service.name,
          serviceDescription: service.description,
          reliabilityProfile: service.profile,
          overallHealthScore: score,
          status,
          alertCooldownActive: coolingDown.has(`service:${service.id}`),
          centron: hosts.centron ? hostResult(service.id, hosts.centron) : null,
          local: hosts.local ? hostResult(service.id, hosts.local) : null,
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
        nextCheckAt: iso(await meta.get("next_cycle_at")),
        intervalSeconds: config.defaults.intervalSeconds,
        alertsTo: destinations(alerting.notifier.describe()),
        demo: options.demo,
      };
    },

    async history(serviceId: string, range: "24h" | "7d" | "30d") {
      const service = options.config().services.find((entry) => entry.id === serviceId);
      if (!service) return undefined;
      const hosts: Partial<Record<HostName, Awaited<ReturnType<typeof store.history>>>> = {};
      for (const host of HOSTS) if (service.hosts[host]) hosts[host] = await store.history(await store.endpointId(service.id, host), range, now());
      return { serviceId, range, hosts };
    },

    /** Test Email: a test notice on every channel; null when another test is running. */
    async testEmail(by: string): Promise<{ success: boolean; message: string; channels: unknown[] } | null> {
      const dashboardUrl = alerting.dashboardUrl;
      const outcomes = await alerting.tests.send((id, at) => composeTestMessage({ id, at, dashboardUrl, by }), alerting.notifier.channels());
      if (!outcomes) return null;
      if (outcomes.length === 0) return { success: false, message: "Failed to send test email: no alert channel is configured", channels: [] };
      const success = outcomes.every((outcome) => outcome.status === "sent");
      const message = success ? `Test email sent successfully! Delivered on ${channelNames(outcomes)}.` : `Failed to send test email: ${problems(outcomes)}`;
      return { success, message, channels: outcomes };
    },

    /**
     * Test Failure: the notice a real failure of one host would give (the
     * service's routes pick the channels), marked TEST; no state, cooldown or
     * history of the service changes. null when another test is running,
     * undefined for an unknown service.
     */
    async testFailure(serviceId: string | undefined, by: string): Promise<{ success: boolean; message: string; channels: unknown[] } | null | undefined> {
      const config = options.config();
      const service = serviceId ? config.services.find((entry) => entry.id === serviceId) : (config.services.find((entry) => entry.profile !== "infrastructure") ?? config.services[0]);
      if (!service) return undefined;
      const host = HOSTS.find((name) => service.hosts[name]) ?? "centron";
      const channels = alerting.notifier.channelsFor({ source: "service", serviceId: service.id, profile: service.profile });
      const outcomes = await alerting.tests.send(
        (id, at) =>
          composeNotice({
            id,
            kind: "opened",
            group: { key: `service:${service.id}`, name: service.name, source: "service", serviceId: service.id },
            incidents: [{ id: 0, target: hostKey(service.id, host), name: `${service.name} on ${host}`, label: host, summary: "is unhealthy", state: "failing", severity: "critical", message: "Simulated failure (Test Failure)", openedAt: at, resolvedAt: null }],
            at,
            dashboardUrl: alerting.dashboardUrl,
            test: { by },
          }),
        channels,
      );
      if (!outcomes) return null;
      const prefix = `Simulated failure for ${service.name}`;
      if (outcomes.length === 0) return { success: false, message: `${prefix}: no alert channel is routed for this service`, channels: [] };
      const success = outcomes.every((outcome) => outcome.status === "sent");
      const message = success ? `${prefix}: test alert delivered on ${channelNames(outcomes)}` : `${prefix}: test alert not delivered on ${problems(outcomes)}`;
      return { success, message, channels: outcomes };
    },
  };
}

export type Monitor = ReturnType<typeof createMonitor>;
