import { describe, expect, it } from "vitest";
import { MIN_FORM_AGE_MS } from "#server/contact/form-token.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { parseMail } from "#tests/peers/mail-server.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";
import { VALID, mail, useContactApp, withContactMailServer } from "#tests/support/contact-app.ts";

withContactMailServer();

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
