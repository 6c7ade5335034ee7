// Sampling the integrations in this process: one sample at a time per source
// (a second caller shares it), each stored and then handed on to the alerts;
// a read answers from what is stored unless it is missing, old or a Retry;
// the end of maintenance reads again every source not read since.
import { observeNew } from "./integration-alerts.ts";
import {
  configuredSource,
  loadSnapshot,
  readingFailed,
  SAMPLED,
  sampledAtByName,
  sampleSource,
  storeSnapshot,
  type Snapshot,
  type SnapshotName,
} from "./integration-snapshots.ts";
import { integrationsOf, type IntegrationsState } from "./integrations-state.ts";

/** A Retry right after a sample returns that sample: rates need time between samples. */
const MIN_RESAMPLE_MS = 1_000;

export const configured = (state: IntegrationsState, name: SnapshotName) =>
  configuredSource(integrationsOf(state), name);

export const intervalMs = (state: IntegrationsState, name: SnapshotName) =>
  configured(state, name)!.intervalSeconds * 1000;

/** One sample at a time per integration in this process; a second caller shares it. */
export function sample<N extends SnapshotName>(state: IntegrationsState, name: N): Promise<Snapshot<N>> {
  const { db, now, logger } = state.options;
  const running = state.inFlight.get(name) as Promise<Snapshot<N>> | undefined;
  if (running) return running;
  const work = (async () => {
    const value = await sampleSource(name, { integrations: integrationsOf(state), db, now, logger });
    const at = now();
    await storeSnapshot(db, name, value, at);
    await observeNew(state);
    return { value, sampledAt: at };
  })().finally(() => state.inFlight.delete(name));
  state.inFlight.set(name, work);
  return work;
}

/**
 * The stored reading; sampled now when there is none, when asked to refresh, or when it is two intervals old (nobody
 * samples).
 */
export async function read<N extends SnapshotName>(
  state: IntegrationsState,
  name: N,
  refresh: boolean,
): Promise<Snapshot<N> | undefined> {
  if (!configured(state, name)) return undefined;
  const stored = await loadSnapshot(state.options.db, name);
  const age = stored ? state.options.now() - stored.sampledAt : Infinity;
  const retry = refresh && (age >= MIN_RESAMPLE_MS || readingFailed(name, stored!.value));
  if (!stored || retry || age >= 2 * intervalMs(state, name)) return sample(state, name);
  return stored;
}

/**
 * Reads again every source not read since maintenance ended. Every process
 * that sees the end does this (the one where it was ended at once, the
 * others at their next look at maintenance); the first reads, the others
 * find the readings newer than the end and read nothing. The lease holder
 * decides on them: its own at once, another worker's at its next tick.
 */
export async function readAgainSince(state: IntegrationsState, endedAt: number): Promise<void> {
  const sampledAt = await sampledAtByName(state.options.db);
  const stale = SAMPLED.filter((name) => configured(state, name) && (sampledAt.get(name) ?? -Infinity) < endedAt);
  const certificatesRead = state.certificates.checkSince(endedAt).then(() => observeNew(state));
  await Promise.all([...stale.map((name) => sample(state, name)), certificatesRead]);
}
