// The incident tracker's writes, each a step of its one transaction per
// round: new incidents, the affected targets, the streaks. In chunks, so a
// round of 10,000 targets never builds one enormous statement.
import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Observation } from "./incident-tracker.ts";
import type { Affected, Cached } from "./tracker-memory.ts";

const CHUNK = 200;
export const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, index) => list.slice(index * CHUNK, (index + 1) * CHUNK));

/** Opens an incident per observation; returns them as the memory keeps them. */
export async function insertIncidents(
  trx: Transaction<Database>,
  observations: readonly Observation[],
  time: number,
): Promise<Cached[]> {
  const incidents: Cached[] = [];
  for (const part of chunks(observations)) {
    const rows = await trx
      .insertInto("incidents")
      .values(
        part.map((o) => ({
          target: o.key,
          source: o.source,
          group_key: o.group.key,
          name: o.name,
          group_name: o.group.name,
          label: o.label,
          summary: o.summary,
          service_id: o.serviceId,
          profile: o.profile,
          severity: o.severity,
          message: o.message,
          opened_at: time,
        })),
      )
      .returning(["id", "target"])
      .execute();
    const ids = new Map(rows.map((row) => [row.target, row.id]));
    for (const o of part) {
      incidents.push({
        id: ids.get(o.key)!,
        target: o.key,
        name: o.name,
        label: o.label,
        summary: o.summary,
        state: "failing",
        severity: o.severity,
        message: o.message,
        openedAt: time,
        resolvedAt: null,
        groupKey: o.group.key,
        groupName: o.group.name,
        source: o.source,
        serviceId: o.serviceId,
        profile: o.profile,
        announced: false,
        suppressed: false,
      });
    }
  }
  return incidents;
}

/** A streak of 0 is no row: a steady fleet costs none. */
export async function writeStreaks(
  trx: Transaction<Database>,
  streaks: ReadonlyMap<string, number>,
  time: number,
): Promise<void> {
  const entries = [...streaks];
  const gone = entries.filter(([, streak]) => streak === 0).map(([key]) => key);
  const kept = entries.filter(([, streak]) => streak > 0);
  for (const part of chunks(gone)) await trx.deleteFrom("alert_targets").where("target", "in", part).execute();
  for (const part of chunks(kept)) {
    await trx
      .insertInto("alert_targets")
      .values(part.map(([target, streak]) => ({ target, streak, updated_at: time })))
      .onConflict((oc) =>
        oc
          .column("target")
          .doUpdateSet((eb) => ({ streak: eb.ref("excluded.streak"), updated_at: eb.ref("excluded.updated_at") })),
      )
      .execute();
  }
}

/**
 * Targets that became affected by an incident get a row (again, if they were
 * before); those no longer affected by one still open get its end. A root
 * that resolved ends its rows by its own resolution.
 */
export async function writeAffected(
  trx: Transaction<Database>,
  changed: ReadonlyMap<string, Affected>,
  was: {
    before: (key: string) => ReadonlySet<string> | undefined;
    incidentOf: (root: string) => number | undefined;
    resolved: (root: string) => boolean;
  },
  time: number,
): Promise<void> {
  for (const [key, { roots, target }] of changed) {
    const before = was.before(key) ?? new Set<string>();
    for (const root of roots) {
      const incidentId = was.incidentOf(root);
      if (before.has(root) || incidentId === undefined) continue;
      await trx
        .insertInto("incident_affected")
        .values({
          incident_id: incidentId,
          target: key,
          name: target.name,
          group_name: target.groupName,
          label: target.label,
          service_id: target.serviceId,
          since: time,
          until: null,
        })
        .onConflict((oc) => oc.columns(["incident_id", "target"]).doUpdateSet({ since: time, until: null }))
        .execute();
    }
    for (const root of before) {
      const incidentId = was.incidentOf(root);
      if (roots.has(root) || was.resolved(root) || incidentId === undefined) continue;
      await trx
        .updateTable("incident_affected")
        .set({ until: time })
        .where("incident_id", "=", incidentId)
        .where("target", "=", key)
        .where("until", "is", null)
        .execute();
    }
  }
}
