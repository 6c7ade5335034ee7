// Sends one queued mail over SMTP (nodemailer). Configured by SMTP_URL:
// smtp://user:pass@host:587 upgrades with STARTTLS (required unless the host
// is this machine), smtps://host:465 speaks TLS from the start.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool/index.js";

/** One mail as the outbox keeps it (the payload of an e-mail row). */
export type EmailMessage = {
  to: string | string[];
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, Auto-Submitted); one line each. */
  headers?: Record<string, string>;
};

/** Sends a mail; `key` is the outbox row's fixed identity, which becomes its Message-ID. */
export type SendMail = (mail: EmailMessage, key: string) => Promise<void>;

/** Message-IDs of rows queued before keys were generic already carry their brackets. */
const messageId = (key: string, domain: string) => (key.startsWith("<") ? key : `<${key}@${domain}>`);

export type SmtpSettings = {
  url: string;
  from: string;
  /** PEM file of a private CA that signed the mail server's certificate. */
  caFile?: string;
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

// nodemailer loads with the first mail: most server processes never send one,
// and its modules would cost each of them memory (decision 022).
const require = createRequire(import.meta.url);

export function createSmtpSender(settings: SmtpSettings): { send: SendMail; close: () => void } {
  const url = new URL(settings.url);
  const domain = settings.from.replace(/^.*@|>.*$/g, "") || "localhost";
  // Read now, so that a missing CA file stops the start rather than the first mail.
  const ca = settings.caFile ? readFileSync(settings.caFile, "utf8") : undefined;
  let pool: ReturnType<typeof createPool> | undefined;
  const createPool = () =>
    (require("nodemailer") as typeof nodemailer).createTransport({
      url: settings.url,
      // Credentials never cross the network in clear text.
      requireTLS: url.protocol === "smtp:" && !LOOPBACK.has(url.hostname),
      ...(ca ? { tls: { ca } } : {}),
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
      // One connection reused for a burst of mail.
      pool: true,
      maxConnections: 2,
      disableFileAccess: true,
      disableUrlAccess: true,
    } satisfies SMTPPool.Options);

  return {
    async send(mail, key) {
      pool ??= createPool();
      await pool.sendMail({
        from: settings.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: { name: mail.replyTo.name, address: mail.replyTo.address } } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        messageId: messageId(key, domain),
      });
    },
    close: () => pool?.close(),
  };
}
