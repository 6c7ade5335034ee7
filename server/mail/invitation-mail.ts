// The mail an invitation to the staff area becomes. The link carries the token
// in its fragment (#...), which browsers never send to a server: it cannot end
// up in an access log or a proxy's, only in the page that reads it.
import type { Role } from "#shared/auth/permissions.ts";
import { company } from "#shared/company.ts";
import type { OutboxItem } from "#server/outbox/outbox.ts";
import type { EmailMessage } from "./smtp-sender.ts";

/** The outbox channel of mail to staff (sent like contact mail, through SMTP_URL). */
export const STAFF_MAIL_CHANNEL = "staff-mail";

export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/admin/invitation#${token}`;
}

export function invitationMail(
  invitation: { email: string; role: Role; invitedBy: string; expiresAt: number },
  link: string,
): OutboxItem & { payload: EmailMessage } {
  const expires = `${new Date(invitation.expiresAt).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const text = [
    `${invitation.invitedBy} invites you to the ${company.brand} staff area as ${invitation.role}.`,
    "",
    "Choose your username and password here (the link works once, until " + expires + "):",
    link,
    "",
    "If you did not expect this invitation, ignore this mail: nothing happens without the link.",
  ].join("\n");
  return {
    kind: "staff-mail",
    channel: STAFF_MAIL_CHANNEL,
    payload: { to: invitation.email, subject: `Your invitation to the ${company.brand} staff area`, text },
  };
}
