// The outbox with real receivers on loopback: each channel is a lane
// delivered in order; a dead or hanging channel holds back only its own
// notices; a receiver that was down gets everything afterwards, once, in
// order; a restart, a crash or a second sender neither loses a notice nor
// repeats one beyond the resend a crash mid-send makes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "#tests/peers/http-receiver.ts";
import { parseMail, startTestMailServer, type TestMailServer } from "#tests/peers/mail-server.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { alertsSchema } from "#server/alerting/alerts-config.ts";
import { createNotifier } from "#server/alerting/notifier.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { createSmtpSender } from "#server/mail/smtp-sender.ts";
import { createDelivery } from "./delivery.ts";
import { ALERT_RETRY_POLICY, createOutbox } from "./outbox.ts";

const logger = pino({ level: "silent" });
let first: HttpReceiver;
let second: HttpReceiver;
let mail: TestMailServer;
let smtp: ReturnType<typeof createSmtpSender>;
let mailDir: string;
beforeAll(async () => {
  first = await startHttpReceiver();
  second = await startHttpReceiver();
  mailDir = mkdtempSync(join(tmpdir(), "outbox-test-"));
  mail = await startTestMailServer({ dir: mailDir });
  smtp = createSmtpSender({ url: mail.url, from: "Monitor <monitor@example.com>", caFile: mail.caFile });
});
afterAll(async () => {
  await first.close();
  await second.close();
  smtp.close();
  await mail.down();
  rmSync(mailDir, { recursive: true, force: true });
});

const titles = (receiver: HttpReceiver) =>
  receiver.received.map((request) => (request.json as { title: string }).title);
const subjects = () => mail.received.map((received) => parseMail(received.raw).headers.subject);

/** A fresh database for each test, receivers up and emptied, and sender processes on that database. */
function useOutbox(open: TestDatabase["open"]) {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const clock = { now: Date.parse("2026-03-02T08:00:00Z") };
  beforeEach(async () => {
    const db = await open();
    handle = db.handle;
    cleanup = db.cleanup;
    await migrate(handle);
    first.reset();
    second.reset();
    mail.received.length = 0;
    await first.up();
    await second.up();
  });
  afterEach(() => cleanup());

  /** A sender process: its own outbox, notifier and delivery on the shared database; `more` adds channels. */
  function sender(more: object[] = []) {
    const config = alertsSchema.parse({
      channels: [
        { type: "webhook", name: "first", url: `${first.url}/hook` },
        { type: "webhook", name: "second", url: `${second.url}/hook` },
        ...more,
      ],
    });
    const outbox = createOutbox(handle.db, () => clock.now);
    // The receivers are on loopback: webhooks go there only when private targets are allowed.
    const notifier = createNotifier({ outbox, config: () => config, sendMail: smtp.send, allowPrivateTargets: true });
    const delivery = createDelivery({ outbox, senderFor: notifier.senderFor, logger });
    const queue = async (title: string, channels = config.channels) =>
      notifier.queue(
        handle.db,
        {
          id: title,
          kind: "opened",
          test: false,
          severity: "critical",
          title,
          text: title,
          group: { key: "g", name: "G", source: "service", serviceId: null },
          incidents: [],
          affected: [],
          dashboardUrl: "http://localhost/admin/dashboard",
          at: clock.now,
        },
        channels,
        [],
      );
    return {
      outbox,
      notifier,
      delivery,
      queue,
      channel: (name: string) => config.channels.filter((channel) => channel.name === name),
    };
  }
  return {
    clock,
    get handle() {
      return handle;
    },
    sender,
    rows: (channel: string) =>
      handle.db
        .selectFrom("outbox")
        .select(["status", "attempts"])
        .where("channel", "=", `alert:${channel}`)
        .orderBy("id")
        .execute(),
  };
}

