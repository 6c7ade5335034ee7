// What the staff inbox shows about a contact message; the server's inbox and
// the admin page share these shapes.

/** "quarantined": taken in past the global hourly ceiling, kept unmailed until staff release it. */
export const CONTACT_STATUSES = ["pending", "sent", "failed", "spam", "quarantined"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export type ContactSummary = {
  id: number;
  receivedAt: number;
  name: string;
  email: string;
  subject: string;
  language: string;
  status: ContactStatus;
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
};

export type ContactDetail = ContactSummary & { message: string };
