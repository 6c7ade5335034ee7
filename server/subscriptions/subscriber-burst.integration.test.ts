// The acceptance for a burst: 1,000 confirmed subscribers receive a
// status update within a minute, each exactly once, also when the SMTP
// server is down for a minute in between (real SMTP on loopback; the
// outage's minute on the fake clock, which the outbox's retries follow).
import { describe, expect, it } from "vitest";
import { SUBSCRIBER_RETRY_POLICY } from "#server/outbox/outbox.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import {
  mail,
  mailTo,
  useSubscriptionApp,
  withSubscriptionMailServer,
  type TestSubscriber,
} from "#tests/support/subscription-app.ts";

withSubscriptionMailServer();

const SUBSCRIBERS: TestSubscriber[] = Array.from({ length: 1_000 }, (_, index) => ({
  email: `subscriber${index}@example.org`,
  language: index % 2 === 0 ? "en" : "de",
}));
const UPDATE = {
  state: "identified",
  titleEn: "Slow answers",
  titleDe: "Langsame Antworten",
  messageEn: "An index is being rebuilt.",
  messageDe: "Ein Index wird neu aufgebaut.",
};
const SUBJECT = { en: "Incident: Slow answers · Muster Digital", de: "Störung: Langsame Antworten · Muster Digital" };
const STEP_MS = 5_000;
const OUTAGE_MS = 60_000;
/** Rounds of delivery at most: far more than any of the cases needs, so a lane that never drains fails the test. */
const MAX_ROUNDS = 100;

type App = ReturnType<typeof useSubscriptionApp>;

/** Subscriber mail waiting in the outbox. */
async function pendingMail(c: App): Promise<number> {
  const rows = await c.t.services.database.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("channel", "=", "status-mail")
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(rows.n);
}

/** When the last subscriber mail was sent, on the fake clock. */
async function lastSentAt(c: App): Promise<number> {
  const row = await c.t.services.database.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.max("sent_at").as("at"))
    .where("channel", "=", "status-mail")
    .executeTakeFirstOrThrow();
  return Number(row.at);
}

/** Delivers, with `between` run before each round after the first, until no subscriber mail waits. */
async function deliverAll(c: App, between: () => Promise<void> | void = () => {}): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    if (round > 0) await between();
    await c.deliver();
    if ((await pendingMail(c)) === 0) return;
  }
  throw new Error(`subscriber mail still pending after ${MAX_ROUNDS} rounds of delivery`);
}

const ADDRESSES = new Set(SUBSCRIBERS.map((subscriber) => subscriber.email));
/** Recipients of the mail received so far that went to subscribers (the incident's alert to staff goes too). */
const subscriberRecipients = () => mail.received.flatMap((entry) => entry.to).filter((to) => ADDRESSES.has(to));

/** Each subscriber received exactly one mail, the update's, in their language. */
function expectEachOnce() {
  const counts = new Map<string, number>();
  for (const to of subscriberRecipients()) counts.set(to, (counts.get(to) ?? 0) + 1);
  expect(counts.size).toBe(SUBSCRIBERS.length);
  expect([...counts.values()].filter((count) => count !== 1)).toEqual([]);
  for (const { email, language } of SUBSCRIBERS)
    expect(mailTo(email).map((entry) => entry.headers.subject)).toEqual([SUBJECT[language]]);
}

/** Subscribers in place and the API failing: the update's incident is open. */
async function prepared(c: App): Promise<number> {
  await c.addSubscribers(SUBSCRIBERS);
  c.answers.api = "unhealthy";
  await c.round();
  return c.incidentOf("api");
}

describe.each(testDatabases())("a burst of subscriber mail on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);

  it("1,000 subscribers receive an update within a minute, each once", async () => {
    const incident = await prepared(c);
    const started = performance.now();
    expect((await c.postUpdate(incident, UPDATE)).status).toBe(201);
    await deliverAll(c);
    const elapsed = Math.round(performance.now() - started);
    console.log(`1,000 subscriber mails queued and sent over SMTP in ${elapsed} ms`);
    expectEachOnce();
    // A behavioural bound, far above what it takes: the acceptance's minute.
    expect(elapsed).toBeLessThan(60_000);
  });

  it("with the SMTP server down for a minute, each gets the update once, within the outage and a retry", async () => {
    const incident = await prepared(c);
    await mail.down();
    const postedAt = c.t.clock.now;
    expect((await c.postUpdate(incident, UPDATE)).status).toBe(201);
    // Every attempt during the outage fails, on the first mail of the lane: the rest wait behind it.
    while (c.t.clock.now - postedAt < OUTAGE_MS) {
      await c.deliver();
      c.t.advance(STEP_MS);
    }
    expect(subscriberRecipients()).toEqual([]);
    expect(await pendingMail(c)).toBe(SUBSCRIBERS.length);
    // The lane's first mail was tried after 0, 5, 15 and 35 s: retries every few seconds, not every few minutes.
    const head = await c.t.services.database.db
      .selectFrom("outbox")
      .select(["attempts", "next_attempt_at"])
      .where("channel", "=", "status-mail")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect([head.attempts, Number(head.next_attempt_at) - postedAt]).toEqual([4, 65_000]);
    await mail.up();
    await deliverAll(c, () => c.t.advance(STEP_MS));
    expectEachOnce();
    expect(await lastSentAt(c)).toBeLessThanOrEqual(
      postedAt + OUTAGE_MS + SUBSCRIBER_RETRY_POLICY.maxDelayMs + STEP_MS,
    );
  });
});
