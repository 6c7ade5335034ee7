// The integrations as the server sees them: certificates, nginx, HAProxy and
// AI services. One process among all workers and instances holds the
// "integrations" lease and samples each source on its own interval; every
// reading is stored, so any worker answers the API from the database and a
// new leader continues the schedule where the last one stopped. A panel's
// Retry samples at once in the worker that serves it.
//
// Alerts: the leader hands every new reading to its incident tracker, its own
// and those a Retry stored in another worker (each reading once, in order), so
// incidents are decided in one process and only from fresh evidence. When
// maintenance ends, every source not read since is read again at once, as a
// Retry would, by whichever process sees the end first, so what maintenance
// held back and is still failing is told then, not at its next interval.
import { randomUUID } from "node:crypto";
import type { Tracker } from "#server/alerting/alerting.ts";
import type { Observation } from "#server/alerting/incident-tracker.ts";
import { createTicker, waitAtMost } from "#server/scheduling/ticker.ts";
import { emptyAiHealth, readAiServices, type AiServicesHealth } from "./ai/ai-health.ts";
import { createCertificates, type CertificatesOptions } from "./certificates/certificates.ts";
import type { CertificateReading } from "#server/net/tls-probe.ts";
import { readHaproxyStats, type HaproxySnapshot } from "./haproxy/haproxy-stats.ts";
import type { IntegrationsConfig } from "./integrations-config.ts";
import {
  aiKeys,
  aiObservations,
  certificateKey,
  certificateObservation,
  HAPROXY_STATS_KEY,
  haproxyObservations,
  haproxyServerKey,
  nginxKeys,
  nginxObservations,
  placeholderKeys,
  type Thresholds,
} from "./integration-targets.ts";
import { readNginx, type NginxReport, type NginxSample } from "./nginx/nginx-report.ts";

export const INTEGRATIONS_LEASE = "integrations";
const TICK_MS = 2_000;
const LEASE_TTL_MS = 30_000;
const LEASE_RENEW_MS = 10_000;
/** A Retry right after a sample returns that sample: rates need time between samples. */
const MIN_RESAMPLE_MS = 1_000;

type NginxSnapshot = { report: NginxReport; samples: NginxSample[] };
type Snapshots = { nginx: NginxSnapshot; haproxy: HaproxySnapshot; "ai-services": AiServicesHealth };
type Name = keyof Snapshots;

/**
 * What the certificates need, the integrations' part of the configuration with the alert thresholds, and the tracker
 * of their sources.
 */
export type IntegrationsOptions = Omit<CertificatesOptions, "config"> & {
  config: () => { integrations: IntegrationsConfig; defaults: { failureThreshold: number; successThreshold: number } };
  tracker: Pick<Tracker, "observe" | "retire" | "reset" | "onMaintenanceEnd">;
};

