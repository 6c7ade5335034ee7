// The outbox: everything the server sends (contact mail, alert notices on
// every channel) is first a row here, written in the same transaction as
// whatever caused it, and delivered from the row. A row is (channel,
// payload): the channel names where it goes ("contact", "alert:ops-webhook"),
// the payload is exactly what is sent, rendered when it was queued.
//
// Each channel is a lane delivered in order: only its oldest pending rows are
// taken, so a channel that is down holds back its own notices (to deliver
// them in order when it is back) and never another channel's. A sender leases
// the rows it took, so two workers never send the same row at once, and
// renews the lease while it sends; if a sender dies mid-send the lease runs
// out within LEASE_MS and the row is sent again: at most one duplicate, never
// a loss (each row has a fixed key for receivers to recognise a repeat).
// A payload holding a secret (an invitation's link) is kept only until the row
// is sent or given up: then its redacted form takes its place.
import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, OutboxStatus } from "#server/db/schema.ts";

export type OutboxItem = {
  /** What it is: "contact", "alert", "test". */
  kind: string;
  channel: string;
  payload: unknown;
  /** A fixed identity for receivers (Message-ID, notification id); made up when left out. */
  key?: string;
  /**
   * What the row keeps in place of the payload once it is sent or given up, when the payload holds a secret that
   * must not outlive its delivery (an invitation's link).
   */
  redacted?: unknown;
};

export type QueuedItem = { id: number; kind: string; channel: string; payload: unknown; key: string; attempts: number };
/** Rows a sender took, in order, and the lease it holds them under (its proof that they are still its own). */
export type Claim = { items: QueuedItem[]; lease: number };

/** A send that failed. Permanent: the receiver refused this row for good (it will not get better by waiting). */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  constructor(
    message: string,
    readonly options: { permanent?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}

export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; giveUpAfterMs: number };

/**
 * Mail to a person (contact messages): first retry after a minute, doubling to at most an hour, for a day from the
 * first attempt.
 */
export const RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};
/**
 * Alert notices are worth little late: first retry after 10 seconds, doubling
 * to at most 5 minutes, for a day. A receiver that was down for a minute gets
 * its backlog about a minute after it is back, not an hour.
 */
export const ALERT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 10_000,
  maxDelayMs: 5 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** The retry policy of a row's kind: contact mail waits longer between attempts than alerts do. */
export type RetryPolicies = (kind: string) => RetryPolicy;
/**
 * Status page subscribers' mail: a burst to many, through the site's own relay. First retry after 5 seconds, at
 * most every 30, for a day: after a minute's outage of the relay the burst goes on within half a minute.
 */
export const SUBSCRIBER_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 30_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};
export const DEFAULT_POLICIES: RetryPolicies = (kind) =>
  kind === "contact" ? RETRY_POLICY : kind === "status-mail" ? SUBSCRIBER_RETRY_POLICY : ALERT_RETRY_POLICY;
/**
 * How long rows stay a sender's without word from it. The sender renews the
 * lease while it sends, so a slow receiver never costs it its rows; a sender
 * that died leaves its rows to another within this time.
 */
export const LEASE_MS = 30_000;

export function retryDelayMs(attempts: number, policy: RetryPolicy = RETRY_POLICY): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** The items before the first that fails the test. */
function leadingWhile<T>(list: readonly T[], test: (item: T) => boolean): T[] {
  const index = list.findIndex((item) => !test(item));
  return list.slice(0, index === -1 ? list.length : index);
}

/** Gives rows back untried, those still under `lease` only (a row another sender took meanwhile stays its). */
async function release(db: Kysely<Database>, ids: number[], lease: number): Promise<void> {
  if (ids.length > 0)
    await db
      .updateTable("outbox")
      .set({ lease_until: 0 })
      .where("id", "in", ids)
      .where("lease_until", "=", lease)
      .execute();
}

