// Targets another process decides on: with the services' checks split into
// shards between instances (server/scheduling/shard-leases.ts), a target's
// parent (the host it depends on) may be judged elsewhere, so this process's
// memory of it is only what it read at its last reload. Before a round is
// decided, what the database says of such parents is read into the memory:
// their open incidents (a failing child is affected, not alerted), the
// targets they are affected by, and whether they are failing towards their
// own incident (their streak), so a child waits for their verdict as it
// would for a parent of its own process.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Observation } from "./incident-tracker.ts";
import { affectedByTarget, cachedIncident, type TrackerMemory } from "./tracker-memory.ts";

/** Which targets this process decides on, and how often one it does not is checked. */
export type ForeignTargets = {
  owns: (key: string) => boolean;
  intervalOf: (key: string) => number | null;
};

/** The parents of these observations that another process decides on. */
function foreignParents(observations: readonly Observation[], foreign: ForeignTargets): string[] {
  const keys = new Set<string>();
  for (const observation of observations)
    for (const parent of observation.dependsOn ?? []) if (!foreign.owns(parent)) keys.add(parent);
  return [...keys];
}

/** Reads the stored state of the observations' foreign parents into the memory, replacing what it had of them. */
export async function readForeignParents(
  db: Kysely<Database>,
  c: TrackerMemory,
  observations: readonly Observation[],
  foreign: ForeignTargets,
  time: number,
): Promise<void> {
  const keys = foreignParents(observations, foreign);
  if (keys.length === 0) return;
  const [open, affected, streaks] = await Promise.all([
    db
      .selectFrom("incidents")
      .selectAll()
      .where("target", "in", keys)
      .where("resolved_at", "is", null)
      .where("test", "=", 0)
      .execute(),
    db
      .selectFrom("incident_affected as a")
      .innerJoin("incidents as i", "i.id", "a.incident_id")
      .select(["a.target", "a.name", "a.group_name", "a.label", "a.service_id", "i.target as root"])
      .where("a.target", "in", keys)
      .where("a.until", "is", null)
      .where("i.resolved_at", "is", null)
      .execute(),
    db.selectFrom("alert_targets").select(["target", "streak", "updated_at"]).where("target", "in", keys).execute(),
  ]);
  const streakOf = new Map(streaks.map((row) => [row.target, row]));
  for (const key of keys) {
    c.open.delete(key);
    c.affected.delete(key);
    const streak = streakOf.get(key);
    // A streak is written when it changes: a failing parent's is fresh; an answering one has none, and counts as seen
    // now (its holder checks it every interval), so a child does not wait for it.
    const failing = !!streak && streak.streak > 0;
    const at = failing ? Number(streak.updated_at) : time;
    c.seen.set(key, { at, failing, since: at, intervalMs: foreign.intervalOf(key) });
  }
  for (const row of open) {
    c.open.set(row.target, cachedIncident(row));
    c.seen.set(row.target, { ...c.seen.get(row.target)!, failing: true });
  }
  for (const [key, entry] of affectedByTarget(affected)) c.affected.set(key, entry);
}
