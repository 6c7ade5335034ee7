// The audit trail: what staff did and what happened to the sign-in, who, when and
// from where, in an append-only table. This module is the only one that writes or
// deletes its rows (audit-trail.test.ts checks that); the one delete is the
// year's retention, run by the daily upkeep.
import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import type { AuditEventsTable, Database } from "#server/db/schema.ts";
import { ipPseudonym } from "#server/net/ip-pseudonym.ts";

/** Rows are kept a year: long enough to answer "who turned maintenance on last spring?". */
export const AUDIT_KEEP_MS = 365 * 24 * 60 * 60_000;
export const AUDIT_PAGE_MAX = 200;

/** Who did it: a staff account, or "cli", "deploy", "system"; from where, when a request carried it. */
export type AuditActor = { actor: string | null; actorId?: number | null; source?: string | null };

export type AuditEvent = AuditActor & {
  /** A short dotted name: "sign-in.succeeded", "maintenance.on". */
  action: string;
  target?: string | null;
  detail?: Record<string, unknown> | null;
};

export type AuditEntry = {
  id: number;
  at: number;
  actor: string | null;
  actorId: number | null;
  source: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
};

export type AuditQuery = {
  action?: string | undefined;
  actor?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
  /** An entry's id: the page of entries older than it. */
  before?: number | undefined;
  /** An entry's id: the page of entries newer than it. */
  after?: number | undefined;
  limit: number;
};

export type AuditPage = {
  events: AuditEntry[];
  /** The cursor (before=) of the next older page, when there is one. */
  older: number | null;
  /** The cursor (after=) of the next newer page, when there is one. */
  newer: number | null;
};

type Row = Selectable<AuditEventsTable>;

function entryOf(row: Row): AuditEntry {
  let detail: Record<string, unknown> | null = null;
  if (row.detail !== null) {
    try {
      detail = JSON.parse(row.detail) as Record<string, unknown>;
    } catch {
      detail = { text: row.detail };
    }
  }
  return {
    id: Number(row.id),
    at: Number(row.at),
    actor: row.actor,
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    source: row.source,
    action: row.action,
    target: row.target,
    detail,
  };
}

export function createAuditTrail(options: { db: Kysely<Database>; now: () => number; logger: Logger; ipKey: Buffer }) {
  const { db, now, logger } = options;

  /** The filters of a query, without its cursor. */
  const filtered = (query: Omit<AuditQuery, "limit" | "before" | "after">) => {
    let select = db.selectFrom("audit_events").selectAll();
    if (query.action) select = select.where("action", "=", query.action);
    if (query.actor) select = select.where("actor", "=", query.actor);
    if (query.since !== undefined) select = select.where("at", ">=", query.since);
    if (query.until !== undefined) select = select.where("at", "<", query.until);
    return select;
  };

  return {
    /** The pseudonym stored for a client's address: the same key as the contact form's, so the two can be matched. */
    pseudonym: (ip: string): string => ipPseudonym(options.ipKey, ip),

    /** Adds an event. A failed write is logged and swallowed: the action it records has happened either way. */
    async record(event: AuditEvent): Promise<void> {
      try {
        await db
          .insertInto("audit_events")
          .values({
            at: now(),
            actor: event.actor,
            actor_id: event.actorId ?? null,
            source: event.source ?? null,
            action: event.action,
            target: event.target ?? null,
            detail: event.detail ? JSON.stringify(event.detail) : null,
          })
          .execute();
      } catch (error) {
        logger.error({ err: error, audit: event.action, actor: event.actor }, "audit trail write failed");
      }
    },

    /** Entries newest first, a page at a time; ids order them (clocks of several instances may disagree). */
    async list(query: AuditQuery): Promise<AuditPage> {
      const limit = Math.min(Math.max(1, Math.floor(query.limit)), AUDIT_PAGE_MAX);
      let rows: Row[];
      if (query.after !== undefined) {
        rows = (
          await filtered(query)
            .where("id", ">", query.after)
            .orderBy("id", "asc")
            .limit(limit + 1)
            .execute()
        ).reverse();
        const more = rows.length > limit;
        const events = (more ? rows.slice(1) : rows).map(entryOf);
        return { events, newer: more ? events[0]!.id : null, older: events.at(-1)?.id ?? null };
      }
      let select = filtered(query);
      if (query.before !== undefined) select = select.where("id", "<", query.before);
      rows = await select
        .orderBy("id", "desc")
        .limit(limit + 1)
        .execute();
      const more = rows.length > limit;
      const events = rows.slice(0, limit).map(entryOf);
      // Newer entries exist only ahead of a cursor; ask for one rather than assume it.
      const edge = query.before === undefined ? undefined : (events[0]?.id ?? query.before - 1);
      const ahead = edge === undefined ? [] : await filtered(query).where("id", ">", edge).limit(1).execute();
      return { events, older: more ? events.at(-1)!.id : null, newer: ahead.length > 0 ? edge! : null };
    },

    /** The year's retention: the only delete of an audit row anywhere. */
    async prune(time: number): Promise<number> {
      const result = await db
        .deleteFrom("audit_events")
        .where("at", "<", time - AUDIT_KEEP_MS)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
