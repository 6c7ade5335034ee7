// What an incident tracker keeps in memory between rounds: the streaks, the
// open incidents, each group's last notice time, the targets affected by
// another's incident, and each target's last observation. All but the last
// are read from the database when the tracker's owner takes its lease.
import type { Kysely, Selectable } from "kysely";
import type { Database, IncidentsTable } from "#server/db/schema.ts";
import type { Seen } from "./dependency-round.ts";
import type { Severity } from "./incident-rules.ts";
import type { AffectedTarget, Source } from "./notice.ts";
import type { ToldIncident } from "./notice-text.ts";

export type Cached = ToldIncident & {
  groupKey: string;
  groupName: string;
  source: Source;
  serviceId: string | null;
  profile: string | null;
  announced: boolean;
  suppressed: boolean;
};

/** A target failing because of other targets' open incidents (their keys: the roots). */
export type Affected = { roots: ReadonlySet<string>; target: AffectedTarget };

export type TrackerMemory = {
  streaks: Map<string, number>;
  open: Map<string, Cached>;
  groupNoticeAt: Map<string, number>;
  affected: Map<string, Affected>;
  /** Memory only: a new lease holder starts without it (and waits for no parent it has not seen). */
  seen: Map<string, Seen>;
};

export async function loadTrackerMemory(db: Kysely<Database>, sources: readonly Source[]): Promise<TrackerMemory> {
  const mine = (key: string) => sources.some((source) => key.startsWith(`${source}:`));
  const [streaks, open, notices, affected] = await Promise.all([
    db.selectFrom("alert_targets").select(["target", "streak"]).execute(),
    db
      .selectFrom("incidents")
      .selectAll()
      .where("resolved_at", "is", null)
      .where("test", "=", 0)
      .where("source", "in", sources)
      .execute(),
    db
      .selectFrom("incidents")
      .select((eb) => ["group_key", eb.fn.max("last_notice_at").as("at")])
      .where("source", "in", sources)
      .where("last_notice_at", "is not", null)
      .groupBy("group_key")
      .execute(),
    db
      .selectFrom("incident_affected as a")
      .innerJoin("incidents as i", "i.id", "a.incident_id")
      .select(["a.target", "a.name", "a.group_name", "a.label", "a.service_id", "i.target as root"])
      .where("a.until", "is", null)
      .where("i.resolved_at", "is", null)
      .where("i.source", "in", sources)
      .execute(),
  ]);
  return {
    streaks: new Map(streaks.filter((row) => mine(row.target)).map((row) => [row.target, row.streak])),
    open: new Map(open.map((row) => [row.target, cachedIncident(row)])),
    groupNoticeAt: new Map(notices.map((row) => [row.group_key, Number(row.at)])),
    affected: affectedByTarget(affected),
    seen: new Map(),
  };
}

/** An open incident's row as the memory keeps it. */
export function cachedIncident(row: Selectable<IncidentsTable>): Cached {
  return {
    id: row.id,
    target: row.target,
    name: row.name,
    label: row.label,
    summary: row.summary,
    state: "failing",
    severity: row.severity as Severity,
    message: row.message,
    openedAt: Number(row.opened_at),
    resolvedAt: null,
    groupKey: row.group_key,
    groupName: row.group_name,
    source: row.source as Source,
    serviceId: row.service_id,
    profile: row.profile,
    announced: row.announced === 1,
    suppressed: row.suppressed_at !== null,
  };
}

/** Rows of targets affected by open incidents (one per root), as each target's roots. */
export function affectedByTarget(
  rows: readonly {
    target: string;
    name: string;
    group_name: string;
    label: string;
    service_id: string | null;
    root: string;
  }[],
): Map<string, Affected> {
  const byTarget = new Map<string, Affected>();
  for (const row of rows) {
    const entry = byTarget.get(row.target);
    const target = {
      target: row.target,
      name: row.name,
      groupName: row.group_name,
      label: row.label,
      serviceId: row.service_id,
    };
    byTarget.set(row.target, { roots: new Set([...(entry?.roots ?? []), row.root]), target: entry?.target ?? target });
  }
  return byTarget;
}