export function createIntegrations(options: IntegrationsOptions) {
  const { db, leases, now, logger, tracker } = options;
  const integrations = () => options.config().integrations;
  const thresholds = (): Thresholds => ({
    failure: options.config().defaults.failureThreshold,
    success: options.config().defaults.successThreshold,
  });
  const holder = randomUUID();
  const certificates = createCertificates({ ...options, config: () => integrations().certificates });
  const inFlight = new Map<string, Promise<unknown>>();
  let leader = false;
  let stopped = false;
  let lastLeaseAt = 0;
  /** The newest reading of each source the tracker was given ("certificates": the newest check of any). */
  const observedAt = new Map<string, number>();
  let observing: Promise<void> = Promise.resolve();

  async function load<N extends Name>(name: N): Promise<{ value: Snapshots[N]; sampledAt: number } | undefined> {
    const row = await db
      .selectFrom("integration_snapshots")
      .select(["payload", "sampled_at"])
      .where("name", "=", name)
      .executeTakeFirst();
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

  const observers: { [N in Name]: (value: Snapshots[N]) => Observation[] } = {
    nginx: (value) => nginxObservations(value.report, thresholds()),
    haproxy: (value) => haproxyObservations(value, thresholds()),
    "ai-services": (value) => aiObservations(value, thresholds()),
  };

  /**
   * The targets each source has now; an open incident of any other is no longer monitored. Null: unknown now (keep
   * them).
   */
  async function liveKeys(): Promise<{
    nginx: Set<string>;
    haproxy: Set<string> | null;
    ai: Set<string>;
    certificate: Set<string>;
  }> {
    const config = integrations();
    let haproxy: Set<string> | null = new Set();
    if (config.haproxy) {
      const stored = (await load("haproxy"))?.value as HaproxySnapshot | undefined;
      haproxy = stored?.ok
        ? new Set([
            HAPROXY_STATS_KEY,
            ...stored.stats.servers.map((server) => haproxyServerKey(server.backend, server.name)),
          ])
        : null;
    }
    return {
      nginx: new Set(config.nginx ? nginxKeys(config.nginx.sources.map((source) => source.name)) : []),
      haproxy,
      ai: new Set(config.aiServices ? aiKeys(config.aiServices.services.map((service) => service.name)) : []),
      certificate: new Set((config.certificates?.domains ?? []).map(certificateKey)),
    };
  }

  /**
   * Gives the tracker every reading newer than the last it was given, then retires what is no longer configured.
   * Leader only, one round at a time.
   */
  function observeNew(): Promise<void> {
    const round = observing.then(async () => {
      if (!leader) return;
      const found: Observation[] = [];
      const rows = await db.selectFrom("integration_snapshots").select(["name", "payload", "sampled_at"]).execute();
      for (const row of rows) {
        const name = row.name as Name;
        if (!(name in observers) || !configured(name) || row.sampled_at <= (observedAt.get(name) ?? -Infinity))
          continue;
        found.push(...observers[name](JSON.parse(row.payload) as never));
        observedAt.set(name, row.sampled_at);
      }
      const certificatesSince = observedAt.get("certificates");
      let newer = db.selectFrom("certificates").select(["reading", "checked_at"]).orderBy("checked_at");
      if (certificatesSince !== undefined) newer = newer.where("checked_at", ">", certificatesSince);
      const checked = await newer.execute();
      const live = await liveKeys();
      for (const row of checked) {
        const reading = JSON.parse(row.reading) as CertificateReading;
        if (live.certificate.has(certificateKey(reading))) found.push(certificateObservation(reading, thresholds()));
        observedAt.set("certificates", row.checked_at);
      }
      const isPlaceholder = placeholderKeys(integrations());
      const real = found.filter((observation) => !isPlaceholder(observation.key));
      if (real.length > 0) await tracker.observe(real);
      // A placeholder is not monitored: an incident it had (from before it was known as one) is closed.
      for (const [source, keys] of [
        ["nginx", live.nginx],
        ["haproxy", live.haproxy],
        ["ai", live.ai],
        ["certificate", live.certificate],
      ] as const) {
        if (keys) await tracker.retire(source, new Set([...keys].filter((key) => !isPlaceholder(key))));
      }
    });
    // A failed round is logged; the next one starts afresh.
    observing = round.catch((error: unknown) => logger.error({ err: error }, "integration alerts failed"));
    return observing;
  }

  /** Taking the lease: what is stored now was decided on by the previous leader (or is too old to decide on). */
  async function takeOver(): Promise<void> {
    tracker.reset();
    observedAt.clear();
    for (const row of await db.selectFrom("integration_snapshots").select(["name", "sampled_at"]).execute())
      observedAt.set(row.name, row.sampled_at);
    const newest = await db
      .selectFrom("certificates")
      .select((eb) => eb.fn.max("checked_at").as("at"))
      .executeTakeFirst();
    if (newest?.at !== null && newest?.at !== undefined) observedAt.set("certificates", Number(newest.at));
  }

  /** One sample at a time per integration in this process; a second caller shares it. */
  function sample<N extends Name>(name: N): Promise<{ value: Snapshots[N]; sampledAt: number }> {
    const running = inFlight.get(name) as Promise<{ value: Snapshots[N]; sampledAt: number }> | undefined;
    if (running) return running;
    const work = (async () => {
      const value = await samplers[name]();
      const at = now();
      await store(name, value, at);
      await observeNew();
      return { value, sampledAt: at };
    })().finally(() => inFlight.delete(name));
    inFlight.set(name, work);
    return work;
  }

  /**
   * Reads again every source not read since maintenance ended. Every process
   * that sees the end does this (the one where it was ended at once, the
   * others at their next look at maintenance); the first reads, the others
   * find the readings newer than the end and read nothing. The lease holder
   * decides on them: its own at once, another worker's at its next tick.
   */
  async function readAgainSince(endedAt: number): Promise<void> {
    const rows = await db.selectFrom("integration_snapshots").select(["name", "sampled_at"]).execute();
    const sampledAt = new Map(rows.map((row) => [row.name, row.sampled_at]));
    const stale = (["nginx", "haproxy", "ai-services"] as const).filter(
      (name) => configured(name) && (sampledAt.get(name) ?? -Infinity) < endedAt,
    );
    const certificatesRead = certificates.checkSince(endedAt).then(observeNew);
    await Promise.all([...stale.map((name) => sample(name)), certificatesRead]);
  }

  tracker.onMaintenanceEnd((endedAt) => {
    const key = `maintenance-end@${endedAt}`;
    if (stopped || inFlight.has(key)) return;
    const work = readAgainSince(endedAt)
      .catch((error: unknown) => logger.error({ err: error }, "reading the integrations after maintenance failed"))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
  });

  /** A reading that says the source could not be read: a Retry samples it again at once. */
  const failed: { [N in Name]: (value: Snapshots[N]) => boolean } = {
    nginx: (value) => value.samples.every((entry) => "error" in entry),
    haproxy: (value) => !value.ok,
    "ai-services": (value) => value.services.every((service) => service.status === "unhealthy"),
  };

  /**
   * The stored reading; sampled now when there is none, when asked to refresh, or when it is two intervals old (nobody
   * samples).
   */
  async function read<N extends Name>(
    name: N,
    refresh: boolean,
  ): Promise<{ value: Snapshots[N]; sampledAt: number } | undefined> {
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
      if (leader && !was) {
        logger.info("integrations: this process samples certificates, nginx, HAProxy and AI services");
        await takeOver();
      }
    }
    if (!leader) return;
    // Readings a Retry stored in another worker.
    await observeNew();
    const rows = await db.selectFrom("integration_snapshots").select(["name", "sampled_at"]).execute();
    const sampledAt = new Map(rows.map((row) => [row.name, row.sampled_at]));
    for (const name of ["nginx", "haproxy", "ai-services"] as const) {
      if (!configured(name) || inFlight.has(name)) continue;
      const last = sampledAt.get(name);
      if (last === undefined || time - last >= intervalMs(name))
        void sample(name).catch((error: unknown) =>
          logger.error({ err: error, integration: name }, "integration sample failed"),
        );
    }
    if (!inFlight.has("certificates")) {
      const work = certificates
        .checkDue()
        .then(observeNew)
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
      stopped = true;
      ticker.stop();
      // Samples and probes have their own deadlines; wait for them briefly, then let go.
      await waitAtMost(Promise.allSettled([...inFlight.values()]), 2_000);
      if (leader) await leases.release(INTEGRATIONS_LEASE, holder).catch(() => undefined);
      leader = false;
    },
  };
}

export type Integrations = ReturnType<typeof createIntegrations>;
