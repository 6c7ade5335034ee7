// The integrations as the server sees them: certificates, nginx, HAProxy and
// AI services. One process among all workers and instances holds the
// "integrations" lease and samples each source on its own interval; every
// reading is stored, so any worker answers the API from the database and a
// new leader continues the schedule where the last one stopped. A panel's
// Retry samples at once in the worker that serves it.
import { randomUUID } from "node:crypto";
import type { MonitoringConfig } from "../monitor/monitor-config.ts";
import { createTicker, waitAtMost } from "../scheduling/ticker.ts";
import { emptyAiHealth, readAiServices, type AiServicesHealth } from "./ai/ai-health.ts";
import { createCertificates, type CertificatesOptions } from "./certificates/certificates.ts";
import { readHaproxyStats, type HaproxyStats } from "./haproxy/haproxy-stats.ts";
import { readNginx, type NginxReport, type NginxSample } from "./nginx/nginx-report.ts";

export const INTEGRATIONS_LEASE = "integrations";
const TICK_MS = 2_000;
const LEASE_TTL_MS = 30_000;
const LEASE_RENEW_MS = 10_000;
/** A Retry right after a sample returns that sample: rates need time between samples. */
const MIN_RESAMPLE_MS = 1_000;

export type HaproxySnapshot = { ok: true; stats: HaproxyStats } | { ok: false; error: string };
type NginxSnapshot = { report: NginxReport; samples: NginxSample[] };
type Snapshots = { nginx: NginxSnapshot; haproxy: HaproxySnapshot; "ai-services": AiServicesHealth };
type Name = keyof Snapshots;

/** What the certificates need, but the whole monitoring configuration (the integrations read their part). */
export type IntegrationsOptions = Omit<CertificatesOptions, "config" | "probe"> & { config: () => MonitoringConfig };

