// The services' checks split between the instances that share one
// PostgreSQL database (MONITOR_SHARDS). A service belongs to one of a fixed
// number of shards, by a stable hash of its id, so its hosts stay together
// and its judgement stays in one process. Each shard is a lease of its own
// ("probes:shard:<n>" in monitor_leases), and each instance keeps a lease
// "probes:instance:<holder>" as its heartbeat: the database is the only
// coordinator. An instance's first renewal only announces it; at every
// renewal after that it counts the live instances, keeps its fair share
// (shards / instances, rounded up), gives back what is above it so a
// newcomer finds shards free, and takes free or expired shards up to it: a
// dead instance's shards expire with its leases and move at the next
// renewal of the others.
import type { Leases } from "#server/db/leases.ts";

export const SHARD_PREFIX = "probes:shard:";
export const INSTANCE_PREFIX = "probes:instance:";

/** A shard's lease lasts a third of the shortest interval, within these bounds (renewed every third of it). */
const MIN_LEASE_MS = 3_000;
const MAX_LEASE_MS = 60_000;

/**
 * How long a shard's lease lasts when the fastest service is checked every `fastestMs`: short enough that a dead
 * instance's services are taken over well within one interval (decision 056 gives the bound).
 */
export function shardLeaseMs(fastestMs: number): number {
  return Math.round(Math.min(MAX_LEASE_MS, Math.max(MIN_LEASE_MS, fastestMs / 3)));
}

/** The shard of a service: FNV-1a of its id, so every instance and every version agrees without asking. */
export function shardOf(serviceId: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < serviceId.length; index += 1) {
    hash ^= serviceId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % count;
}

/** What a renewal changed: the shards this process took and the ones it no longer has. */
export type ShardChange = { gained: ReadonlySet<number>; lost: ReadonlySet<number> };

export type ShardLeases = {
  readonly count: number;
  shardOf(serviceId: string): number;
  /** Whether this process held the service's shard at its last renewal and that lease has not run out: no I/O. */
  owns(serviceId: string): boolean;
  /** Whether the last renewal succeeded and has not run out: no I/O. */
  current(): boolean;
  /** The shards this process holds, as of its last renewal (a new set whenever they change). */
  mine(): ReadonlySet<number>;
  /** Asked of the database (a failing one says none): checked before deciding on incidents. */
  held(): Promise<ReadonlySet<number>>;
  /** Renews this process's heartbeat and shards, and evens out the shares; answers what changed. */
  keep(ttlMs: number): Promise<ShardChange>;
  /** Lets every shard go (a clean stop: the others take them at their next renewal). */
  release(): Promise<void>;
};

const numberOf = (name: string) => Number(name.slice(SHARD_PREFIX.length));

export function createShardLeases(options: {
  leases: Leases;
  holder: string;
  count: number;
  now: () => number;
}): ShardLeases {
  const { leases, holder, count, now } = options;
  let held = new Set<number>();
  let validUntil = -Infinity;
  let announced = false;
  const shards = new Map<string, number>();
  const shardOfService = (serviceId: string) => {
    let shard = shards.get(serviceId);
    if (shard === undefined) shards.set(serviceId, (shard = shardOf(serviceId, count)));
    return shard;
  };

  /** Shards above the fair share go back, the highest first; free ones are taken up to it, the lowest first. */
  async function evenOut(kept: Set<number>, ttlMs: number): Promise<void> {
    const live = await leases.live("probes:");
    const instances = Math.max(1, live.filter((lease) => lease.name.startsWith(INSTANCE_PREFIX)).length);
    const fair = Math.ceil(count / instances);
    const taken = new Set(
      live
        .filter((lease) => lease.name.startsWith(SHARD_PREFIX) && lease.holder !== holder)
        .map((l) => numberOf(l.name)),
    );
    for (const shard of [...kept].sort((a, b) => b - a).slice(0, Math.max(0, kept.size - fair))) {
      await leases.release(`${SHARD_PREFIX}${shard}`, holder);
      kept.delete(shard);
    }
    for (let shard = 0; shard < count && kept.size < fair; shard += 1) {
      if (kept.has(shard) || taken.has(shard)) continue;
      if (await leases.acquire(`${SHARD_PREFIX}${shard}`, holder, ttlMs)) kept.add(shard);
    }
  }

  return {
    count,
    shardOf: shardOfService,
    owns: (serviceId) => now() < validUntil && held.has(shardOfService(serviceId)),
    current: () => now() < validUntil,
    mine: () => held,
    async held() {
      const names = await leases.live(SHARD_PREFIX).catch(() => []);
      return new Set(names.filter((lease) => lease.holder === holder).map((lease) => numberOf(lease.name)));
    },
    async keep(ttlMs) {
      const time = now();
      const before = now() < validUntil ? held : new Set<number>();
      let kept: Set<number>;
      try {
        await leases.acquire(`${INSTANCE_PREFIX}${holder}`, holder, ttlMs);
        // The first renewal only says this process is here: instances started together then see each other before
        // any takes shards, instead of the first one taking all and checking the whole fleet once alone.
        if (!announced) {
          announced = true;
          return { gained: new Set(), lost: new Set() };
        }
        kept = new Set((await leases.renewAll(SHARD_PREFIX, holder, ttlMs)).map(numberOf));
        await evenOut(kept, ttlMs);
      } catch (error) {
        // Unsure what is held: check nothing until a renewal succeeds (another instance may have taken it all).
        held = new Set();
        validUntil = -Infinity;
        throw error;
      }
      const changed = kept.size !== held.size || [...kept].some((shard) => !held.has(shard));
      if (changed) held = kept;
      validUntil = time + ttlMs;
      return {
        gained: new Set([...kept].filter((shard) => !before.has(shard))),
        lost: new Set([...before].filter((shard) => !kept.has(shard))),
      };
    },
    async release() {
      for (const shard of held) await leases.release(`${SHARD_PREFIX}${shard}`, holder).catch(() => undefined);
      await leases.release(`${INSTANCE_PREFIX}${holder}`, holder).catch(() => undefined);
      held = new Set();
      validUntil = -Infinity;
    },
  };
}
