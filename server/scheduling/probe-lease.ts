// The one lease under which every probe of this server is scheduled: the
// process that holds it (among all workers and instances on one database)
// runs the services' checks and the integrations' readings and decides their
// incidents; the others answer the API from what is stored. One handle per
// process, made before the parts that run under it, so each part asks it
// whether it still leads instead of keeping a lease of its own.
import { randomUUID } from "node:crypto";
import type { Leases } from "#server/db/leases.ts";

export const PROBE_LEASE = "probes";

export type ProbeLease = {
  /** This process's name on the lease. */
  readonly holder: string;
  /** Whether this process held it at its last renewal: no I/O, for paths asked often. */
  leading(): boolean;
  /** Asked of the database (a database that fails says no): checked before anything only the holder may do. */
  holds(): Promise<boolean>;
  /** Takes or renews it for ttlMs; answers whether this process holds it now. */
  renew(ttlMs: number): Promise<boolean>;
  release(): Promise<void>;
};

export function createProbeLease(leases: Leases): ProbeLease {
  const holder = randomUUID();
  let leading = false;
  return {
    holder,
    leading: () => leading,
    holds: () => leases.holds(PROBE_LEASE, holder),
    async renew(ttlMs) {
      leading = await leases.acquire(PROBE_LEASE, holder, ttlMs);
      return leading;
    },
    async release() {
      if (leading) await leases.release(PROBE_LEASE, holder).catch(() => undefined);
      leading = false;
    },
  };
}
