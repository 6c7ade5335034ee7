// The integrations as the server sees them: certificates, nginx, HAProxy and
// AI services, one family of the probe scheduler
// (server/scheduling/probe-scheduler.ts). The process that holds the probe
// lease samples each source on its own interval; every reading is stored, so
// any worker answers the API from the database and a new leader continues the
// schedule where the last one stopped. A panel's Retry samples at once in the
// worker that serves it.
//
// Alerts: the leader hands every new reading to its incident tracker, its own
// and those a Retry stored in another worker (each reading once, in order), so
// incidents are decided in one process and only from fresh evidence. When
// maintenance ends, every source not read since is read again at once, as a
// Retry would, by whichever process sees the end first, so what maintenance
// held back and is still failing is told then, not at its next interval.
// Its steps: the snapshots (integration-snapshots.ts), sampling
// (integration-sampling.ts), alerts (integration-alerts.ts), and what they
// share (integrations-state.ts).
import type { Tracker } from "#server/alerting/alerting.ts";
import type { ProbeLease } from "#server/scheduling/probe-lease.ts";
import type { ProbeFamily } from "#server/scheduling/probe-scheduler.ts";
import { createCertificates, type CertificatesOptions } from "./certificates/certificates.ts";
import { observeNew, takeOver } from "./integration-alerts.ts";
import { configured, intervalMs, read, readAgainSince, sample } from "./integration-sampling.ts";
import { loadSnapshot, SAMPLED, sampledAtByName } from "./integration-snapshots.ts";
import type { IntegrationsConfig } from "./integrations-config.ts";
import { liveIntegrations, placeholderSections } from "./integration-placeholders.ts";
import { createIntegrationsState, integrationsOf, type IntegrationsState } from "./integrations-state.ts";

/**
 * What the certificates need, the integrations' part of the configuration with the alert thresholds, the tracker
 * of their sources and the probe scheduler's lease.
 */
export type IntegrationsOptions = Omit<CertificatesOptions, "config"> & {
  config: () => { integrations: IntegrationsConfig; defaults: { failureThreshold: number; successThreshold: number } };
  tracker: Pick<Tracker, "observe" | "retire" | "reset" | "onMaintenanceEnd">;
  lease: ProbeLease;
};

/** Starts each source's sample and the certificates' checks that are due, after the readings stored elsewhere. */
async function runDue(state: IntegrationsState, time: number): Promise<void> {
  const { db, logger } = state.options;
  const { inFlight } = state;
  // Readings a Retry stored in another worker.
  await observeNew(state);
  const sampledAt = await sampledAtByName(db);
  for (const name of SAMPLED) {
    if (!configured(state, name) || inFlight.has(name)) continue;
    const last = sampledAt.get(name);
    if (last === undefined || time - last >= intervalMs(state, name))
      void sample(state, name).catch((error: unknown) =>
        logger.error({ err: error, integration: name }, "integration sample failed"),
      );
  }
  if (!inFlight.has("certificates")) {
    const work = state.certificates
      .checkDue()
      .then(() => observeNew(state))
      .catch((error: unknown) => logger.error({ err: error }, "certificate checks failed"))
      .finally(() => inFlight.delete("certificates"));
    inFlight.set("certificates", work);
  }
}

export function createIntegrations(given: IntegrationsOptions) {
  // Placeholder entries are left out here, once for every step: nothing reads them.
  const options: IntegrationsOptions = {
    ...given,
    config: () => {
      const config = given.config();
      return { ...config, integrations: liveIntegrations(config.integrations) };
    },
  };
  const { db, logger, tracker } = options;
  const certificates = createCertificates({ ...options, config: () => options.config().integrations.certificates });
  const state = createIntegrationsState(options, certificates);
  const { inFlight } = state;
  const idle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
  };

  tracker.onMaintenanceEnd((endedAt) => {
    const key = `maintenance-end@${endedAt}`;
    if (state.stopped || inFlight.has(key)) return;
    const work = readAgainSince(state, endedAt)
      .catch((error: unknown) => logger.error({ err: error }, "reading the integrations after maintenance failed"))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
  });

  /** The readings as a family of the probe scheduler. */
  const family: ProbeFamily = {
    name: "the certificates, nginx, HAProxy and AI readings",
    takeOver: () => takeOver(state),
    runDue: (time) => runDue(state, time),
    drain() {
      state.stopped = true;
      // Samples and probes have their own deadlines: the scheduler waits for them briefly, then lets go.
      return idle();
    },
  };

  return {
    family,
    certificates,
    /** The stored readings only, never sampling (the dashboard's first render must not wait on a peer). */
    stored: {
      nginx: () => loadSnapshot(db, "nginx"),
      haproxy: () => loadSnapshot(db, "haproxy"),
      aiServices: () => loadSnapshot(db, "ai-services"),
    },
    /** Each answer carries when it was sampled, so the dashboard can mark stale data. */
    nginx: (refresh = false) => read(state, "nginx", refresh),
    haproxy: (refresh = false) => read(state, "haproxy", refresh),
    aiServices: (refresh = false) => read(state, "ai-services", refresh),
    intervals() {
      const config = integrationsOf(state);
      return {
        nginx: config.nginx?.intervalSeconds ?? null,
        haproxy: config.haproxy?.intervalSeconds ?? null,
        aiServices: config.aiServices?.intervalSeconds ?? null,
        certificates: config.certificates?.intervalSeconds ?? null,
      };
    },
    /** The sections made of placeholders only: not configured yet, and never read. */
    placeholders: () => placeholderSections(given.config().integrations),
    /** Resolves when what this process started has finished (tests). */
    idle,
  };
}

export type Integrations = ReturnType<typeof createIntegrations>;