/**
 * Leases the oldest pending rows of one channel, in order, up to the first
 * that is not due or is another sender's: a lane never skips ahead.
 */
async function claimLane(db: Kysely<Database>, now: () => number, channel: string, limit: number): Promise<Claim> {
  const time = now();
  const lease = time + LEASE_MS;
  const head = await db
    .selectFrom("outbox")
    .selectAll()
    .where("channel", "=", channel)
    .where("status", "=", "pending")
    .orderBy("id")
    .limit(limit)
    .execute();
  const due = leadingWhile(head, (row) => row.next_attempt_at <= time && row.lease_until <= time);
  if (due.length === 0) return { items: [], lease };
  // One write leases them all (each commit waits for the disk); a row another sender took meanwhile ends the run
  // there.
  const leased = await db
    .updateTable("outbox")
    .set({ lease_until: lease })
    .where(
      "id",
      "in",
      due.map((row) => row.id),
    )
    .where("status", "=", "pending")
    .where("lease_until", "<=", time)
    .returning("id")
    .execute();
  const ours = new Set(leased.map((row) => row.id));
  const run = leadingWhile(due, (row) => ours.has(row.id));
  const beyond = due.slice(run.length).filter((row) => ours.has(row.id));
  await release(
    db,
    beyond.map((row) => row.id),
    lease,
  );
  const items = run.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    payload: JSON.parse(row.payload) as unknown,
    key: row.message_id,
    attempts: row.attempts,
  }));
  return { items, lease };
}

/** A finished row's payload gives way to its redacted form, when it has one. */
const REDACT = {
  payload: sql<string>`coalesce(redacted_payload, payload)`,
  redacted_payload: null,
};

/**
 * Schedules the next attempt, or gives up: at once when the failure is
 * permanent, else once the retry window is over. Returns the new status.
 */