describe.each(testDatabases())("the outbox on $dialect: a failing channel", ({ open }) => {
  const c = useOutbox(open);
  const { clock, sender, rows } = c;

  it("a dead channel holds back its own notices only; back, it gets each once, in order", async () => {
    const { delivery, queue } = sender();
    await first.down();
    for (const title of ["one", "two", "three"]) await queue(title);
    await delivery.runOnce();
    expect(titles(second)).toEqual(["one", "two", "three"]);
    expect(titles(first)).toEqual([]);

    // Down for a minute: retried after 10 s, 20 s, 40 s (only the oldest is tried meanwhile).
    const firstRows = async () =>
      c.handle.db
        .selectFrom("outbox")
        .select(["status", "attempts", "next_attempt_at"])
        .where("channel", "=", "alert:first")
        .orderBy("id")
        .execute();
    expect((await firstRows()).map((row) => [row.attempts, Number(row.next_attempt_at) - clock.now])).toEqual([
      [1, 10_000],
      [0, 0],
      [0, 0],
    ]);
    for (const wait of [10_000, 20_000, 40_000]) {
      clock.now += wait;
      await queue(`at +${wait / 1000}s`, []);
      await delivery.runOnce();
    }
    expect((await firstRows())[0]!.attempts).toBe(4);
    await queue("four");
    await first.up();
    clock.now += 80_000;
    await delivery.runOnce();
    await delivery.runOnce();
    expect(titles(first)).toEqual(["one", "two", "three", "four"]);
    expect(titles(second)).toEqual(["one", "two", "three", "four"]);
    expect((await firstRows()).every((row) => row.status === "sent")).toBe(true);
    // Each notice carries its fixed id, the same on any resend, for the receiver to spot a repeat.
    expect(new Set(first.received.map((request) => request.headers["x-notification-id"])).size).toBe(4);
  });

  it("a refusal for good fails that notice and lets the next go; Retry-After is honoured", async () => {
    const { delivery, queue } = sender();
    first.answer({ status: 400, body: '{"message":"bad payload"}' }, 1);
    second.answer({ status: 429, headers: { "Retry-After": "120" }, body: "slow down" }, 1);
    await queue("refused");
    await queue("after it");
    await delivery.runOnce();
    expect(titles(first)).toEqual(["refused", "after it"]);
    const failed = await c.handle.db
      .selectFrom("outbox")
      .select(["status", "last_error"])
      .where("channel", "=", "alert:first")
      .orderBy("id")
      .execute();
    expect(failed.map((row) => row.status)).toEqual(["failed", "sent"]);
    // The status only: a webhook's receiver is of the owner's choosing, and its words are not kept.
    expect(failed[0]!.last_error).toMatch(/: HTTP 400$/);

    const limited = await c.handle.db
      .selectFrom("outbox")
      .select(["status", "next_attempt_at"])
      .where("channel", "=", "alert:second")
      .orderBy("id")
      .execute();
    expect(limited.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect(Number(limited[0]!.next_attempt_at) - clock.now).toBe(Math.min(120_000, ALERT_RETRY_POLICY.maxDelayMs));
  });

  it(
    "a receiver that accepts and never answers holds back only its " +
      "own channel: fresh notices elsewhere go at once",
    async () => {
      first.answer("never");
      const { delivery, queue, channel } = sender([{ type: "email", name: "mail", to: "ops@example.com" }]);
      await queue("one", channel("first"));
      const round = delivery.runOnce();
      await vi.waitFor(() => expect(titles(first)).toEqual(["one"]));
      // first's send now waits for its timeout (10 s); a notice queued meanwhile reaches the other channels at once.
      await queue("two");
      delivery.kick();
      await vi.waitFor(() => expect([titles(second), subjects()]).toEqual([["two"], ["two"]]), { timeout: 5_000 });
      // The bound: first's send has not even timed out yet, its rows are untried.
      expect(await rows("first")).toEqual([
        { status: "pending", attempts: 0 },
        { status: "pending", attempts: 0 },
      ]);
      expect(await rows("second")).toEqual([{ status: "sent", attempts: 1 }]);
      expect(titles(first)).toEqual(["one"]);

      // The receiver goes away: the hanging send fails, and first gets its notices at its retry, in order, "one" again
      // under the same id.
      await first.down();
      await round;
      await first.up();
      first.answer({ status: 200 });
      clock.now += ALERT_RETRY_POLICY.firstDelayMs;
      await delivery.runOnce();
      await delivery.stop();
      expect(titles(first)).toEqual(["one", "one", "two"]);
      const ids = first.received.map((request) => request.headers["x-notification-id"]);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[2]).not.toBe(ids[0]);
    },
  );
});

