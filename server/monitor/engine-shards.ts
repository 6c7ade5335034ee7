// The engine when the services' checks are split into shards between
// instances (server/scheduling/shard-leases.ts): it schedules only the
// services of the shards this process holds, starts a gained shard's
// services afresh from what their previous holder stored, and decides on
// incidents only for the shards it still holds when a round ends. The
// locations' own incidents are not any shard's: they stay with the holder of
// the probe lease. Its incident tracker reads from the database the targets
// of other shards that its own depend on (foreignTargets).
import { shardLeaseMs, type ShardChange, type ShardLeases } from "#server/scheduling/shard-leases.ts";
import type { EngineContext, EngineOptions } from "./engine-state.ts";
import type { HostState } from "./host-state.ts";
import type { ForeignTargets } from "#server/alerting/foreign-targets.ts";
import { intervalOf, type ServiceConfig, type ServicesConfig } from "./services-config.ts";

/** The configuration as this process schedules it: its own shards' services; found again only when either changes. */
export function createOwnedConfig(shards: ShardLeases) {
  let last: { config: ServicesConfig; mine: ReadonlySet<number>; owned: ServicesConfig } | undefined;
  return (config: ServicesConfig): ServicesConfig => {
    // A lease that ran out without renewal (a failing database) owns nothing: another instance may have it now.
    if (!shards.current()) return { ...config, services: [] };
    const mine = shards.mine();
    if (last?.config !== config || last.mine !== mine) {
      const services = config.services.filter((service) => mine.has(shards.shardOf(service.id)));
      last = { config, mine, owned: { ...config, services } };
    }
    return last.owned;
  };
}

/**
 * Shards changed hands: the incident memory is read again (the previous holder decided meanwhile), and a gained
 * shard's services take their hosts' stored states and are due at once, so a dead holder's services miss at most the
 * round it did not run.
 */
export async function takeShards(engine: EngineContext, shards: ShardLeases, change: ShardChange): Promise<void> {
  const { options, state } = engine;
  options.tracker.reset();
  state.nextWritten = undefined;
  const gained = (serviceId: string) => change.gained.has(shards.shardOf(serviceId));
  for (const serviceId of [...state.due.keys()]) if (gained(serviceId)) state.due.delete(serviceId);
  if (!state.states) return; // loaded at the first round
  for (const key of [...state.states.keys()])
    if (change.lost.has(shards.shardOf(serviceOfEndpoint(key)))) state.states.delete(key);
  if (change.gained.size === 0) return;
  const stored = await options.store.loadStates();
  for (const [key, host] of stored) if (gained(serviceOfEndpoint(key))) state.states.set(key, host);
}

/** The hosts' stored states, of this process's shards only when it has shards: it keeps no other's in memory. */
export async function loadOwnStates({ store, shards }: EngineOptions): Promise<Map<string, HostState>> {
  const stored = await store.loadStates();
  if (!shards) return stored;
  for (const key of [...stored.keys()]) if (!shards.owns(serviceOfEndpoint(key))) stored.delete(key);
  return stored;
}

const serviceOfEndpoint = (key: string) => key.slice(0, key.indexOf("/"));

/** Which services this process may still decide on: those of the shards it holds now (asked of the database). */
export async function decidableServices(shards: ShardLeases): Promise<(serviceId: string | null) => boolean> {
  const held = await shards.held();
  return (serviceId) => serviceId !== null && held.has(shards.shardOf(serviceId));
}

const SERVICE_PREFIX = "service:";

/**
 * The incident tracker's view of the shards (server/alerting/foreign-targets.ts): a service's targets are this
 * process's when it holds their service's shard; other sources' (the locations') are always its own.
 */
export function foreignTargets(shards: ShardLeases, config: () => ServicesConfig): ForeignTargets {
  const byId = new WeakMap<readonly ServiceConfig[], Map<string, ServiceConfig>>();
  const serviceOf = (key: string) => key.slice(SERVICE_PREFIX.length, key.indexOf("/", SERVICE_PREFIX.length));
  return {
    owns: (key) => !key.startsWith(SERVICE_PREFIX) || shards.owns(serviceOf(key)),
    intervalOf(key) {
      const { services, defaults } = config();
      let known = byId.get(services);
      if (!known) byId.set(services, (known = new Map(services.map((service) => [service.id, service]))));
      const service = known.get(serviceOf(key));
      return service ? intervalOf(service, defaults) : null;
    },
  };
}

const fastest = new WeakMap<readonly ServiceConfig[], number>();

/** How long a shard's lease lasts for this configuration: from its fastest service's interval (shard-leases.ts). */
export function shardLeaseMsOf(config: ServicesConfig): number {
  let ms = fastest.get(config.services);
  if (ms === undefined) {
    ms = config.defaults.intervalSeconds * 1000;
    for (const service of config.services) ms = Math.min(ms, intervalOf(service, config.defaults));
    fastest.set(config.services, ms);
  }
  return shardLeaseMs(ms);
}
