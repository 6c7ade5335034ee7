// The contact form's one schema: the browser checks it before sending, the
// server checks it again on every submission (API and plain form post).
// Messages come from the caller, so each side can speak the visitor's
// language; the API answers with the English ones below.
import { z } from "zod";
import { CONTACT_ERRORS_EN, CONTACT_LIMITS, type ContactErrorMessages } from "./contact-limits.ts";

const characters = (value: string) => [...value].length;
// C0 controls except tab and line feed, DEL, and C1 controls: finding them is the point.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

function text(empty: string, notText: string) {
  // A missing field reads as an empty one; any other type is not text.
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? empty : notText) });
}

function singleLine(value: string, context: z.RefinementCtx, messages: ContactErrorMessages) {
  if (LINE_BREAK.test(value)) context.addIssue({ code: "custom", message: messages.singleLine });
  else if (CONTROL.test(value)) context.addIssue({ code: "custom", message: messages.controlCharacters });
}

/** The four visible fields, trimmed. */
export function contactFieldsSchema(messages: ContactErrorMessages = CONTACT_ERRORS_EN) {
  const { name, subject, message } = CONTACT_LIMITS;
  return z.object({
    name: text(messages.nameMin, messages.notText)
      .trim()
      .superRefine((value, context) => singleLine(value, context, messages))
      .refine((value) => characters(value) >= name.min, messages.nameMin)
      .refine((value) => characters(value) <= name.max, messages.nameMax),
    email: text(messages.emailInvalid, messages.notText)
      .trim()
      .superRefine((value, context) => singleLine(value, context, messages))
      .refine((value) => value.length <= CONTACT_LIMITS.email.max, messages.emailMax)
      .pipe(z.email(messages.emailInvalid)),
    subject: text(messages.subjectMin, messages.notText)
      .trim()
      .superRefine((value, context) => singleLine(value, context, messages))
      .refine((value) => characters(value) >= subject.min, messages.subjectMin)
      .refine((value) => characters(value) <= subject.max, messages.subjectMax),
    message: text(messages.messageMin, messages.notText)
      // One line-break convention in storage and mail.
      .transform((value) => value.replace(/\r\n?/g, "\n").trim())
      .refine((value) => !CONTROL.test(value.replace(/\t/g, "")), messages.controlCharacters)
      .refine((value) => characters(value) >= message.min, messages.messageMin)
      .refine((value) => characters(value) <= message.max, messages.messageMax),
  });
}

export type ContactFields = z.infer<ReturnType<typeof contactFieldsSchema>>;

/** A submission as it reaches the server: the fields, the honeypot and the form token. */
export function contactSubmissionSchema(messages: ContactErrorMessages = CONTACT_ERRORS_EN) {
  return contactFieldsSchema(messages).extend({
    // The honeypot: any content marks the message as spam (it is kept, not refused).
    website: z.string({ error: messages.notText }).max(1000).optional().default(""),
    token: z
      .string({ error: "Missing form token. Please reload the page." })
      .min(1, "Missing form token. Please reload the page.")
      .max(200),
    language: z.enum(["en", "de"]).optional(),
  });
}

export type ContactSubmission = z.infer<ReturnType<typeof contactSubmissionSchema>>;