describe.each(testDatabases())("the outbox on $dialect: restarts, crashes and stops", ({ open }) => {
  const c = useOutbox(open);
  const { clock, sender, rows } = c;

  it("a restart loses nothing and repeats nothing; two senders at once send each notice once, in order", async () => {
    const before = sender();
    for (let i = 1; i <= 30; i += 1) await before.queue(`n${i}`);
    // The process stops before it delivered anything; the next one takes over, and a second worker runs beside it.
    await before.delivery.stop();
    const after = sender();
    const beside = sender();
    await Promise.all([after.delivery.runOnce(), beside.delivery.runOnce(), after.delivery.runOnce()]);
    const expected = Array.from({ length: 30 }, (_, index) => `n${index + 1}`);
    expect(titles(first)).toEqual(expected);
    expect(titles(second)).toEqual(expected);
  });

  it("a sender that died mid-send: 30 s later its notice goes again, once, under the same id", async () => {
    const dying = sender();
    await dying.queue("before the crash", dying.channel("first"));
    // It took the row and sent it, then died before it could record that.
    const claim = await dying.outbox.claimLane("alert:first", 50);
    await dying.notifier.senderFor("alert:first")!(claim.items[0]!);
    expect(titles(first)).toEqual(["before the crash"]);

    const next = sender();
    clock.now += 29_999;
    await next.delivery.runOnce();
    expect(titles(first)).toEqual(["before the crash"]);
    clock.now += 1;
    await next.delivery.runOnce();
    clock.now += 60_000;
    await next.delivery.runOnce();
    expect(titles(first)).toEqual(["before the crash", "before the crash"]);
    expect(first.received[1]!.headers["x-notification-id"]).toBe(first.received[0]!.headers["x-notification-id"]);
    expect(await rows("first")).toEqual([{ status: "sent", attempts: 1 }]);
  });

  it(
    "a slow send keeps its rows: its lease is renewed while it " + "lasts, so another sender does not send it too",
    async () => {
      first.answer("never");
      const slow = sender();
      await slow.queue("slow", slow.channel("first"));
      const delivery = createDelivery({ outbox: slow.outbox, senderFor: slow.notifier.senderFor, logger, renewMs: 10 });
      const round = delivery.runOnce();
      await vi.waitFor(() => expect(titles(first)).toEqual(["slow"]));
      // Twice the lease passes while the send hangs: only the renewals keep the row its own.
      clock.now += 60_000;
      const leaseUntil = async () =>
        Number((await c.handle.db.selectFrom("outbox").select("lease_until").executeTakeFirstOrThrow()).lease_until);
      await vi.waitFor(async () => expect(await leaseUntil()).toBeGreaterThan(clock.now));
      await sender().delivery.runOnce();
      expect(titles(first)).toEqual(["slow"]);
      await first.down();
      await round;
      expect(await rows("first")).toEqual([{ status: "pending", attempts: 1 }]);
    },
  );

  it(
    "a clean stop finishes the send in progress and hands the " + "rest back: the next process sends it at once",
    async () => {
      const stopping = sender();
      for (const title of ["a", "b", "c"]) await stopping.queue(title, stopping.channel("first"));
      let stopped: Promise<void> | undefined;
      const delivery = createDelivery({
        outbox: stopping.outbox,
        logger,
        senderFor: (channel) => {
          const send = stopping.notifier.senderFor(channel)!;
          return async (item) => {
            await send(item);
            // The process is told to stop while "a" is on its way.
            stopped ??= delivery.stop();
          };
        },
      });
      await delivery.runOnce();
      await stopped;
      expect(titles(first)).toEqual(["a"]);
      await sender().delivery.runOnce();
      expect(titles(first)).toEqual(["a", "b", "c"]);
      expect(new Set(first.received.map((request) => request.headers["x-notification-id"])).size).toBe(3);
    },
  );
});
