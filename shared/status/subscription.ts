// Status page subscriptions: the form's one schema (the plain form post and
// the server read it alike), the version of the consent text a visitor agrees
// to, and the events subscribers are told of.
import { z } from "zod";
import type { Bilingual, IncidentState } from "./public-status.ts";

/**
 * The version of the subscription's consent text (the form's note and the privacy policy's section). Change it
 * whenever that text changes: each subscriber's consent record keeps the version they agreed to.
 */
export const SUBSCRIPTION_CONSENT_VERSION = "2026-11-26";

/** The privacy policy's section on subscriptions, linked from the form and every mail: /<lang>/privacy-policy#... */
export const SUBSCRIPTIONS_PRIVACY_ANCHOR = "status-subscriptions";

/** A confirmation link is valid this long; an address not confirmed by then is deleted. */
export const CONFIRM_VALID_MS = 48 * 60 * 60_000;
/** At most one confirmation mail per address in this time, however often it is entered. */
export const CONFIRM_MAIL_EVERY_MS = 24 * 60 * 60_000;

export type SubscriptionErrorMessages = {
  emailInvalid: string;
  chooseService: string;
  unknownService: string;
};

export const SUBSCRIPTION_ERRORS_EN: SubscriptionErrorMessages = {
  emailInvalid: "Please enter a valid email address",
  chooseService: "Please choose at least one service, or all of them",
  unknownService: "A chosen service is not on the status page",
};

const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/; // eslint-disable-line no-control-regex

/** A submission as it reaches the server: the address, all services or chosen ones, the honeypot and the token. */
export function subscriptionSchema(
  publicIds: ReadonlySet<string>,
  messages: SubscriptionErrorMessages = SUBSCRIPTION_ERRORS_EN,
) {
  return z
    .object({
      email: z
        .string({ error: messages.emailInvalid })
        .trim()
        .max(254, messages.emailInvalid)
        .refine((value) => !LINE_BREAK_OR_CONTROL.test(value), messages.emailInvalid)
        .pipe(z.email(messages.emailInvalid))
        .transform((value) => value.toLowerCase()),
      scope: z.enum(["all", "chosen"]).default("all"),
      // A form with one checkbox ticked sends a string; more send a list.
      services: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
      language: z.enum(["en", "de"]).optional(),
      website: z.string().max(1000).optional().default(""),
      token: z.string().max(200).optional().default(""),
    })
    .superRefine((value, context) => {
      if (value.scope !== "chosen") return;
      if (value.services.length === 0)
        context.addIssue({ code: "custom", path: ["services"], message: messages.chooseService });
      else if (value.services.some((id) => !publicIds.has(id)))
        context.addIssue({ code: "custom", path: ["services"], message: messages.unknownService });
    })
    .transform(({ scope, services, ...rest }) => ({
      ...rest,
      /** null: every public service, now and later. */
      services: scope === "all" ? null : [...new Set(services)].sort(),
    }));
}

export type Subscription = z.output<ReturnType<typeof subscriptionSchema>>;

/** What subscribers are told of. */
export const STATUS_EVENT_KINDS = [
  "incident.opened",
  "incident.updated",
  "incident.resolved",
  "maintenance.announced",
  "maintenance.started",
  "maintenance.ended",
] as const;
export type StatusEventKind = (typeof STATUS_EVENT_KINDS)[number];

/** One event as webhooks receive it and mails tell it. */
export type StatusEvent = {
  /** Stable for the event: a receiver recognises a repeat by it. */
  id: string;
  event: StatusEventKind;
  at: string;
  /** The public services it concerns; null: every service (maintenance of everything). */
  serviceIds: string[] | null;
  /** Their public names, in the order of serviceIds. */
  services: Bilingual[];
  title: Bilingual;
  message: Bilingual;
  incident?: { id: number; state: IncidentState; startedAt: string; resolvedAt: string | null };
  maintenance?: { name: string | null; startsAt: string; endsAt: string | null };
  url: Bilingual;
};
