import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MIN_FORM_AGE_MS, MAX_FORM_AGE_MS } from "#server/contact/form-token.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";
import { createSmtpSender } from "#server/mail/smtp-sender.ts";
import { parseMail, startTestMailServer, type TestMailServer } from "#tests/peers/mail-server.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";

const VALID = {
  name: "Erika Mustermann",
  email: "erika@example.org",
  subject: "Project inquiry",
  message: "We would like to talk about a data pipeline.",
  website: "",
};

let mail: TestMailServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contact-test-"));
  mail = await startTestMailServer({ dir });
});
afterAll(async () => {
  await mail.down();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh app and database for each test, mailing through the shared test mail server, and the
 * requests and look-ups the tests below share.
 */
function useContactApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    mail.received.length = 0;
    await mail.up(); // a test may have left it down
    const db = await open();
    const sender = createSmtpSender({ url: mail.url, from: "Website <noreply@example.com>", caFile: mail.caFile });
    t = await createTestApp(
      db.handle,
      { CONTACT_TO: "inbox@example.com", TRUST_PROXY: "true", CONTACT_LIMIT_GLOBAL: "5" },
      { send: sender.send },
    );
    cleanup = async () => {
      await t.services.delivery?.stop();
      sender.close();
      await db.cleanup();
    };
  });
  afterEach(() => cleanup());

  return {
    get t() {
      return t;
    },
    /** A token from a page rendered long enough ago to pass the time trap. */
    readyToken: () => {
      const token = t.services.formTokens.issue();
      t.advance(MIN_FORM_AGE_MS);
      return token;
    },
    submit: (body: unknown, headers: Record<string, string> = {}) =>
      t.app.request("http://localhost/api/contact", {
        method: "POST",
        headers: browserHeaders(headers),
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    stored: () => t.services.database.db.selectFrom("contact_messages").selectAll().orderBy("id").execute(),
    // In the order they were queued: PostgreSQL returns updated rows in no set order otherwise.
    outboxRows: () => t.services.database.db.selectFrom("outbox").selectAll().orderBy("id").execute(),
    deliver: () => t.services.delivery!.runOnce(),
  };
}

const BAD_INPUTS: [string, Record<string, unknown>, Record<string, string>][] = [
  ["too short name", { name: "A" }, { name: "Name must be at least 2 characters" }],
  ["invalid e-mail", { email: "not-an-address" }, { email: "Please enter a valid email address" }],
  ["too short subject", { subject: "Hi" }, { subject: "Subject must be at least 5 characters" }],
  ["too short message", { message: "Too short" }, { message: "Message must be at least 10 characters" }],
  ["CR/LF in the name", { name: "Eve\r\nBcc: victim@example.org" }, { name: "Line breaks are not allowed here" }],
  [
    "LF in the e-mail",
    { email: "eve@example.org\nBcc: victim@example.org" },
    { email: "Line breaks are not allowed here" },
  ],
  ["CR in the subject", { subject: "Hello\rBcc: victim@example.org" }, { subject: "Line breaks are not allowed here" }],
  [
    "control characters in the message",
    { message: "Hello there\u0000\u001b[31m" },
    { message: "Contains characters that are not allowed" },
  ],
  ["oversize name", { name: "n".repeat(101) }, { name: "Name must be at most 100 characters" }],
  [
    "oversize e-mail",
    { email: `${"a".repeat(250)}@example.org` },
    { email: "Email address must be at most 254 characters" },
  ],
  ["oversize subject", { subject: "s".repeat(201) }, { subject: "Subject must be at most 200 characters" }],
  ["oversize message", { message: "m".repeat(5001) }, { message: "Message must be at most 5000 characters" }],
  [
    "wrong types",
    { name: 42, email: ["a@b.de"], subject: null, message: { text: "hi" } },
    {
      name: "Must be text",
      email: "Must be text",
      subject: "Subject must be at least 5 characters",
      message: "Must be text",
    },
  ],
  [
    "missing fields",
    { name: undefined, email: undefined },
    { name: "Name must be at least 2 characters", email: "Please enter a valid email address" },
  ],
  ["missing token", { token: undefined }, { token: "Missing form token. Please reload the page." }],
];

describe.each(testDatabases())("POST /api/contact on $dialect: accepted messages", ({ open }) => {
  const c = useContactApp(open);
  const { submit, readyToken, stored, deliver, outboxRows } = c;

  it("stores the message before answering 202, then mails it to the company over STARTTLS", async () => {
    const response = await submit({ ...VALID, token: readyToken() }, { "accept-language": "de-DE,de;q=0.9" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });
    const [row] = await stored();
    expect(row).toMatchObject({
      name: VALID.name,
      email: VALID.email,
      subject: VALID.subject,
      message: VALID.message,
      language: "de",
      spam: 0,
    });
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.received_at).toBe(c.t.clock.now);

    await deliver();
    expect(mail.received).toHaveLength(1);
    const [received] = mail.received;
    expect(received!.to).toEqual(["inbox@example.com"]);
    expect(received!.secure).toBe(true);
    const parsed = parseMail(received!.raw);
    expect(parsed.headers.subject).toBe("Contact Form: Project inquiry");
    expect(parsed.headers["reply-to"]).toBe("Erika Mustermann <erika@example.org>");
    expect(parsed.headers.from).toBe("Website <noreply@example.com>");
    expect(parsed.text).toContain("Name: Erika Mustermann\nEmail: erika@example.org");
    expect(parsed.text).toContain(VALID.message);
    expect(parsed.html).toContain("<td>Erika Mustermann</td>");
    const [sent] = await outboxRows();
    expect(sent).toMatchObject({ status: "sent", attempts: 1, sent_at: c.t.clock.now });
  });

  it("escapes HTML in the HTML part and keeps it literal in the text part", async () => {
    const message = '<script>alert("x")</script> & <b>bold</b>';
    expect((await submit({ ...VALID, name: "<img src=x>", message, token: readyToken() })).status).toBe(202);
    await deliver();
    const parsed = parseMail(mail.received[0]!.raw);
    expect(parsed.html).not.toContain("<script>");
    expect(parsed.html).not.toContain("<img");
    expect(parsed.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;");
    expect(parsed.text).toContain(message);
  });

  it("accepts names and messages in any script intact: emoji, right-to-left, combining marks", async () => {
    const name = "محمد 😀 Zoë";
    const subject = "שלום — Anfrage 👋🏽";
    const message = "Cafe\u0301 ñ e\u0308 — مرحبا بكم 🇩🇪 नमस्ते\nZweite Zeile";
    expect((await submit({ ...VALID, name, subject, message, token: readyToken() })).status).toBe(202);
    const [row] = await stored();
    expect(row).toMatchObject({ name, subject, message });
    await deliver();
    const parsed = parseMail(mail.received[0]!.raw);
    expect(parsed.headers.subject).toBe(`Contact Form: ${subject}`);
    expect(parsed.text).toContain(message);
    expect(parsed.headers["reply-to"]).toContain(name);
  });

  it(
    "counts characters, not bytes: a 2-character name of emoji " + "is long enough, 100 emoji are not too long",
    async () => {
      expect((await submit({ ...VALID, name: "😀😀", token: readyToken() })).status).toBe(202);
      expect((await submit({ ...VALID, name: "😀".repeat(100), token: readyToken() })).status).toBe(202);
    },
  );

  it("keeps line breaks in the message itself (normalised to LF)", async () => {
    expect((await submit({ ...VALID, message: "First line\r\nSecond line\rThird", token: readyToken() })).status).toBe(
      202,
    );
    expect((await stored())[0]!.message).toBe("First line\nSecond line\nThird");
  });
});

describe.each(testDatabases())("POST /api/contact on $dialect: refused input", ({ open }) => {
  const { submit, readyToken, stored, outboxRows } = useContactApp(open);

  it.each(BAD_INPUTS)("refuses %s with 400, naming the field, and stores nothing", async (_label, change, fields) => {
    const response = await submit({ ...VALID, token: readyToken(), ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid input", fields });
    expect(await stored()).toEqual([]);
    expect(await outboxRows()).toEqual([]);
  });

  it("refuses malformed JSON, an array body and a body over 16 KB", async () => {
    const malformed = await submit("{name:");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Malformed JSON" });
    const array = await submit([VALID]);
    expect(array.status).toBe(400);
    const huge = await submit({ ...VALID, message: "x".repeat(17 * 1024), token: readyToken() });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "Request body larger than 16 KB" });
    expect(await stored()).toEqual([]);
  });
});

describe.each(testDatabases())("POST /api/contact on $dialect: form token", ({ open, dialect }) => {
  const c = useContactApp(open);
  const { submit, readyToken, stored } = c;

  it("time trap: a token younger than 3 s, an expired one and a forged one are refused", async () => {
    const fresh = c.t.services.formTokens.issue();
    c.t.advance(MIN_FORM_AGE_MS - 1_000);
    const early = await submit({ ...VALID, token: fresh });
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({
      error: "Please slow down",
      fields: { token: "Please take a moment to review your message before sending." },
      retryAfterSeconds: 1,
    });

    const old = c.t.services.formTokens.issue();
    c.t.advance(MAX_FORM_AGE_MS + 1);
    const expired = await submit({ ...VALID, token: old });
    expect(expired.status).toBe(400);
    const expiredBody = (await expired.json()) as { error: string; token: string };
    expect(expiredBody.error).toBe("Form expired");
    // The fresh token it carries works once the visitor has taken their time.
    c.t.advance(MIN_FORM_AGE_MS);
    expect((await submit({ ...VALID, token: expiredBody.token })).status).toBe(202);

    const valid = readyToken();
    const [issued, nonce] = valid.split(".");
    for (const forged of [
      `${issued}.${nonce}.AAAAAAAAAAAAAAAAAAAAAA`,
      `${(c.t.clock.now - 10 * 60_000).toString(36)}.${nonce}.${valid.split(".")[2]}`,
      "not-a-token",
      "a.b.c.d",
    ]) {
      const response = await submit({ ...VALID, token: forged });
      expect(response.status, forged).toBe(400);
      expect(await response.json()).toMatchObject({ error: "Invalid form token" });
    }
    expect(await stored()).toHaveLength(1);
  });

  it("takes the token from the form's cookie when the body has none (the prerendered page sets it)", async () => {
    const cookie = `form-token=${readyToken()}`;
    const response = await submit(VALID, { cookie });
    expect(response.status).toBe(202);
    expect(await stored()).toHaveLength(1);
    // A token in the body wins: API clients send their own.
    const early = await submit({ ...VALID, token: c.t.services.formTokens.issue() }, { cookie });
    expect(await early.json()).toMatchObject({ error: "Please slow down" });
    // Off localhost the cookie is the __Host- one; a plain-named cookie there is not ours.
    const remote = { host: "example.com", origin: "http://example.com" };
    expect((await submit(VALID, { ...remote, cookie })).status).toBe(400);
    expect((await submit(VALID, { ...remote, cookie: `__Host-${cookie}` })).status).toBe(202);
  });

  it(
    "an expired token from the cookie is answered with a fresh one in the " +
      "cookie, which works once the visitor has taken a moment",
    async () => {
      const old = c.t.services.formTokens.issue();
      c.t.advance(MAX_FORM_AGE_MS + 1);
      const expired = await submit(VALID, { cookie: `form-token=${old}` });
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ error: "Form expired" });
      const setCookie = expired.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(/^form-token=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400$/);
      c.t.advance(MIN_FORM_AGE_MS);
      expect((await submit(VALID, { cookie: setCookie.split(";")[0]! })).status).toBe(202);
    },
  );

  it("refused tokens cost no database write", async () => {
    const changes = async () =>
      dialect === "sqlite"
        ? Number((await sql<{ n: number }>`select total_changes() as n`.execute(c.t.services.database.db)).rows[0]!.n)
        : 0;
    const before = await changes();
    const early = c.t.services.formTokens.issue();
    const old = c.t.services.formTokens.issue();
    c.t.advance(MAX_FORM_AGE_MS + 1);
    for (const token of [old, "not-a-token", undefined]) expect((await submit({ ...VALID, token })).status).toBe(400);
    expect((await submit(VALID, { cookie: `form-token=${early}x` })).status).toBe(400);
    expect(await changes()).toBe(before);
    expect(await stored()).toEqual([]);
    expect(await c.t.services.database.db.selectFrom("contact_rate_limits").selectAll().execute()).toEqual([]);
  });
});

