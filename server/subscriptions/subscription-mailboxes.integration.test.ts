// The subscription form in an attacker's hands: spellings of one
// mailbox ("victim+1@", "Victim+2@", Gmail's dots) get it one confirmation a
// day, however many and however fast; and the answer never tells whether an
// address asked before, whichever limit is spent.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { mail, useSubscriptionApp, withSubscriptionMailServer } from "#tests/support/subscription-app.ts";
import { FAIR_SHARE_PER_HOUR } from "./subscription-limits.ts";

withSubscriptionMailServer();

type App = ReturnType<typeof useSubscriptionApp>;

const recipients = () => mail.received.flatMap((entry) => entry.to);

/** Ten spellings of one mailbox each: the "+tag" counted, case mixed, Gmail's dots and its second name. */
const FAMILIES: { name: string; spell: (n: number) => string }[] = [
  { name: "victim+N@example.com", spell: (n) => `victim+${n}@example.com` },
  {
    name: "victim+N@example.com in mixed case",
    spell: (n) => [`Victim+${n}@Example.com`, `VICTIM+${n}@EXAMPLE.COM`, `vIcTiM+${n}@example.COM`][n % 3]!,
  },
  {
    name: "Gmail's dots and googlemail.com",
    spell: (n) => {
      const dot = 1 + (n % 5);
      return `${"victim".slice(0, dot)}.${"victim".slice(dot)}+${n}@${n % 2 ? "gmail" : "googlemail"}.com`;
    },
  },
];

describe.each(testDatabases())("spellings of one mailbox on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);

  it.each(FAMILIES)("10 requests for $name from one client send one confirmation", async ({ spell }) => {
    for (let n = 1; n <= 10; n += 1)
      expect(await c.subscribe({ email: spell(n) }, { ip: "127.0.0.7" })).toEqual({ kind: "accepted" });
    await c.deliver();
    // To the address as the first request typed it (the form keeps the "+tag"; mail goes where the visitor said).
    expect(recipients()).toEqual([spell(1).toLowerCase()]);
  });

  it.each(FAMILIES)("40 requests for $name at once from 40 clients send one", async ({ spell }) => {
    const answers = await c.atOnce(
      Array.from({ length: 40 }, (_, n) => ({ email: spell(n + 1), ip: `127.0.5.${n + 1}` })),
    );
    expect(answers).toEqual(answers.map(() => ({ kind: "accepted" })));
    await c.deliver();
    expect(mail.received).toHaveLength(1);
  });

  it("a day later the mailbox gets a confirmation again", async () => {
    expect(await c.subscribe({ email: "victim+1@example.com" })).toEqual({ kind: "accepted" });
    c.t.advance(24 * 60 * 60_000);
    expect(await c.subscribe({ email: "Victim+2@example.com" })).toEqual({ kind: "accepted" });
    await c.deliver();
    expect(recipients()).toEqual(["victim+1@example.com", "victim+2@example.com"]);
  });
});

/** Three clients brought to the same state: each has made `prior` requests for other addresses, at once. */
type LimitState = { name: string; prior: number; fillCeiling: boolean; kind: "accepted" | "rate-limited" };

const STATES: LimitState[] = [
  { name: "under every limit", prior: 0, fillCeiling: false, kind: "accepted" },
  { name: "past the client's fair share", prior: FAIR_SHARE_PER_HOUR + 2, fillCeiling: false, kind: "accepted" },
  { name: "the client's limit spent", prior: 20, fillCeiling: false, kind: "rate-limited" },
  { name: "the global ceiling spent, a newcomer", prior: 0, fillCeiling: true, kind: "accepted" },
  {
    name: "the global ceiling spent, past the fair share",
    prior: FAIR_SHARE_PER_HOUR,
    fillCeiling: true,
    kind: "rate-limited",
  },
];

const CLIENTS = ["127.0.6.1", "127.0.6.2", "127.0.6.3"];

/** Spends the hour's 100 (the default ceiling) from five other clients, 20 each. */
async function fillCeiling(c: App) {
  const fillers = Array.from({ length: 100 }, (_, n) => ({ ip: `127.0.7.${(n % 5) + 1}`, email: `f${n}@f${n}.test` }));
  await c.atOnce(fillers);
}

describe.each(testDatabases())("the answer and an address's history on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);

  it.each(STATES)("with $name, a known address hears what a fresh one hears", async (state) => {
    // The history: a confirmation mailed to the address within the day, from a client of its own.
    expect(await c.subscribe({ email: "known@example.org" }, { ip: "127.0.8.1" })).toEqual({ kind: "accepted" });
    if (state.prior > 0)
      await c.atOnce(
        CLIENTS.flatMap((ip, client) =>
          Array.from({ length: state.prior }, (_, n) => ({ ip, email: `other${n}.${client}@other${n}.test` })),
        ),
      );
    if (state.fillCeiling) await fillCeiling(c);

    const [known, tagged, fresh] = await c.atOnce([
      { ip: CLIENTS[0]!, email: "known@example.org" },
      { ip: CLIENTS[1]!, email: "Known+again@example.org" },
      { ip: CLIENTS[2]!, email: "fresh@example.org" },
    ]);
    expect(fresh).toMatchObject({ kind: state.kind });
    expect(known).toEqual(fresh);
    expect(tagged).toEqual(fresh);

    await c.deliver();
    expect(recipients().filter((to) => to.endsWith("@example.org"))).toEqual([
      "known@example.org",
      ...(state.kind === "accepted" ? ["fresh@example.org"] : []),
    ]);
  });
});
