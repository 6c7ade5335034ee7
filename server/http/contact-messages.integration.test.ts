import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { parseMail } from "#tests/peers/mail-server.ts";
import { VALID, mail, useContactApp, withContactMailServer } from "#tests/support/contact-app.ts";

withContactMailServer();

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
