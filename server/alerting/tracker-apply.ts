// A tracker's round, written: one transaction opens the new incidents, then,
// group by group, records the incidents' changes, decides the group's notices
// (incident-rules.ts) and queues them; the affected targets and the streaks
// follow. Only once it commits does the memory take the round, so a round that
// fails leaves the memory as it was.
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { affectedIndex, rememberAffected } from "./affected-targets.ts";
import { decideGroup, type GroupDecision, type GroupItem, type Resolution } from "./incident-rules.ts";
import type { ObserveContext } from "./incident-tracker.ts";
import type { IncidentNoticeKind } from "./notice.ts";
import { composeNotice, type ToldIncident } from "./notice-text.ts";
import type { Notifier } from "./notifier.ts";
import type { Cached, TrackerMemory } from "./tracker-memory.ts";
import type { Round, RoundItem } from "./tracker-round.ts";
import { chunks, insertIncidents, writeAffected, writeStreaks } from "./tracker-writes.ts";
import { groupInto } from "#shared/group-into.ts";

export type ApplyOptions = {
  db: Kysely<Database>;
  notifier: Notifier;
  now: () => number;
  dashboardUrl: string;
  context: () => Promise<ObserveContext>;
};

/** What the transaction did, for the memory to take once it commits. */
type Applied = {
  time: number;
  opened: Map<string, Cached>;
  resolved: Map<string, Resolution | "removed">;
  groupNoticeAt: Map<string, number>;
  told: Set<number>;
  held: Set<number>;
  queued: number;
};

/** What the group's notices need besides its members. */
type NoticeContext = {
  options: ApplyOptions;
  trx: Transaction<Database>;
  applied: Applied;
  affected: ReturnType<typeof affectedIndex>;
};

const NOTHING_HAPPENED: ObserveContext = { cooldownMs: 0, reminderMs: () => 0, held: () => false };

/** Applies a round in one transaction, then updates the memory. Returns how many outbox rows were queued. */
export async function applyRound(options: ApplyOptions, c: TrackerMemory, round: Round): Promise<number> {
  const { items, streaks, relations } = round;
  const context = items.length > 0 ? await options.context() : NOTHING_HAPPENED;
  const time = options.now();
  const candidates = items
    .filter((item) => item.incident && (item.event.type === "failing" || item.event.type === "escalate"))
    .map((item) => item.incident!.id);
  const acked = candidates.length > 0 ? await acknowledged(options.db, candidates) : new Set<number>();
  const applied: Applied = {
    time,
    opened: new Map(),
    resolved: new Map(),
    groupNoticeAt: new Map(),
    told: new Set(),
    held: new Set(),
    queued: 0,
  };
  const affected = affectedIndex(c.affected, relations);

  await options.db.transaction().execute(async (trx) => {
    // New incidents first: their ids are in the notices.
    for (const incident of await insertIncidents(
      trx,
      items.filter((item) => item.event.type === "open").map((item) => item.observation!),
      time,
    )) {
      applied.opened.set(incident.target, incident);
    }
    for (const item of items) item.incident ??= applied.opened.get(item.observation!.key)!;

    for (const [groupKey, members] of byGroup(items)) {
      const decided = decideGroupNotices(c, groupKey, members, { acked, context, applied });
      await writeIncidentChanges(trx, members, applied);
      await markTold(trx, decided, applied);
      await queueGroupNotices({ options, trx, applied, affected }, groupKey, members, decided);
    }
    const incidentOf = (key: string) => applied.opened.get(key)?.id ?? c.open.get(key)?.id;
    await writeAffected(
      trx,
      relations,
      { before: (key) => c.affected.get(key)?.roots, incidentOf, resolved: (key) => applied.resolved.has(key) },
      time,
    );
    await writeStreaks(trx, streaks, time);
  });

  rememberRound(c, round, applied);
  return applied.queued;
}

