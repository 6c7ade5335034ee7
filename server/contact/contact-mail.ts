// The mail a contact message becomes. Every visitor-supplied value is plain
// text in the text part and escaped in the HTML part; the schema has already
// kept line breaks out of everything that reaches a header.
import type { ContactFields } from "#shared/contact/contact-schema.ts";
import type { OutboxItem } from "#server/outbox/outbox.ts";
import type { EmailMessage } from "#server/mail/smtp-sender.ts";

/** The outbox channel of contact mail (alert channels are "alert:<name>"). */
export const CONTACT_CHANNEL = "contact";

export const CONTACT_SUBJECT_PREFIX = "Contact Form: ";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export function contactMail(
  fields: ContactFields,
  meta: { to: string; language: string; receivedAt: number },
): OutboxItem & { payload: EmailMessage } {
  const received = new Date(meta.receivedAt).toISOString();
  const text = [
    `Name: ${fields.name}`,
    `Email: ${fields.email}`,
    `Subject: ${fields.subject}`,
    `Language: ${meta.language}`,
    `Received: ${received}`,
    "",
    "Message:",
    fields.message,
  ].join("\n");
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding-right:1em">${label}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    "<table>",
    row("Name", fields.name),
    row("Email", fields.email),
    row("Subject", fields.subject),
    row("Language", meta.language),
    row("Received", received),
    "</table>",
    `<p style="white-space:pre-wrap">${escapeHtml(fields.message)}</p>`,
    "</body></html>",
  ].join("\n");
  return {
    kind: "contact",
    channel: CONTACT_CHANNEL,
    payload: {
      to: meta.to,
      replyTo: { name: fields.name, address: fields.email },
      subject: CONTACT_SUBJECT_PREFIX + fields.subject,
      text,
      html,
    },
  };
}
