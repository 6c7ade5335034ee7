// Nobody can flood an address, or the relay, through the subscription form
// (the issue's acceptance): 200 requests for one address from 50 clients,
// sent 40 at a time, send it one confirmation mail, and a real visitor is
// still served. The per-client limit, the global ceiling and the honeypot
// refuse without writing anything.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { mail, mailTo, useSubscriptionApp, withSubscriptionMailServer } from "#tests/support/subscription-app.ts";

withSubscriptionMailServer();

const CONFIRM_SUBJECT = "Please confirm your subscription to the Muster Digital status page";
const WAVE = 40;

type App = ReturnType<typeof useSubscriptionApp>;
type Request = { email: string; ip: string; website?: string };

/** Requests sent at once, each with a form token old enough for the time trap. */
async function atOnce(c: App, requests: readonly Request[]) {
  const token = c.t.services.formTokens.issue();
  c.t.advance(4_000);
  return Promise.all(
    requests.map(({ ip, ...input }) => c.subscriptions().intake.subscribe({ token, ...input }, { ip, language: "en" })),
  );
}

/** What a refused request could have written: subscribers, queued mail, counted requests. */
async function written(c: App) {
  const db = c.t.services.database.db;
  const emails = await db.selectFrom("status_subscribers").select("email").orderBy("email").execute();
  const outbox = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  const counted = await db.selectFrom("contact_rate_limits").select("count").execute();
  return {
    subscribers: emails.map((row) => row.email),
    outbox: Number(outbox.n),
    /** Requests counted against every limit, together. */
    counted: counted.reduce((sum, row) => sum + Number(row.count), 0),
  };
}

describe.each(testDatabases())("subscription floods on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);

  it("200 requests for one address from 50 clients send one confirmation; a real visitor gets theirs", async () => {
    const clients = Array.from({ length: 50 }, (_, index) => `127.0.${index + 1}.${(index % 7) + 2}`);
    // Each wave mixes clients, so requests of one client and of many race each other.
    const requests = Array.from({ length: 200 }, (_, index) => ({
      email: "target@example.org",
      ip: clients[index % clients.length]!,
    }));
    for (let start = 0; start < requests.length; start += WAVE) {
      const answers = await atOnce(c, requests.slice(start, start + WAVE));
      // The same answer to every one: the form tells nobody whether a mail went.
      expect(answers).toEqual(Array.from({ length: answers.length }, () => ({ kind: "accepted" })));
    }
    await c.deliver();
    expect(mailTo("target@example.org").map((entry) => entry.headers.subject)).toEqual([CONFIRM_SUBJECT]);
    expect((await written(c)).subscribers).toEqual(["target@example.org"]);

    expect(await c.subscribe({ email: "visitor@example.org" }, { ip: "127.0.200.1" })).toEqual({ kind: "accepted" });
    await c.deliver();
    expect(mailTo("visitor@example.org").map((entry) => entry.headers.subject)).toEqual([CONFIRM_SUBJECT]);
    expect(mail.received).toHaveLength(2);
  });

  it("one client's 21st request in an hour is refused with a wait and writes nothing", async () => {
    for (let index = 1; index <= 20; index += 1)
      expect(await c.subscribe({ email: `person${index}@example.org` }, { ip: "127.0.0.7" })).toEqual({
        kind: "accepted",
      });
    const before = await written(c);
    const refused = await c.subscribe({ email: "one-more@example.org" }, { ip: "127.0.0.7" });
    expect(refused).toMatchObject({ kind: "rate-limited" });
    const wait = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
    // The hour began with the first request, 20 form-token waits (4 s each) before.
    expect(wait).toBeGreaterThan(3600 - 21 * 4 - 1);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await written(c)).toEqual(before);
    expect(before.subscribers).not.toContain("one-more@example.org");

    // Another client is not held back, and after the hour this one is served again.
    expect(await c.subscribe({ email: "neighbour@example.org" }, { ip: "127.0.0.8" })).toEqual({ kind: "accepted" });
    c.t.advance(wait * 1000);
    expect(await c.subscribe({ email: "one-more@example.org" }, { ip: "127.0.0.7" })).toEqual({ kind: "accepted" });
    await c.deliver();
    expect(mailTo("one-more@example.org")).toHaveLength(1);
    expect(mail.received).toHaveLength(22);
  });

  it("a filled honeypot hears the usual answer and nothing is written", async () => {
    const answers = await atOnce(c, [
      { email: "bot@example.org", ip: "127.0.0.5", website: "https://spam.example" },
      { email: "bot2@example.org", ip: "127.0.0.5", website: " x " },
    ]);
    expect(answers).toEqual([{ kind: "accepted" }, { kind: "accepted" }]);
    await c.deliver();
    expect(await written(c)).toEqual({ subscribers: [], outbox: 0, counted: 0 });
    expect(mail.received).toHaveLength(0);
  });
});

describe.each(testDatabases())("the subscriptions' global ceiling on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open, { CONTACT_LIMIT_GLOBAL: "5" });

  it("past the hourly ceiling new addresses are refused and get no mail; known ones get the same answer", async () => {
    const first = Array.from({ length: 5 }, (_, index) => ({
      email: `early${index}@example.org`,
      ip: `127.0.1.${index + 1}`,
    }));
    expect(await atOnce(c, first)).toEqual(first.map(() => ({ kind: "accepted" })));
    const late = [
      { email: "late1@example.org", ip: "127.0.2.1" },
      { email: "late2@example.org", ip: "127.0.2.2" },
    ];
    for (const answer of await atOnce(c, late)) {
      expect(answer).toMatchObject({ kind: "rate-limited" });
      expect((answer as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    }
    // An address mailed within the day gets no second mail, so it does not count against the ceiling.
    expect(await atOnce(c, [{ email: "early0@example.org", ip: "127.0.2.3" }])).toEqual([{ kind: "accepted" }]);
    await c.deliver();
    expect((await written(c)).subscribers).toEqual(first.map((request) => request.email));
    expect(mail.received.flatMap((entry) => entry.to).sort()).toEqual(first.map((request) => request.email));
  });
});
