// The incidents as staff see them: what is open now (the dashboard's Active
// alerts), the history with every notice and its delivery state on each
// channel (/admin/alerts), and acknowledging. The tracker writes incidents;
// this module reads them and records acknowledgements, from any process.
import { sql, type Kysely } from "kysely";
import type { StaffKey, StaffVars } from "#shared/i18n/staff/staff-language.ts";
import type { Database } from "#server/db/schema.ts";
import type { Source } from "./notice.ts";

export const INCIDENTS_PAGE_SIZE = 25;
const MAX_NOTICES_SHOWN = 200;

export type IncidentNoticeView = {
  kind: string;
  channel: string;
  at: string;
  /** The outbox row's state; "purged" once the row is gone (kept 30 days). */
  delivery: "pending" | "sent" | "failed" | "purged";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
};

export type IncidentView = {
  id: number;
  target: string;
  source: Source;
  name: string;
  groupName: string;
  label: string;
  summary: string;
  serviceId: string | null;
  severity: "critical" | "warning";
  message: string | null;
  openedAt: string;
  resolvedAt: string | null;
  resolution: string | null;
  /** Told on a channel (its opening notice was queued). */
  announced: boolean;
  /** When maintenance first held its notice back. */
  suppressedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  acknowledgementNote: string | null;
  test: boolean;
  durationMs: number;
  /** Groups failing because of it (dependsOn), by name, while it is open: told in its notices, not their own. */
  affected: string[];
};

type Row = Awaited<ReturnType<ReturnType<typeof selectIncidents>["executeTakeFirstOrThrow"]>>;

