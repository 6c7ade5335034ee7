import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseMail, startTestMailServer, type TestMailServer } from "#tests/peers/mail-server.ts";
import { NOTICES } from "#tests/support/sample-notices.ts";
import { createSmtpSender } from "#server/mail/smtp-sender.ts";
import { DeliveryError } from "#server/outbox/outbox.ts";
import { emailChannel } from "./email.ts";

/** What the outbox does with a payload: stores it as JSON and reads it back, maybe after a restart. */
const stored = (payload: unknown): unknown => JSON.parse(JSON.stringify(payload));

async function failureOf(sending: Promise<void>): Promise<DeliveryError> {
  const error = await sending.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe("the email channel", () => {
  let mail: TestMailServer;
  let dir: string;
  let sender: ReturnType<typeof createSmtpSender>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "email-channel-test-"));
    mail = await startTestMailServer({ dir });
    sender = createSmtpSender({ url: mail.url, from: "Monitor <monitor@example.com>", caFile: mail.caFile });
  });
  afterAll(async () => {
    sender.close();
    await mail.down();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    mail.received.length = 0;
    await mail.up();
  });

  const config = emailChannel.schema.parse({
    type: "email",
    name: "oncall",
    to: ["ops@example.com", "oncall@example.com"],
  });

  it.each(NOTICES)("renders and mails a $kind notice with the key as its Message-ID", async (notice) => {
    const payload = emailChannel.render(notice, config);
    expect(payload).toEqual({
      to: ["ops@example.com", "oncall@example.com"],
      subject: notice.title,
      text: notice.text,
    });
    await emailChannel.send(stored(payload), config, {
      key: `${notice.id}.oncall`,
      timeoutMs: 2_000,
      sendMail: sender.send,
    });
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0]!.to).toEqual(["ops@example.com", "oncall@example.com"]);
    expect(mail.received[0]!.secure).toBe(true);
    const parsed = parseMail(mail.received[0]!.raw);
    expect(parsed.headers.subject).toBe(notice.title);
    expect(parsed.headers["message-id"]).toBe(`<${notice.id}.oncall@example.com>`);
    expect(parsed.text).toBe(notice.text);
  });

  it("describes the addresses", () => {
    expect(emailChannel.describe(config)).toBe("ops@example.com, oncall@example.com");
    expect(emailChannel.describe(emailChannel.schema.parse({ type: "email", to: "ops@example.com" }))).toBe(
      "ops@example.com",
    );
  });

  it("waits (transiently) while SMTP is not configured or the mail server is down", async () => {
    const payload = emailChannel.render(NOTICES[0]!, config);
    const unconfigured = await failureOf(emailChannel.send(payload, config, { key: "k1", timeoutMs: 2_000 }));
    expect(unconfigured.message).toBe("mail delivery is not configured (SMTP_URL)");
    expect(unconfigured.options.permanent ?? false).toBe(false);
    await mail.down();
    const down = await failureOf(
      emailChannel.send(payload, config, { key: "k1", timeoutMs: 2_000, sendMail: sender.send }),
    );
    expect(down.message).toMatch(/^SMTP: /);
    expect(down.options.permanent ?? false).toBe(false);
  });

  it("gives up on a mail the server refuses for good (550 for every recipient)", async () => {
    const refusing = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const local = createSmtpSender({
      url: `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`,
      from: "monitor@example.com",
    });
    try {
      const error = await failureOf(
        emailChannel.send(emailChannel.render(NOTICES[0]!, config), config, {
          key: "k1",
          timeoutMs: 2_000,
          sendMail: local.send,
        }),
      );
      expect(error.options.permanent).toBe(true);
      expect(error.message).toContain("No such user");
    } finally {
      local.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
