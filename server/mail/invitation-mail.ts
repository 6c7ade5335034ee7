// The mail an invitation to the staff area becomes. The link carries the token
// in its fragment (#...), which browsers never send to a server: it cannot end
// up in an access log or a proxy's, only in the page that reads it. Nor is it
// kept once the mail is sent or given up: the outbox row keeps the mail
// without the link (a row kept for a month must not be a way in).
import type { Role } from "#shared/auth/permissions.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import type { OutboxItem } from "#server/outbox/outbox.ts";
import type { EmailMessage } from "./smtp-sender.ts";

/** The outbox channel of mail to staff (sent like contact mail, through SMTP_URL). */
export const STAFF_MAIL_CHANNEL = "staff-mail";

/** What stands in the kept copy of an English invitation mail where its link was. */
export const LINK_NOT_KEPT = staffText("en", "mail.invitation.linkNotKept");

export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/admin/invitation#${token}`;
}

export function invitationMail(
  invitation: { email: string; role: Role; invitedBy: string; expiresAt: number; language: Language },
  link: string,
): OutboxItem & { payload: EmailMessage; redacted: EmailMessage } {
  const { language: lang } = invitation;
  const expires = `${new Date(invitation.expiresAt).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const text = (shown: string) =>
    [
      staffText(lang, "mail.invitation.invites", { inviter: invitation.invitedBy, role: invitation.role }),
      "",
      staffText(lang, "mail.invitation.choose", { expires }),
      shown,
      "",
      staffText(lang, "mail.invitation.ignore"),
    ].join("\n");
  const subject = staffText(lang, "mail.invitation.subject");
  return {
    kind: "staff-mail",
    channel: STAFF_MAIL_CHANNEL,
    payload: { to: invitation.email, subject, text: text(link) },
    redacted: { to: invitation.email, subject, text: text(staffText(lang, "mail.invitation.linkNotKept")) },
  };
}
