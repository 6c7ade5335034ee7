// The monitor as the rest of the server sees it: the engine, the alerter,
// maintenance mode, and the answers the API gives (the service list with
// uptime, history points, test mail and test failure).
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { combineStatus, endpointCount, HOSTS, overallScore, type HealthStatus, type HostName } from "../../shared/monitor/health.ts";
import type { Database } from "../db/schema.ts";
import type { Delivery } from "../mail/delivery.ts";
import type { Outbox } from "../mail/outbox.ts";
import { createAlerter } from "./alerts.ts";
import type { CheckTarget } from "./checks/check.ts";
import { createEngine } from "./engine.ts";
import type { HostState } from "./host-state.ts";
import { createLeases } from "../db/leases.ts";
import { createMeta } from "./monitor-meta.ts";
import { createMaintenance } from "./maintenance.ts";
import type { MonitoringConfig } from "./monitor-config.ts";
import { createMonitorStore } from "./monitor-store.ts";

const TEST_LEASE = "alert-test";
const TEST_MAIL_WAIT_MS = 15_000;

export type MonitorOptions = {
  db: Kysely<Database>;
  outbox: Outbox;
  delivery: Delivery | undefined;
  check: CheckTarget;
  now: () => number;
  logger: Logger;
  config: () => MonitoringConfig;
  dashboardUrl: string;
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
    subServices: state.subServices.map((sub) => ({ name: sub.name, centron: { ...sub, host: "centron" as const } })),
  };
}

export function createMonitor(options: MonitorOptions) {
  const { db, outbox, now, logger } = options;
  const store = createMonitorStore(db);
  const alerter = createAlerter(db, outbox, now);
  const maintenance = createMaintenance(db, now);
  const leases = createLeases(db, now);
  const meta = createMeta(db);
  const kick = () => options.delivery?.kick();
  const engine = createEngine({ store, alerter, maintenance, leases, meta, check: options.check, now, logger, config: options.config, dashboardUrl: options.dashboardUrl, onMail: kick });
  const settings = () => ({ to: options.config().alerts.to, cooldownMinutes: options.config().alerts.cooldownMinutes, dashboardUrl: options.dashboardUrl });

  /** Runs a test under the alert-test lease; null when another test holds it. */
  async function exclusive<T>(work: () => Promise<T>): Promise<T | null> {
    const holder = `${engine.holder}:${Math.random()}`;
    if (!(await leases.acquire(TEST_LEASE, holder, TEST_MAIL_WAIT_MS + 5_000))) return null;
    try {
      return await work();
    } finally {
      await leases.release(TEST_LEASE, holder);
    }
  }

  async function waitForMail(id: number): Promise<{ sent: true } | { sent: false; reason: string }> {
    if (!options.delivery) return { sent: false, reason: "mail delivery is not configured (SMTP_URL)" };
    kick();
    const deadline = Date.now() + TEST_MAIL_WAIT_MS;
    while (Date.now() < deadline) {
      const row = await db.selectFrom("outbox").select(["status", "attempts", "last_error"]).where("id", "=", id).executeTakeFirst();
      if (row?.status === "sent") return { sent: true };
      if (row && row.attempts > 0) return { sent: false, reason: row.last_error ?? "the mail server refused it" };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { sent: false, reason: "no answer from the mail server yet; it stays queued" };
  }

  return {
    engine,
    store,
    alerter,
    maintenance,

    /** Maintenance changes; ending it re-evaluates at once, so a service still down alerts now. */
    async setMaintenance(request: Parameters<typeof maintenance.change>[0]) {
      const result = await maintenance.change(request);
      if (result.ok && !request.enable) await engine.requestCycle();
      return result;
    },

    async snapshot() {
      const config = options.config();
      const time = now();
      const states = await store.loadStates();
      const memories = await db.selectFrom("alert_memory").select(["service_id", "memory"]).execute();
      const cooldowns = new Map(memories.map((row) => [row.service_id, (JSON.parse(row.memory) as { cooldownUntil: number }).cooldownUntil]));
      const ids = new Map<string, number>();
      for (const service of config.services) for (const host of HOSTS) if (service.hosts[host]) ids.set(`${service.id}/${host}`, await store.endpointId(service.id, host));
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
          alertCooldownActive: (cooldowns.get(service.id) ?? 0) > time,
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
        alertsTo: config.alerts.to,
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

    /** Test Email: a mail through the outbox; waits briefly to report whether it went out. */
    async testEmail(): Promise<{ success: boolean; message: string } | null> {
      return exclusive(async () => {
        const id = await alerter.queueTest(settings());
        const outcome = await waitForMail(id);
        return outcome.sent ? { success: true, message: "Test email sent successfully!" } : { success: false, message: `Failed to send test email: ${outcome.reason}` };
      });
    },

    /** Test Failure: one host unhealthy, the other healthy, through the real alert logic. */
    async testFailure(serviceId?: string): Promise<{ success: boolean; message: string } | null | undefined> {
      const config = options.config();
      const service = serviceId ? config.services.find((entry) => entry.id === serviceId) : (config.services.find((entry) => entry.profile !== "infrastructure") ?? config.services[0]);
      if (!service) return undefined;
      return exclusive(async () => {
        const { decisions, mailIds } = await alerter.process(
          service,
          { centron: { status: "unhealthy", errorMessage: "Simulated failure (Test Failure)" }, local: { status: "healthy", errorMessage: null } },
          { maintenance: await maintenance.isActive(), settings: settings() },
        );
        if (mailIds.length > 0) kick();
        const failure = decisions.find((decision) => decision.kind === "failure");
        const outcome = !failure ? "no alert: the cooldown is active" : failure.suppressed ? "alert suppressed: maintenance mode is on" : `failure alert queued for ${settings().to}`;
        return { success: true, message: `Simulated failure for ${service.name}: ${outcome}` };
      });
    },
  };
}

export type Monitor = ReturnType<typeof createMonitor>;
