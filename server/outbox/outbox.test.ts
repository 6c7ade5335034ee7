// The outbox with real receivers on loopback: each channel is a lane
// delivered in order; a dead channel holds back only its own notices; a
// receiver that was down gets everything afterwards, once, in order; a
// restart or a second sender neither loses nor repeats a notice.
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "../../tests/peers/http-receiver.ts";
import { testDatabases } from "../../tests/support/test-databases.ts";
import { alertsSchema } from "../alerting/alerts-config.ts";
import { createNotifier } from "../alerting/notifier.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createDelivery } from "./delivery.ts";
import { ALERT_RETRY_POLICY, createOutbox } from "./outbox.ts";

const logger = pino({ level: "silent" });
let first: HttpReceiver;
let second: HttpReceiver;
beforeAll(async () => {
  first = await startHttpReceiver();
  second = await startHttpReceiver();
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe.each(testDatabases())("the outbox on $dialect", ({ open }) => {
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
    await first.up();
    await second.up();
  });
  afterEach(() => cleanup());

  /** A sender process: its own outbox, notifier and delivery on the shared database. */
  function sender() {
    const config = alertsSchema.parse({ channels: [{ type: "webhook", name: "first", url: `${first.url}/hook` }, { type: "webhook", name: "second", url: `${second.url}/hook` }] });
    const outbox = createOutbox(handle.db, () => clock.now);
    const notifier = createNotifier({ outbox, config: () => config, sendMail: undefined });
    const delivery = createDelivery({ outbox, senderFor: notifier.senderFor, logger });
    const queue = async (title: string, channels = config.channels) =>
      notifier.queue(handle.db, { id: title, kind: "opened", test: false, severity: "critical", title, text: title, group: { key: "g", name: "G", source: "service", serviceId: null }, incidents: [], dashboardUrl: "http://localhost/admin/dashboard", at: clock.now }, channels, []);
    return { outbox, delivery, queue };
  }
  const titles = (receiver: HttpReceiver) => receiver.received.map((request) => (request.json as { title: string }).title);

  it("a dead channel holds back its own notices only; back, it gets each once, in order", async () => {
    const { delivery, queue } = sender();
    await first.down();
    for (const title of ["one", "two", "three"]) await queue(title);
    await delivery.runOnce();
    expect(titles(second)).toEqual(["one", "two", "three"]);
    expect(titles(first)).toEqual([]);

    // Down for a minute: retried after 10 s, 20 s, 40 s (only the oldest is tried meanwhile).
    const rows = async () => handle.db.selectFrom("outbox").select(["status", "attempts", "next_attempt_at"]).where("channel", "=", "alert:first").orderBy("id").execute();
    expect((await rows()).map((row) => [row.attempts, Number(row.next_attempt_at) - clock.now])).toEqual([[1, 10_000], [0, 0], [0, 0]]);
    for (const wait of [10_000, 20_000, 40_000]) {
      clock.now += wait;
      await queue(`at +${wait / 1000}s`, []);
      await delivery.runOnce();
    }
    expect((await rows())[0]!.attempts).toBe(4);
    await queue("four");
    await first.up();
    clock.now += 80_000;
    await delivery.runOnce();
    await delivery.runOnce();
    expect(titles(first)).toEqual(["one", "two", "three", "four"]);
    expect(titles(second)).toEqual(["one", "two", "three", "four"]);
    expect((await rows()).every((row) => row.status === "sent")).toBe(true);
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
    const failed = await handle.db.selectFrom("outbox").select(["status", "last_error"]).where("channel", "=", "alert:first").orderBy("id").execute();
    expect(failed.map((row) => row.status)).toEqual(["failed", "sent"]);
    expect(failed[0]!.last_error).toContain("HTTP 400: bad payload");

    const limited = await handle.db.selectFrom("outbox").select(["status", "next_attempt_at"]).where("channel", "=", "alert:second").orderBy("id").execute();
    expect(limited.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect(Number(limited[0]!.next_attempt_at) - clock.now).toBe(Math.min(120_000, ALERT_RETRY_POLICY.maxDelayMs));
  });

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
});
