import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import { parseMail } from "#tests/peers/mail-server.ts";
import { VALID, mail, useContactApp, withContactMailServer } from "#tests/support/contact-app.ts";

withContactMailServer();

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
