// The integrations' alerts: the leader hands its tracker every reading newer
// than the last it was given (its own, and those a Retry stored in another
// worker), then retires the targets no longer configured. A new leader starts
// from what is stored, which its predecessor decided on.
import type { Kysely } from "kysely";
import type { Observation } from "#server/alerting/incident-tracker.ts";
import type { Database } from "#server/db/schema.ts";
import type { CertificateReading } from "#server/net/tls-probe.ts";
import type { HaproxySnapshot } from "./haproxy/haproxy-stats.ts";
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
import { configuredSource, loadSnapshot, type SnapshotName, type Snapshots } from "./integration-snapshots.ts";
import type { IntegrationsConfig } from "./integrations-config.ts";
import { integrationsOf, type IntegrationsState } from "./integrations-state.ts";

const observers: { [N in SnapshotName]: (value: Snapshots[N], thresholds: Thresholds) => Observation[] } = {
  nginx: (value, thresholds) => nginxObservations(value.report, thresholds),
  haproxy: (value, thresholds) => haproxyObservations(value, thresholds),
  "ai-services": (value, thresholds) => aiObservations(value, thresholds),
};

const thresholdsOf = (state: IntegrationsState): Thresholds => ({
  failure: state.options.config().defaults.failureThreshold,
  success: state.options.config().defaults.successThreshold,
});

/**
 * The targets each source has now; an open incident of any other is no longer monitored. Null: unknown now (keep
 * them).
 */
async function liveKeys(
  db: Kysely<Database>,
  config: IntegrationsConfig,
): Promise<{ nginx: Set<string>; haproxy: Set<string> | null; ai: Set<string>; certificate: Set<string> }> {
  let haproxy: Set<string> | null = new Set();
  if (config.haproxy) {
    const stored = (await loadSnapshot(db, "haproxy"))?.value as HaproxySnapshot | undefined;
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
export function observeNew(state: IntegrationsState): Promise<void> {
  const { db, logger } = state.options;
  const round = state.observing.then(async () => {
    if (!state.options.lease.leading()) return;
    const found = await newSnapshotObservations(state);
    const certificatesSince = state.observedAt.get("certificates");
    let newer = db.selectFrom("certificates").select(["reading", "checked_at"]).orderBy("checked_at");
    if (certificatesSince !== undefined) newer = newer.where("checked_at", ">", certificatesSince);
    const checked = await newer.execute();
    const live = await liveKeys(db, integrationsOf(state));
    for (const row of checked) {
      const reading = JSON.parse(row.reading) as CertificateReading;
      if (live.certificate.has(certificateKey(reading)))
        found.push(certificateObservation(reading, thresholdsOf(state)));
      state.observedAt.set("certificates", row.checked_at);
    }
    const isPlaceholder = placeholderKeys(integrationsOf(state));
    const real = found.filter((observation) => !isPlaceholder(observation.key));
    if (real.length > 0) await state.options.tracker.observe(real);
    // A placeholder is not monitored: an incident it had (from before it was known as one) is closed.
    for (const [source, keys] of [
      ["nginx", live.nginx],
      ["haproxy", live.haproxy],
      ["ai", live.ai],
      ["certificate", live.certificate],
    ] as const) {
      if (keys) await state.options.tracker.retire(source, new Set([...keys].filter((key) => !isPlaceholder(key))));
    }
  });
  // A failed round is logged; the next one starts afresh.
  state.observing = round.catch((error: unknown) => logger.error({ err: error }, "integration alerts failed"));
  return state.observing;
}

/** What the configured sources' snapshots newer than the last the tracker was given say. */
async function newSnapshotObservations(state: IntegrationsState): Promise<Observation[]> {
  const found: Observation[] = [];
  const rows = await state.options.db
    .selectFrom("integration_snapshots")
    .select(["name", "payload", "sampled_at"])
    .execute();
  for (const row of rows) {
    const name = row.name as SnapshotName;
    if (
      !(name in observers) ||
      !configuredSource(integrationsOf(state), name) ||
      row.sampled_at <= (state.observedAt.get(name) ?? -Infinity)
    )
      continue;
    found.push(...observers[name](JSON.parse(row.payload) as never, thresholdsOf(state)));
    state.observedAt.set(name, row.sampled_at);
  }
  return found;
}

/** Taking the lease: what is stored now was decided on by the previous leader (or is too old to decide on). */
export async function takeOver(state: IntegrationsState): Promise<void> {
  const { db, tracker } = state.options;
  tracker.reset();
  state.observedAt.clear();
  for (const row of await db.selectFrom("integration_snapshots").select(["name", "sampled_at"]).execute())
    state.observedAt.set(row.name, row.sampled_at);
  const newest = await db
    .selectFrom("certificates")
    .select((eb) => eb.fn.max("checked_at").as("at"))
    .executeTakeFirst();
  if (newest?.at !== null && newest?.at !== undefined) state.observedAt.set("certificates", Number(newest.at));
}
