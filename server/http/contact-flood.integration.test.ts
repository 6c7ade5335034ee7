// A flood against the contact form from many addresses: spam the honeypot or
// the time trap catches must not shut the form for real visitors, and a
// refusal must cost the database nothing.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SPAM_KEPT_PER_HOUR } from "#server/contact/contact-intake.ts";
import { MIN_FORM_AGE_MS } from "#server/contact/form-token.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";

const VALID = {
  name: "Erika Mustermann",
  email: "erika@example.org",
  subject: "Project inquiry",
  message: "We would like to talk about a data pipeline.",
  website: "",
};

describe.each(testDatabases())("contact form under a flood on $dialect", ({ open, dialect }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, { TRUST_PROXY: "true" });
  });
  afterEach(() => cleanup());

  const submit = (body: object, address: string) =>
    t.app.request("http://localhost/api/contact", {
      method: "POST",
      headers: browserHeaders({ "x-forwarded-for": address }),
      body: JSON.stringify(body),
    });
  const readyToken = () => {
    const token = t.services.formTokens.issue();
    t.advance(MIN_FORM_AGE_MS);
    return token;
  };
  /** Every row of the tables a submission can write, to see that a refusal wrote none. */
  const snapshot = async () => {
    const db = t.services.database.db;
    return JSON.stringify([
      await db.selectFrom("contact_messages").selectAll().orderBy("id").execute(),
      await db.selectFrom("contact_rate_limits").selectAll().orderBy("key").execute(),
      await db.selectFrom("outbox").selectAll().orderBy("id").execute(),
    ]);
  };
  /** SQLite counts every row a statement changed, rolled back or not. */
  const sqliteChanges = async () =>
    dialect === "sqlite"
      ? (await sql<{ n: number }>`select total_changes() as n`.execute(t.services.database.db)).rows[0]!.n
      : 0;

  it("91 honeypot posts from 34 addresses use nobody's quota: the next real visitor is mailed at once", async () => {
    const token = readyToken();
    const statuses: number[] = [];
    for (let i = 0; i < 91; i += 1)
      statuses.push((await submit({ ...VALID, website: "https://spam.example", token }, `203.0.113.${i % 34}`)).status);
    // Bots learn nothing: every one is answered like a real message.
    expect(new Set(statuses)).toEqual(new Set([202]));
    const rows = await t.services.database.db.selectFrom("contact_messages").select(["spam"]).execute();
    // A few are kept for staff (autofill can fill the hidden field); the rest cost no write.
    expect(rows).toHaveLength(Math.min(91, SPAM_KEPT_PER_HOUR));
    expect(rows.every((row) => row.spam === 1)).toBe(true);
    expect(await t.services.database.db.selectFrom("contact_rate_limits").selectAll().execute()).toEqual([]);

    // A spammer's own address is not held back for its spam either.
    expect((await submit({ ...VALID, token }, "203.0.113.1")).status).toBe(202);
    expect((await submit({ ...VALID, token }, "192.0.2.10")).status).toBe(202);
    const real = await t.services.database.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("spam", "=", 0)
      .execute();
    expect(real.map((row) => [row.quarantined, row.outbox_id !== null])).toEqual([
      [0, true],
      [0, true],
    ]);
  });

  it("posts the time trap catches (too early, forged, expired) use nobody's quota and write nothing", async () => {
    const before = await snapshot();
    const changes = await sqliteChanges();
    for (let i = 0; i < 40; i += 1) {
      const early = await submit({ ...VALID, token: t.services.formTokens.issue() }, `203.0.113.${i}`);
      expect(early.status).toBe(400);
      expect((await submit({ ...VALID, token: "forged.token.value" }, `203.0.113.${i}`)).status).toBe(400);
      expect((await submit({ ...VALID, token: "" }, `203.0.113.${i}`)).status).toBe(400);
    }
    expect(await snapshot()).toBe(before);
    expect(await sqliteChanges()).toBe(changes);
    expect((await submit({ ...VALID, token: readyToken() }, "192.0.2.20")).status).toBe(202);
  });

  it("an address over its limit is refused without a write", async () => {
    const token = readyToken();
    for (let i = 0; i < 20; i += 1) expect((await submit({ ...VALID, token }, "198.51.100.5")).status).toBe(202);
    const before = await snapshot();
    const changes = await sqliteChanges();
    for (let i = 0; i < 30; i += 1) expect((await submit({ ...VALID, token }, "198.51.100.5")).status).toBe(429);
    expect(await snapshot()).toBe(before);
    expect(await sqliteChanges()).toBe(changes);
  });

  it(
    "past the global ceiling nothing a real visitor wrote is " + "lost: kept in quarantine, the answer unchanged",
    async () => {
      const local = await createTestApp(t.services.database, { TRUST_PROXY: "true", CONTACT_LIMIT_GLOBAL: "10" });
      const token = local.services.formTokens.issue();
      local.advance(MIN_FORM_AGE_MS);
      const statuses: number[] = [];
      for (let i = 0; i < 34; i += 1) {
        const response = await local.app.request("http://localhost/api/contact", {
          method: "POST",
          headers: browserHeaders({ "x-forwarded-for": `203.0.113.${i}` }),
          body: JSON.stringify({ ...VALID, subject: `Visitor ${i}`, token }),
        });
        statuses.push(response.status);
      }
      expect(new Set(statuses)).toEqual(new Set([202]));
      const rows = await t.services.database.db
        .selectFrom("contact_messages")
        .select(["subject", "quarantined", "outbox_id"])
        .orderBy("id")
        .execute();
      expect(rows).toHaveLength(34);
      expect(rows.slice(0, 10).every((row) => row.quarantined === 0 && row.outbox_id !== null)).toBe(true);
      expect(rows.slice(10).every((row) => row.quarantined === 1 && row.outbox_id === null)).toBe(true);
    },
  );
});
