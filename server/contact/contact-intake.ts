// Taking in a contact submission, from the API or the plain form post:
// validate, check the form token, count it against the rate limits, and
// commit the message together with its outgoing mail, all before the caller
// tells the visitor it was sent.
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { ContactErrorMessages } from "../../shared/contact/contact-limits.ts";
import { contactSubmissionSchema } from "../../shared/contact/contact-schema.ts";
import { fieldErrors } from "../../shared/field-errors.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import type { Database } from "../db/schema.ts";
import type { Outbox } from "../outbox/outbox.ts";
import { contactMail } from "./contact-mail.ts";
import type { FormTokens } from "./form-token.ts";
import { countSubmission, RateLimited, type ContactRateLimits } from "./rate-limits.ts";

export type IntakeResult =
  | { kind: "accepted"; id: number; spam: boolean }
  | { kind: "invalid"; fields: Record<string, string> }
  | { kind: "token"; reason: "forged" | "expired" | "too-early"; retryAfterSeconds?: number }
  | { kind: "rate-limited"; retryAfterSeconds: number };

export type IntakeOptions = {
  db: Kysely<Database>;
  outbox: Outbox;
  tokens: FormTokens;
  limits: ContactRateLimits;
  /** Where contact mail goes. */
  to: string;
  /** Keys the IP pseudonym, so the stored hash cannot be reversed by trying every address. */
  ipKey: Buffer;
  now: () => number;
  /** Called after a message with mail was committed. */
  onQueued: () => void;
};

export function createContactIntake(options: IntakeOptions) {
  const { db, outbox, tokens, limits, now } = options;
  const hashIp = (ip: string) => createHmac("sha256", options.ipKey).update(ip).digest("hex").slice(0, 32);

  return {
    async submit(input: unknown, client: { ip: string; language: Language }, messages?: ContactErrorMessages): Promise<IntakeResult> {
      const parsed = contactSubmissionSchema(messages).safeParse(input);
      if (!parsed.success) return { kind: "invalid", fields: fieldErrors(parsed.error) };
      const { token, website, language = client.language, ...fields } = parsed.data;

      const check = tokens.check(token);
      if (!check.ok) {
        return check.reason === "too-early"
          ? { kind: "token", reason: check.reason, retryAfterSeconds: Math.ceil(check.retryAfterMs / 1000) }
          : { kind: "token", reason: check.reason };
      }

      const spam = website.trim() !== "";
      const ipHash = hashIp(client.ip);
      const time = now();
      try {
        const id = await db.transaction().execute(async (trx) => {
          await countSubmission(trx, `ip:${ipHash}`, limits.perIp, time);
          await countSubmission(trx, "global", limits.global, time);
          const outboxId = spam ? null : await outbox.enqueue(trx, contactMail(fields, { to: options.to, language, receivedAt: time }));
          const row = await trx
            .insertInto("contact_messages")
            .values({ received_at: time, ...fields, language, ip_hash: ipHash, spam: spam ? 1 : 0, outbox_id: outboxId })
            .returning("id")
            .executeTakeFirstOrThrow();
          return row.id;
        });
        if (!spam) options.onQueued();
        return { kind: "accepted", id, spam };
      } catch (error) {
        if (error instanceof RateLimited) return { kind: "rate-limited", retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) };
        throw error;
      }
    },
  };
}

export type ContactIntake = ReturnType<typeof createContactIntake>;