/** Acknowledged incidents among these (written by other processes, so read now). */
async function acknowledged(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom("incidents")
      .select("id")
      .where("id", "in", part)
      .where("acknowledged_at", "is not", null)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

function byGroup(items: readonly RoundItem[]): Map<string, RoundItem[]> {
  const groups = new Map<string, RoundItem[]>();
  for (const item of items) groupInto(groups, item.incident!.groupKey, item);
  return groups;
}

/** Which of the group's incidents are told now, and how; a new last notice time is kept for the memory. */
function decideGroupNotices(
  c: TrackerMemory,
  groupKey: string,
  members: readonly RoundItem[],
  round: { acked: ReadonlySet<number>; context: ObserveContext; applied: Applied },
): GroupDecision {
  const { acked, context, applied } = round;
  const decided = decideGroup(
    members.map((item): GroupItem => {
      const incident = item.incident!;
      const event =
        item.event.type === "remove" ? { type: "resolve" as const, resolution: "healthy" as const } : item.event;
      return {
        incidentId: incident.id,
        event,
        announced: incident.announced,
        acknowledged: acked.has(incident.id),
        suppressed: incident.suppressed,
        held: item.observation ? context.held(item.observation) : false,
        affected: item.affected,
      };
    }),
    {
      now: applied.time,
      cooldownMs: context.cooldownMs,
      reminderMs: context.reminderMs(members[0]!.incident!.source),
      lastNoticeAt: c.groupNoticeAt.get(groupKey) ?? null,
    },
  );
  if (decided.lastNoticeAt !== null && decided.lastNoticeAt !== c.groupNoticeAt.get(groupKey))
    applied.groupNoticeAt.set(groupKey, decided.lastNoticeAt);
  return decided;
}

/** The incidents' own changes: resolutions, and a new message, summary or severity. */
async function writeIncidentChanges(
  trx: Transaction<Database>,
  members: readonly RoundItem[],
  applied: Applied,
): Promise<void> {
  for (const item of members) {
    const incident = item.incident!;
    const o = item.observation;
    if (item.event.type === "resolve" || item.event.type === "remove") {
      const resolution = item.event.type === "remove" ? "removed" : item.event.resolution;
      applied.resolved.set(incident.target, resolution);
      await trx
        .updateTable("incidents")
        .set({ resolved_at: applied.time, resolution })
        .where("id", "=", incident.id)
        .execute();
    } else if (
      o &&
      item.event.type !== "open" &&
      (o.message !== incident.message || o.summary !== incident.summary || item.event.type === "escalate")
    ) {
      const changes = {
        message: o.message,
        summary: o.summary,
        ...(item.event.type === "escalate" ? { severity: o.severity } : {}),
      };
      await trx.updateTable("incidents").set(changes).where("id", "=", incident.id).execute();
      Object.assign(incident, changes);
    }
  }
}

/** Told incidents are announced; those maintenance held back are recorded as suppressed, once. */
async function markTold(trx: Transaction<Database>, decided: GroupDecision, applied: Applied): Promise<void> {
  const toldNow = [...decided.opened, ...decided.reminded, ...decided.escalated];
  if (toldNow.length > 0)
    await trx
      .updateTable("incidents")
      .set({ announced: 1, last_notice_at: applied.time })
      .where("id", "in", toldNow)
      .execute();
  if (decided.suppressed.length > 0)
    await trx
      .updateTable("incidents")
      .set({ suppressed_at: applied.time })
      .where("id", "in", decided.suppressed)
      .execute();
  for (const id of toldNow) applied.told.add(id);
  for (const id of decided.suppressed) applied.held.add(id);
}

/** One notice per kind for the group, on the channels its route picks. */
async function queueGroupNotices(
  { options, trx, applied, affected }: NoticeContext,
  groupKey: string,
  members: readonly RoundItem[],
  decided: GroupDecision,
): Promise<void> {
  const byId = new Map(members.map((item) => [item.incident!.id, item]));
  const first = members[0]!.incident!;
  const group = { key: groupKey, name: first.groupName, source: first.source, serviceId: first.serviceId };
  const channels = options.notifier.channelsFor({
    source: first.source,
    serviceId: first.serviceId,
    profile: first.profile,
  });
  for (const [kind, ids] of [
    ["opened", decided.opened],
    ["escalated", decided.escalated],
    ["reminder", decided.reminded],
    ["resolved", decided.resolved],
  ] as [IncidentNoticeKind, number[]][]) {
    if (ids.length === 0) continue;
    const incidents = ids.map((id): ToldIncident => {
      const incident = byId.get(id)!.incident!;
      const state = applied.resolved.get(incident.target);
      return {
        ...incident,
        state: state === undefined ? "failing" : state,
        resolvedAt: state === undefined ? null : applied.time,
      };
    });
    const roots = incidents.map((incident) => incident.target);
    const notice = composeNotice({
      id: randomUUID(),
      kind,
      group,
      incidents,
      affected: kind === "resolved" ? affected.everAffectedBy(roots) : affected.affectedBy(roots),
      at: applied.time,
      dashboardUrl: options.dashboardUrl,
    });
    applied.queued += (await options.notifier.queue(trx, notice, channels, ids)).length;
  }
}

/** Committed: the memory follows. */
function rememberRound(c: TrackerMemory, { items, streaks, relations }: Round, applied: Applied): void {
  for (const [key, streak] of streaks) {
    if (streak === 0) c.streaks.delete(key);
    else c.streaks.set(key, streak);
  }
  for (const [key, incident] of applied.opened) c.open.set(key, incident);
  for (const key of applied.resolved.keys()) c.open.delete(key);
  for (const [groupKey, at] of applied.groupNoticeAt) c.groupNoticeAt.set(groupKey, at);
  for (const item of items) {
    const incident = item.incident!;
    if (applied.told.has(incident.id)) incident.announced = true;
    if (applied.held.has(incident.id)) incident.suppressed = true;
  }
  rememberAffected(c.affected, relations, new Set(applied.resolved.keys()));
}
