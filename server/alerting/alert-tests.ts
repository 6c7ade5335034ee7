// Test Email and Test Failure: a notice marked TEST, sent on real channels
// through the outbox, that touches no real state: no incident of a real
// target, no cooldown, no streak. Each test is kept as a test incident of its
// own, so the history shows what was sent where and whether it arrived.
// One test runs at a time across every worker (the "alert-test" lease); a
// second press meanwhile is refused. A test waits briefly for its delivery,
// so the person who pressed the button hears how it went.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Leases } from "#server/db/leases.ts";
import type { NamedChannel } from "./alerts-config.ts";
import type { Notice } from "./notice.ts";
import type { Notifier } from "./notifier.ts";

const TEST_LEASE = "alert-test";
const POLL_MS = 100;

export type ChannelOutcome = {
  name: string;
  type: string;
  status: "sent" | "failed" | "waiting";
  reason: string | null;
};

export function createAlertTests(options: {
  db: Kysely<Database>;
  leases: Leases;
  notifier: Notifier;
  now: () => number;
  /** Something was queued: deliver it now. */
  kick: () => void;
  /** How long a test waits for its delivery before it answers. */
  waitMs: number;
}) {
  const { db, leases, notifier, now } = options;

  /** Reads the test's outbox rows until each was sent or tried, or the wait is over. */
  async function outcomes(rows: { id: number; channel: NamedChannel }[]): Promise<ChannelOutcome[]> {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const found = await db
        .selectFrom("outbox")
        .select(["id", "status", "attempts", "last_error"])
        .where(
          "id",
          "in",
          rows.map((row) => row.id),
        )
        .execute();
      const byId = new Map(found.map((row) => [row.id, row]));
      const done = rows.every(
        ({ id, channel }) =>
          notifier.blocked(channel) !== null || byId.get(id)?.status === "sent" || (byId.get(id)?.attempts ?? 0) > 0,
      );
      if (done || Date.now() >= deadline) {
        return rows.map(({ id, channel }): ChannelOutcome => {
          const row = byId.get(id);
          const blocked = notifier.blocked(channel);
          const outcome = { name: channel.name, type: channel.type };
          if (row?.status === "sent") return { ...outcome, status: "sent", reason: null };
          if (blocked) return { ...outcome, status: "waiting", reason: blocked };
          if (row && row.attempts > 0) return { ...outcome, status: "failed", reason: row.last_error ?? "refused" };
          return {
            ...outcome,
            status: "waiting",
            reason: "no answer yet; it stays queued (behind earlier notices on this channel, if any)",
          };
        });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    /**
     * Sends a test notice on the given channels and waits for the outcome;
     * null when another test is running.
     */
    async send(
      notice: (id: string, at: number) => Notice,
      channels: readonly NamedChannel[],
    ): Promise<ChannelOutcome[] | null> {
      const holder = randomUUID();
      if (!(await leases.acquire(TEST_LEASE, holder, options.waitMs + 10_000))) return null;
      try {
        if (channels.length === 0) return [];
        const time = now();
        const told = notice(randomUUID(), time);
        const rows = await db.transaction().execute(async (trx) => {
          const incident = await trx
            .insertInto("incidents")
            .values({
              target: `test:${told.group.key}`,
              source: told.group.source,
              group_key: `test:${told.group.key}`,
              name: told.incidents[0]?.name ?? told.group.name,
              group_name: told.group.name,
              label: "",
              summary: told.title,
              service_id: told.group.serviceId,
              profile: null,
              severity: told.severity === "critical" ? "critical" : "warning",
              message: told.incidents[0]?.message ?? null,
              opened_at: time,
              resolved_at: time,
              resolution: "test",
              announced: 1,
              test: 1,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const ids = await notifier.queue(trx, told, channels, [incident.id]);
          return ids.map((id, index) => ({ id, channel: channels[index]! }));
        });
        options.kick();
        return await outcomes(rows);
      } finally {
        await leases.release(TEST_LEASE, holder);
      }
    },
  };
}

export type AlertTests = ReturnType<typeof createAlertTests>;

/** "email, ops-webhook" */
export function channelNames(outcomes: readonly ChannelOutcome[]): string {
  return outcomes.map((outcome) => outcome.name).join(", ");
}

/** "ops-webhook: HTTP 500; email: mail delivery is not configured (SMTP_URL)" */
export function problems(outcomes: readonly ChannelOutcome[]): string {
  return outcomes
    .filter((outcome) => outcome.status !== "sent")
    .map((outcome) => `${outcome.name}: ${outcome.reason}`)
    .join("; ");
}