async function markFailed(
  { db, now, policies }: { db: Kysely<Database>; now: () => number; policies: RetryPolicies },
  id: number,
  error: string,
  options: { permanent?: boolean; retryAfterMs?: number } = {},
): Promise<OutboxStatus> {
  const time = now();
  const row = await db
    .selectFrom("outbox")
    .select(["kind", "attempts", "first_attempt_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return "failed"; // deleted while it was being sent
  const policy = policies(row.kind);
  const attempts = row.attempts + 1;
  const firstAttempt = row.first_attempt_at ?? time;
  const status: OutboxStatus = options.permanent || time - firstAttempt >= policy.giveUpAfterMs ? "failed" : "pending";
  const delay = Math.max(retryDelayMs(attempts, policy), Math.min(options.retryAfterMs ?? 0, policy.maxDelayMs));
  await db
    .updateTable("outbox")
    .set({
      status,
      attempts,
      first_attempt_at: firstAttempt,
      next_attempt_at: time + delay,
      lease_until: 0,
      last_error: error.slice(0, 1000),
      ...(status === "failed" ? REDACT : {}),
    })
    .where("id", "=", id)
    .execute();
  return status;
}

const redactedOf = (item: OutboxItem) => (item.redacted === undefined ? null : JSON.stringify(item.redacted));

/** Rows for many items, a few hundred a statement: SQLite takes at most 32,766 parameters, and a row has 11. */
async function insertMany(trx: Kysely<Database>, time: number, items: readonly OutboxItem[]): Promise<void> {
  const rows = items.map((item) => ({
    kind: item.kind,
    channel: item.channel,
    payload: JSON.stringify(item.payload),
    redacted_payload: redactedOf(item),
    message_id: item.key ?? `${time.toString(36)}.${randomBytes(8).toString("hex")}`,
    status: "pending" as const,
    created_at: time,
    first_attempt_at: null,
    next_attempt_at: time,
    last_error: null,
    sent_at: null,
  }));
  for (let start = 0; start < rows.length; start += 500)
    await trx
      .insertInto("outbox")
      .values(rows.slice(start, start + 500))
      .execute();
}

export function createOutbox(db: Kysely<Database>, now: () => number, policies: RetryPolicies = DEFAULT_POLICIES) {
  return {
    /** Queues an item inside the caller's transaction; returns its id. */
    async enqueue(trx: Transaction<Database> | Kysely<Database>, item: OutboxItem): Promise<number> {
      const time = now();
      const row = await trx
        .insertInto("outbox")
        .values({
          kind: item.kind,
          channel: item.channel,
          payload: JSON.stringify(item.payload),
          redacted_payload: redactedOf(item),
          message_id: item.key ?? `${time.toString(36)}.${randomBytes(8).toString("hex")}`,
          status: "pending",
          created_at: time,
          first_attempt_at: null,
          next_attempt_at: time,
          last_error: null,
          sent_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Queues many items inside the caller's transaction (an event's mail to each subscriber). */
    enqueueMany: (trx: Transaction<Database> | Kysely<Database>, items: readonly OutboxItem[]) =>
      insertMany(trx, now(), items),

    /** Channels with something pending. */
    async pendingChannels(): Promise<string[]> {
      const rows = await db.selectFrom("outbox").select("channel").distinct().where("status", "=", "pending").execute();
      return rows.map((row) => row.channel);
    },

    /**
     * Keeps rows leased while they are sent: those still under `lease` get a
     * lease from now. A lease only ever moves forward, so one another sender
     * took after ours ran out differs from ours: that row is lost to us.
     */
    async renewLease(ids: number[], lease: number): Promise<{ lease: number; lost: boolean }> {
      const renewed = now() + LEASE_MS;
      if (ids.length === 0) return { lease: renewed, lost: false };
      const result = await db
        .updateTable("outbox")
        .set({ lease_until: renewed })
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .where("lease_until", "=", lease)
        .executeTakeFirst();
      return { lease: renewed, lost: Number(result.numUpdatedRows) < ids.length };
    },

    /**
     * Leases the oldest pending rows of one channel, in order, up to the first
     * that is not due or is another sender's: a lane never skips ahead.
     */
    claimLane: (channel: string, limit: number): Promise<Claim> => claimLane(db, now, channel, limit),

    async markSent(id: number): Promise<void> {
      const time = now();
      await db
        .updateTable("outbox")
        .set((eb) => ({
          status: "sent",
          sent_at: time,
          attempts: eb("attempts", "+", 1),
          lease_until: 0,
          last_error: null,
          first_attempt_at: eb.fn.coalesce("first_attempt_at", eb.val(time)),
          ...REDACT,
        }))
        .where("id", "=", id)
        .execute();
    },

    /**
     * Schedules the next attempt, or gives up: at once when the failure is
     * permanent, else once the retry window is over. Returns the new status.
     */
    markFailed: (
      id: number,
      error: string,
      options: { permanent?: boolean; retryAfterMs?: number } = {},
    ): Promise<OutboxStatus> => markFailed({ db, now, policies }, id, error, options),

    /** Gives rows back untried, those still under `lease` only (a row another sender took meanwhile stays its). */
    release: (ids: number[], lease: number): Promise<void> => release(db, ids, lease),

    /** A staff retry: a fresh day of attempts, starting now. */
    async retry(trx: Transaction<Database> | Kysely<Database>, id: number): Promise<void> {
      await trx
        .updateTable("outbox")
        .set({ status: "pending", attempts: 0, first_attempt_at: null, next_attempt_at: now(), last_error: null })
        .where("id", "=", id)
        .where("status", "!=", "sent")
        .execute();
    },

    /**
     * Sent or failed rows older than the cutoff; pending ones stay until delivered. Contact mail goes with its message.
     */
    async purgeFinished(before: number): Promise<void> {
      await db
        .deleteFrom("outbox")
        .where("status", "!=", "pending")
        .where("created_at", "<", before)
        .where("kind", "!=", "contact")
        .execute();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
