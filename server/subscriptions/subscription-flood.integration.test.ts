// Nobody can flood an address, or the relay, through the subscription form,
// and a flood from a few clients delays only them. 200 requests for one
// address from 50 clients, sent 40 at a time, send it one confirmation mail;
// five clients at their limit leave a
// visitor from elsewhere served. The per-client limit, the global ceiling and
// the honeypot refuse without writing anything.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { mail, mailTo, useSubscriptionApp, withSubscriptionMailServer } from "#tests/support/subscription-app.ts";
import { DOMAIN_MAILS_PER_HOUR, FAIR_SHARE_PER_HOUR } from "./subscription-limits.ts";

withSubscriptionMailServer();

const CONFIRM_SUBJECT = "Please confirm your subscription to the Muster Digital status page";
const WAVE = 40;
/** The defaults: CONTACT_LIMIT_PER_IP and CONTACT_LIMIT_GLOBAL. */
const PER_CLIENT = 20;

type App = ReturnType<typeof useSubscriptionApp>;
type Request = { email: string; ip: string; website?: string };

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

/** The requests in waves of 40 at once; the answers in the requests' order. */
async function inWaves(c: App, requests: readonly Request[]) {
  const answers = [];
  for (let start = 0; start < requests.length; start += WAVE)
    answers.push(...(await c.atOnce(requests.slice(start, start + WAVE))));
  return answers;
}

const recipients = () => mail.received.flatMap((entry) => entry.to);

describe.each(testDatabases())("subscription floods on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);

  it("200 requests for one address from 50 clients send one confirmation; a real visitor gets theirs", async () => {
    const clients = Array.from({ length: 50 }, (_, index) => `127.0.${index + 1}.${(index % 7) + 2}`);
    // Each wave mixes clients, so requests of one client and of many race each other.
    const requests = Array.from({ length: 200 }, (_, index) => ({
      email: "target@example.org",
      ip: clients[index % clients.length]!,
    }));
    const answers = await inWaves(c, requests);
    // Each client's fourth is past its fair share, when the hour's 100 are spent: only those wait.
    const served = FAIR_SHARE_PER_HOUR * clients.length;
    expect(answers.slice(0, served)).toEqual(Array.from({ length: served }, () => ({ kind: "accepted" })));
    for (const answer of answers.slice(served)) expect(answer).toMatchObject({ kind: "rate-limited" });
    await c.deliver();
    expect(mailTo("target@example.org").map((entry) => entry.headers.subject)).toEqual([CONFIRM_SUBJECT]);
    expect((await written(c)).subscribers).toEqual(["target@example.org"]);

    expect(await c.subscribe({ email: "visitor@example.org" }, { ip: "127.0.200.1" })).toEqual({ kind: "accepted" });
    await c.deliver();
    expect(mailTo("visitor@example.org").map((entry) => entry.headers.subject)).toEqual([CONFIRM_SUBJECT]);
    expect(mail.received).toHaveLength(2);
  });

  it("five clients at their limit, 40 requests at once, delay only themselves", async () => {
    const flooders = Array.from({ length: 5 }, (_, index) => `127.0.3.${index + 1}`);
    // Half for spellings of one mailbox, half for mailboxes of a catch-all domain; each wave holds 8 of each client's.
    const requests = Array.from({ length: 30 }, (_, n) =>
      flooders.map((ip, client) => ({
        ip,
        email: n % 2 === 1 ? `Victim+${n}.${client}@Example.com` : `box${n}.${client}@victim.example`,
      })),
    ).flat();
    const waves = [requests.slice(0, 3 * WAVE), requests.slice(3 * WAVE)];
    const answers = await inWaves(c, waves[0]!);
    // By now every flooder is at its limit and the hour's global ceiling is spent; a visitor asks amid the last wave.
    const visitor = { ip: "127.0.4.1", email: "visitor@victim.example" };
    const last = await c.atOnce([...waves[1]!.slice(0, 15), visitor, ...waves[1]!.slice(15)]);
    expect(last[15]).toEqual({ kind: "accepted" });
    answers.push(...last.slice(0, 15), ...last.slice(16));

    for (const ip of flooders) {
      const theirs = answers.filter((_, index) => requests[index]!.ip === ip);
      expect(theirs.filter((answer) => answer.kind === "accepted")).toHaveLength(PER_CLIENT);
      for (const answer of theirs.filter((entry) => entry.kind !== "accepted"))
        expect(answer).toMatchObject({ kind: "rate-limited", retryAfterSeconds: expect.any(Number) });
    }
    await c.deliver();
    expect(mailTo("visitor@victim.example").map((entry) => entry.headers.subject)).toEqual([CONFIRM_SUBJECT]);
    // One mailbox, however spelt: one mail, to the spelling that asked first.
    expect(recipients().filter((to) => to.endsWith("@example.com"))).toEqual([
      expect.stringMatching(/^victim\+\d+\.\d@example\.com$/),
    ]);
    // The catch-all domain: each flooder's fair share, and the domain's few for requests past it.
    const flooded = recipients().filter((to) => to.endsWith("@victim.example") && to !== visitor.email);
    expect(flooded.length).toBeGreaterThanOrEqual(DOMAIN_MAILS_PER_HOUR);
    expect(flooded.length).toBeLessThanOrEqual(flooders.length * FAIR_SHARE_PER_HOUR + DOMAIN_MAILS_PER_HOUR);
  });

  it("one client's 21st request in an hour is refused with a wait and writes nothing", async () => {
    // Each at a domain of its own: past its fair share a client mails one domain only a few times an hour.
    for (let index = 1; index <= PER_CLIENT; index += 1)
      expect(await c.subscribe({ email: `person@site${index}.example` }, { ip: "127.0.0.7" })).toEqual({
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
    const answers = await c.atOnce([
      { email: "bot@example.org", ip: "127.0.0.5", website: "https://spam.example" },
      { email: "bot2@example.org", ip: "127.0.0.5", website: " x " },
    ]);
    expect(answers).toEqual([{ kind: "accepted" }, { kind: "accepted" }]);
    await c.deliver();
    expect(await written(c)).toEqual({ subscribers: [], outbox: 0, counted: 0 });
    expect(mail.received).toHaveLength(0);
  });
});