describe.each(testDatabases())("POST /api/contact on $dialect: spam and rate limits", ({ open }) => {
  const c = useContactApp(open);
  const { submit, readyToken, stored, deliver } = c;

  it("a filled honeypot answers like success, stores the message as spam and mails nothing", async () => {
    const response = await submit({ ...VALID, website: "https://spam.example", token: readyToken() });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });
    const [row] = await stored();
    expect(row).toMatchObject({ spam: 1, outbox_id: null });
    await deliver();
    expect(mail.received).toEqual([]);
  });

  it(
    "accepts 20 messages per client address per hour (a shared office), " +
      "then 429 with the time to wait; other clients go on",
    async () => {
      const local = await createTestApp(c.t.services.database, { TRUST_PROXY: "true" });
      const token = local.services.formTokens.issue();
      local.advance(MIN_FORM_AGE_MS);
      const send = (ip: string) =>
        local.app.request("http://localhost/api/contact", {
          method: "POST",
          headers: browserHeaders({ "x-forwarded-for": `10.0.0.1, ${ip}` }),
          body: JSON.stringify({ ...VALID, token }),
        });
      for (let i = 0; i < 20; i += 1) expect((await send("198.51.100.1")).status).toBe(202);
      local.advance(10 * 60_000);
      const limited = await send("198.51.100.1");
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ error: "Too many submissions", retryAfterSeconds: 50 * 60 });
      expect(limited.headers.get("retry-after")).toBe(String(50 * 60));
      expect(await stored()).toHaveLength(20);
      expect((await send("198.51.100.2")).status).toBe(202);
      // The window restarts after an hour.
      local.advance(50 * 60_000);
      expect((await send("198.51.100.1")).status).toBe(202);
    },
  );

  it("past the global ceiling a valid message is kept in quarantine, unmailed, until staff release it", async () => {
    const token = readyToken();
    for (let i = 0; i < 5; i += 1)
      expect((await submit({ ...VALID, token }, { "x-forwarded-for": `198.51.100.${i}` })).status).toBe(202);
    const over = await submit(
      { ...VALID, subject: "Past the ceiling", token },
      { "x-forwarded-for": "198.51.100.200" },
    );
    expect(over.status).toBe(202);
    const rows = await stored();
    expect(rows).toHaveLength(6);
    const kept = rows.find((row) => row.subject === "Past the ceiling")!;
    expect(kept).toMatchObject({ quarantined: 1, outbox_id: null, spam: 0 });
    await deliver();
    expect(mail.received).toHaveLength(5);
    expect((await c.t.services.inbox.list({ status: "quarantined", page: 1 })).messages.map((m) => m.id)).toEqual([
      kept.id,
    ]);
    expect(await c.t.services.inbox.retry(kept.id)).toBe("queued");
    await deliver();
    expect(mail.received.map((m) => parseMail(m.raw).headers.subject)).toContain("Contact Form: Past the ceiling");
    expect((await c.t.services.inbox.get(kept.id))!.status).toBe("sent");
  });

  it("believes X-Forwarded-For only with TRUST_PROXY", async () => {
    const plain = await createTestApp(c.t.services.database, {});
    const token = plain.services.formTokens.issue();
    plain.advance(MIN_FORM_AGE_MS);
    const send = (ip: string) =>
      plain.app.request("http://localhost/api/contact", {
        method: "POST",
        headers: browserHeaders({ "x-forwarded-for": ip }),
        body: JSON.stringify({ ...VALID, token }),
      });
    for (let i = 0; i < 20; i += 1) expect((await send(`198.51.100.${i}`)).status).toBe(202);
    // The header is ignored: all of them came from the one socket address.
    expect((await send("198.51.100.77")).status).toBe(429);
  });
});