export function createIntegrations(options: IntegrationsOptions) {
  const { db, leases, now, logger } = options;
  const integrations = () => options.config().integrations;
  const holder = randomUUID();
  const certificates = createCertificates({ ...options, config: () => integrations().certificates });
  const inFlight = new Map<string, Promise<unknown>>();
  let leader = false;
  let lastLeaseAt = 0;

  async function load<N extends Name>(name: N): Promise<{ value: Snapshots[N]; sampledAt: number } | undefined> {
    const row = await db.selectFrom("integration_snapshots").select(["payload", "sampled_at"]).where("name", "=", name).executeTakeFirst();
    return row ? { value: JSON.parse(row.payload) as Snapshots[N], sampledAt: row.sampled_at } : undefined;
  }

  async function store<N extends Name>(name: N, value: Snapshots[N], at: number): Promise<void> {
    const payload = JSON.stringify(value);
    await db
      .insertInto("integration_snapshots")
      .values({ name, payload, sampled_at: at })
      .onConflict((oc) => oc.column("name").doUpdateSet({ payload, sampled_at: at }))
      .execute();
  }

  const samplers: { [N in Name]: () => Promise<Snapshots[N]> } = {
    async nginx() {
      const config = integrations().nginx!;
      const previous = await load("nginx");
      return readNginx(config, previous?.value.samples, now);
    },
    async haproxy() {
      const config = integrations().haproxy!;
      try {
        return { ok: true, stats: await readHaproxyStats(config.source, { timeoutMs: config.timeoutMs }) };
      } catch (error) {
        return { ok: false, error: (error as Error).message };
      }
    },
    async "ai-services"() {
      const config = integrations().aiServices!;
      try {
        return await readAiServices(config, now);
      } catch (error) {
        logger.error({ err: error }, "AI services health failed");
        return emptyAiHealth(now());
      }
    },
  };

  const configured = (name: Name) => (name === "ai-services" ? integrations().aiServices : integrations()[name]);
  const intervalMs = (name: Name) => configured(name)!.intervalSeconds * 1000;

  /** One sample at a time per integration in this process; a second caller shares it. */
  function sample<N extends Name>(name: N): Promise<{ value: Snapshots[N]; sampledAt: number }> {
    const running = inFlight.get(name) as Promise<{ value: Snapshots[N]; sampledAt: number }> | undefined;
    if (running) return running;
    const work = (async () => {
      const value = await samplers[name]();
      const at = now();
      await store(name, value, at);
      return { value, sampledAt: at };
    })().finally(() => inFlight.delete(name));
    inFlight.set(name, work);
    return work;
  }

  /** A reading that says the source could not be read: a Retry samples it again at once. */
  const failed: { [N in Name]: (value: Snapshots[N]) => boolean } = {
    nginx: (value) => value.samples.every((entry) => "error" in entry),
    haproxy: (value) => !value.ok,
    "ai-services": (value) => value.services.every((service) => service.status === "unhealthy"),
  };

  /** The stored reading; sampled now when there is none, when asked to refresh, or when it is two intervals old (nobody samples). */
  async function read<N extends Name>(name: N, refresh: boolean): Promise<{ value: Snapshots[N]; sampledAt: number } | undefined> {
    if (!configured(name)) return undefined;
    const stored = await load(name);
    const age = stored ? now() - stored.sampledAt : Infinity;
    const retry = refresh && (age >= MIN_RESAMPLE_MS || failed[name](stored!.value));
    if (!stored || retry || age >= 2 * intervalMs(name)) return sample(name);
    return stored;
  }

  async function tick(): Promise<void> {
    const time = now();
    if (time - lastLeaseAt >= LEASE_RENEW_MS) {
      lastLeaseAt = time;
      const was = leader;
      leader = await leases.acquire(INTEGRATIONS_LEASE, holder, LEASE_TTL_MS);
      if (leader && !was) logger.info("integrations: this process samples certificates, nginx, HAProxy and AI services");
    }
    if (!leader) return;
    const rows = await db.selectFrom("integration_snapshots").select(["name", "sampled_at"]).execute();
    const sampledAt = new Map(rows.map((row) => [row.name, row.sampled_at]));
    for (const name of ["nginx", "haproxy", "ai-services"] as const) {
      if (!configured(name) || inFlight.has(name)) continue;
      const last = sampledAt.get(name);
      if (last === undefined || time - last >= intervalMs(name)) void sample(name).catch((error: unknown) => logger.error({ err: error, integration: name }, "integration sample failed"));
    }
    if (!inFlight.has("certificates")) {
      const work = certificates
        .checkDue()
        .catch((error: unknown) => logger.error({ err: error }, "certificate checks failed"))
        .finally(() => inFlight.delete("certificates"));
      inFlight.set("certificates", work);
    }
  }

  const ticker = createTicker(tick, TICK_MS, logger, "integrations tick");

  return {
    holder,
    certificates,
    /** The stored readings only, never sampling (the dashboard's first render must not wait on a peer). */
    stored: { nginx: () => load("nginx"), haproxy: () => load("haproxy"), aiServices: () => load("ai-services") },
    /** Each answer carries when it was sampled, so the dashboard can mark stale data. */
    nginx: (refresh = false) => read("nginx", refresh),
    haproxy: (refresh = false) => read("haproxy", refresh),
    aiServices: (refresh = false) => read("ai-services", refresh),
    intervals() {
      const config = integrations();
      return {
        nginx: config.nginx?.intervalSeconds ?? null,
        haproxy: config.haproxy?.intervalSeconds ?? null,
        aiServices: config.aiServices?.intervalSeconds ?? null,
        certificates: config.certificates?.intervalSeconds ?? null,
      };
    },
    /** One scheduler step (tests drive it directly). */
    tick,
    /** Resolves when what this process started has finished (tests). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
    start: () => ticker.start(),
    async stop() {
      ticker.stop();
      // Samples and probes have their own deadlines; wait for them briefly, then let go.
      await waitAtMost(Promise.allSettled([...inFlight.values()]), 2_000);
      if (leader) await leases.release(INTEGRATIONS_LEASE, holder).catch(() => undefined);
      leader = false;
    },
  };
}

export type Integrations = ReturnType<typeof createIntegrations>;