function selectIncidents(db: Kysely<Database>) {
  return db.selectFrom("incidents").selectAll();
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function view(row: Row, now: number, affected: readonly string[] = []): IncidentView {
  const opened = Number(row.opened_at);
  const resolved = row.resolved_at === null ? null : Number(row.resolved_at);
  return {
    id: row.id,
    target: row.target,
    source: row.source as Source,
    name: row.name,
    groupName: row.group_name,
    label: row.label,
    summary: row.summary,
    serviceId: row.service_id,
    severity: row.severity as IncidentView["severity"],
    message: row.message,
    openedAt: iso(opened)!,
    resolvedAt: iso(resolved),
    resolution: row.resolution,
    announced: row.announced === 1,
    suppressedAt: iso(row.suppressed_at),
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    acknowledgementNote: row.acknowledgement_note,
    test: row.test === 1,
    durationMs: (resolved ?? now) - opened,
    affected: [...affected],
  };
}

/** A target affected by an open incident now: which target, of which group, and the incident. */
export type AffectedNow = {
  target: string;
  serviceId: string | null;
  groupName: string;
  incidentId: number;
  incidentName: string;
};

/** A refusal's message is a staff key (with the values of its placeholders): the API words it for the reader. */
export type AcknowledgeResult =
  { ok: true; incident: IncidentView } | { ok: false; status: 404 | 409; message: StaffKey; vars?: StaffVars };

/** Each incident's notices, with their delivery state on their channel. */
async function notices(db: Kysely<Database>, ids: number[]): Promise<Map<number, IncidentNoticeView[]>> {
  const found = new Map<number, IncidentNoticeView[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom("incident_notices as n")
    .leftJoin("outbox as o", "o.id", "n.outbox_id")
    .select([
      "n.incident_id",
      "n.kind",
      "n.channel",
      "n.at",
      "n.outbox_id",
      "o.status",
      "o.attempts",
      "o.last_error",
      "o.sent_at",
    ])
    .where("n.incident_id", "in", ids)
    .orderBy("n.id")
    .execute();
  for (const row of rows) {
    const list = found.get(row.incident_id) ?? [];
    if (list.length >= MAX_NOTICES_SHOWN) continue;
    list.push({
      kind: row.kind,
      channel: row.channel,
      at: iso(row.at)!,
      delivery: row.status ?? "purged",
      attempts: row.attempts ?? 0,
      lastError: row.last_error ?? null,
      sentAt: iso(row.sent_at ?? null),
    });
    found.set(row.incident_id, list);
  }
  return found;
}

/** Targets failing under an open incident now (dependsOn), each with the incident. */
async function affectedNow(db: Kysely<Database>): Promise<AffectedNow[]> {
  const rows = await db
    .selectFrom("incident_affected as a")
    .innerJoin("incidents as i", "i.id", "a.incident_id")
    .select(["a.target", "a.service_id", "a.group_name", "i.id", "i.name"])
    .where("a.until", "is", null)
    .where("i.resolved_at", "is", null)
    .orderBy("a.group_name")
    .orderBy("a.target")
    .execute();
  return rows.map((row) => ({
    target: row.target,
    serviceId: row.service_id,
    groupName: row.group_name,
    incidentId: row.id,
    incidentName: row.name,
  }));
}

export function createIncidents(db: Kysely<Database>, now: () => number) {
  return {
    /** Targets failing under an open incident now (dependsOn), each with the incident. */
    affectedNow: (): Promise<AffectedNow[]> => affectedNow(db),

    /** Every open incident, the worst and oldest first, each with the groups it affects. */
    async open(): Promise<IncidentView[]> {
      const [rows, affected] = await Promise.all([
        selectIncidents(db)
          .where("resolved_at", "is", null)
          .orderBy(sql`case when severity = 'critical' then 0 else 1 end`)
          .orderBy("opened_at")
          .orderBy("id")
          .execute(),
        affectedNow(db),
      ]);
      const groups = new Map<number, Set<string>>();
      for (const entry of affected)
        groups.set(entry.incidentId, (groups.get(entry.incidentId) ?? new Set()).add(entry.groupName));
      const time = now();
      return rows.map((row) => view(row, time, [...(groups.get(row.id) ?? [])]));
    },

    /** A page of the history, newest first, each incident with its notices. */
    async history(filter: { page: number; state?: "open" | "resolved" }) {
      let query = selectIncidents(db);
      if (filter.state === "open") query = query.where("resolved_at", "is", null);
      if (filter.state === "resolved") query = query.where("resolved_at", "is not", null);
      const counted = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const rows = await query
        .orderBy("opened_at", "desc")
        .orderBy("id", "desc")
        .limit(INCIDENTS_PAGE_SIZE)
        .offset((filter.page - 1) * INCIDENTS_PAGE_SIZE)
        .execute();
      const time = now();
      const byIncident = await notices(
        db,
        rows.map((row) => row.id),
      );
      const total = Number(counted.n);
      return {
        incidents: rows.map((row) => ({ ...view(row, time), notices: byIncident.get(row.id) ?? [] })),
        total,
        page: filter.page,
        pages: Math.max(1, Math.ceil(total / INCIDENTS_PAGE_SIZE)),
      };
    },

    /** How many incidents are open now (the dashboard's link). */
    async openCount(): Promise<number> {
      const row = await db
        .selectFrom("incidents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("resolved_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Stops the reminders of an open incident; who, when and why go into its record. */
    async acknowledge(id: number, by: string, note: string | null): Promise<AcknowledgeResult> {
      const time = now();
      const result = await db
        .updateTable("incidents")
        .set({ acknowledged_at: time, acknowledged_by: by, acknowledgement_note: note })
        .where("id", "=", id)
        .where("resolved_at", "is", null)
        .where("acknowledged_at", "is", null)
        .executeTakeFirst();
      const row = await selectIncidents(db).where("id", "=", id).executeTakeFirst();
      if (!row) return { ok: false, status: 404, message: "api.incident.notFound" };
      if (Number(result.numUpdatedRows) === 0) {
        if (row.resolved_at !== null) return { ok: false, status: 409, message: "api.incident.resolved" };
        const by = row.acknowledged_by ?? "";
        return { ok: false, status: 409, message: "api.incident.acknowledged", vars: { by } };
      }
      return { ok: true, incident: view(row, time) };
    },

    /** Groups (services) whose notices are cooling down now: a notice went out within the cooldown. */
    async coolingDown(cooldownMs: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom("incidents")
        .select("group_key")
        .distinct()
        .where("last_notice_at", ">", now() - cooldownMs)
        .where("test", "=", 0)
        .execute();
      return new Set(rows.map((row) => row.group_key));
    },

    /** Resolved incidents older than the cutoff go, with their notices. */
    async purgeResolved(before: number): Promise<number> {
      const result = await db
        .deleteFrom("incidents")
        .where("resolved_at", "is not", null)
        .where("resolved_at", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Incidents = ReturnType<typeof createIncidents>;