describe.each(testDatabases())("POST /api/contact on $dialect: delivery failures and retention", ({ open }) => {
  const c = useContactApp(open);
  const { submit, readyToken, stored, outboxRows, deliver } = c;

  it(
    "SMTP down: messages stay pending in order, the oldest retried " +
      "with growing delays; SMTP back: each delivered once",
    async () => {
      await mail.down();
      const token = readyToken();
      for (let i = 0; i < 3; i += 1)
        expect((await submit({ ...VALID, subject: `Message number ${i}`, token })).status).toBe(202);
      const rounds = async () => {
        for (let i = 0; i < 3; i += 1) await deliver();
      };
      // While the server is down only the oldest is tried: the others wait behind it, untried.
      await rounds();
      let rows = await outboxRows();
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ["pending", 1],
        ["pending", 0],
        ["pending", 0],
      ]);
      expect(rows[0]!.next_attempt_at - c.t.clock.now).toBe(60_000);
      expect(rows[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

      c.t.advance(60_000);
      await rounds();
      rows = await outboxRows();
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ["pending", 2],
        ["pending", 0],
        ["pending", 0],
      ]);
      expect(rows[0]!.next_attempt_at - c.t.clock.now).toBe(120_000);
      expect(mail.received).toEqual([]);

      await mail.up();
      c.t.advance(120_000);
      await deliver();
      await deliver();
      expect((await outboxRows()).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
      const subjects = mail.received.map((m) => parseMail(m.raw).headers.subject).sort();
      expect(subjects).toEqual([
        "Contact Form: Message number 0",
        "Contact Form: Message number 1",
        "Contact Form: Message number 2",
      ]);
      await deliver();
      expect(mail.received).toHaveLength(3);
    },
  );

  it("gives up after 24 hours of failures: the message is failed, and an admin's retry sends it", async () => {
    await mail.down();
    expect((await submit({ ...VALID, token: readyToken() })).status).toBe(202);
    const delays: number[] = [];
    for (let round = 0; round < 40; round += 1) {
      await deliver();
      const [row] = await outboxRows();
      if (row!.status === "failed") break;
      delays.push(row!.next_attempt_at - c.t.clock.now);
      c.t.advance(row!.next_attempt_at - c.t.clock.now);
    }
    expect(delays.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 60].map((minutes) => minutes * 60_000));
    expect(delays.every((delay) => delay <= 60 * 60_000)).toBe(true);
    const [row] = await outboxRows();
    expect(row!.status).toBe("failed");
    expect(row!.last_error).toBeTruthy();
    expect(c.t.clock.now - row!.first_attempt_at!).toBeGreaterThanOrEqual(24 * 60 * 60_000);

    const [message] = (await c.t.services.inbox.list({ status: "failed", page: 1 })).messages;
    expect(message).toMatchObject({ status: "failed", attempts: row!.attempts });
    await mail.up();
    expect(await c.t.services.inbox.retry(message!.id)).toBe("queued");
    await deliver();
    expect((await c.t.services.inbox.get(message!.id))!.status).toBe("sent");
    expect(await c.t.services.inbox.retry(message!.id)).toBe("already-sent");
  });

  it("retention: messages older than CONTACT_RETENTION_DAYS are purged with their mail", async () => {
    const { purgeOldMessages } = await import("#server/boot.ts");
    expect((await submit({ ...VALID, token: readyToken() })).status).toBe(202);
    c.t.advance(100 * 24 * 60 * 60_000);
    expect((await submit({ ...VALID, token: readyToken() })).status).toBe(202);
    c.t.advance(81 * 24 * 60 * 60_000);
    await purgeOldMessages(c.t.services);
    expect(await stored()).toHaveLength(1);
    expect(await outboxRows()).toHaveLength(1);
  });
});
