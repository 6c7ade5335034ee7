// The one scheduler of every probe the server runs itself: each second it
// keeps or seeks the probe lease and, while it holds it, lets each family of
// probe kinds start what is due (the services' checks, in server/monitor/;
// the integrations' readings, in server/integrations/). A family is anything
// with the three steps below; the scheduler knows nothing of what they check.
// Remote probes run the checks on the same grid but pull their assignments
// (server/probes/); their results come in through the API, not this loop.
// With shards (shard-leases.ts), a family that takes shards runs in every
// instance, on the shards this one holds; the others stay under the lease.
import type { Logger } from "pino";
import type { ProbeLease } from "./probe-lease.ts";
import type { ShardChange, ShardLeases } from "./shard-leases.ts";
import { createTicker, waitAtMost } from "./ticker.ts";

const TICK_MS = 1_000;
/** On shutdown, work in flight gets this long before it is abandoned (unsaved; the next leader redoes it). */
const STOP_GRACE_MS = 2_000;

/** A family of probe kinds, as the scheduler runs it. */
export type ProbeFamily = {
  /** Its name in logs. */
  name: string;
  /** This process has just taken the lease: what others did meanwhile is stored; start afresh from it. */
  takeOver(): Promise<void> | void;
  /** Starts what is due at `time` (leader only, every tick); long work runs on without being awaited. */
  runDue(time: number): Promise<void>;
  /** The process stops: ends what it can at once, resolves when what is in flight has ended. */
  drain(): Promise<void>;
  /**
   * A family split into shards has this: it then runs due work in every instance, on the shards it holds, and hears
   * of each change of them (what it gained was checked by others until now: start those afresh from what is stored).
   */
  shardsChanged?(change: ShardChange): Promise<void> | void;
};

export type ProbeSchedulerOptions = {
  lease: ProbeLease;
  families: readonly ProbeFamily[];
  /** How long the lease lasts: it is renewed every third of this, so a dead leader is replaced within it. */
  leaseMs: () => number;
  /** The services' checks split into shards (MONITOR_SHARDS), with how long a shard's lease lasts. */
  shards?: { leases: ShardLeases; leaseMs: () => number };
  now: () => number;
  logger: Logger;
};

/** Keeps this process's shards every third of their lease, and tells the sharded families what changed. */
function createShardKeeper(
  shards: NonNullable<ProbeSchedulerOptions["shards"]>,
  families: readonly ProbeFamily[],
  logger: Logger,
) {
  let lastAt = -Infinity;
  return async function keepShards(time: number): Promise<void> {
    if (time - lastAt < shards.leaseMs() / 3) return;
    lastAt = time;
    const change = await shards.leases.keep(shards.leaseMs());
    if (change.gained.size === 0 && change.lost.size === 0) return;
    const mine = [...shards.leases.mine()].sort((a, b) => a - b);
    logger.info({ shards: mine }, `probes: this process checks ${mine.length} of ${shards.leases.count} shards`);
    for (const family of families) await family.shardsChanged?.(change);
  };
}

export function createProbeScheduler({ lease, families, leaseMs, shards, now, logger }: ProbeSchedulerOptions) {
  let lastLeaseAt = -Infinity;
  const keepShards = shards && createShardKeeper(shards, families, logger);
  /** Whether a family runs now: a sharded one always (on its own shards), the others under the lease. */
  const runs = (family: ProbeFamily) => (!!keepShards && !!family.shardsChanged) || lease.leading();

  /** Takes or renews the lease now; true when this process holds it. */
  const lead = () => lease.renew(leaseMs());

  async function keepLease(time: number): Promise<void> {
    if (time - lastLeaseAt < leaseMs() / 3) return;
    lastLeaseAt = time;
    const was = lease.leading();
    if (!(await lead()) || was) return;
    logger.info(`probes: this process runs ${families.map((family) => family.name).join(" and ")}`);
    for (const family of families) await family.takeOver();
  }

  /** Every second: keep or seek the lease, then each family's due work; one family's failure stops no other. */
  async function tick(): Promise<void> {
    const time = now();
    await keepLease(time);
    await keepShards?.(time).catch((error: unknown) => logger.error({ err: error }, "keeping the shards failed"));
    for (const family of families) {
      if (!runs(family)) continue;
      await family
        .runDue(time)
        .catch((error: unknown) => logger.error({ err: error, family: family.name }, "probe schedule failed"));
    }
  }

  const ticker = createTicker(tick, TICK_MS, logger, "probe tick");

  return {
    holder: lease.holder,
    /** The shards this process takes its share of, when the checks are split (MONITOR_SHARDS). */
    shards: shards?.leases,
    lead,
    /** One step of the schedule, as the ticker runs it every second (tests drive it on a fake clock). */
    tick,
    start: () => ticker.start(),
    async stop() {
      ticker.stop();
      await waitAtMost(Promise.all(families.map((family) => family.drain())), STOP_GRACE_MS);
      await lease.release();
      await shards?.leases.release();
    },
  };
}

export type ProbeScheduler = ReturnType<typeof createProbeScheduler>;
