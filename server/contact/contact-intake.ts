// Taking in a contact submission, from the API or the plain form post:
// validate, check the form token, count it against the rate limits, and
// commit the message together with its outgoing mail, all before the caller
// tells the visitor it was sent.
//
// Under a flood: what the honeypot or the time trap catches uses nobody's
// quota; past the global ceiling a valid message is still kept, quarantined
// (no mail until staff release it), so nothing a real visitor wrote is lost;
// and a refusal (bad input, bad token, an address over its limit) costs no
// database write.
import type { Insertable, Kysely } from "kysely";
import type { ContactErrorMessages } from "#shared/contact/contact-limits.ts";
import { contactSubmissionSchema } from "#shared/contact/contact-schema.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { ContactMessagesTable, Database } from "#server/db/schema.ts";
import { clientNetwork } from "#server/net/client-address.ts";
import { ipPseudonym } from "#server/net/ip-pseudonym.ts";
import { STORAGE_RETRY_AFTER_SECONDS, StorageFullError } from "#server/db/storage-health.ts";
import type { Outbox } from "#server/outbox/outbox.ts";
import { contactMail } from "./contact-mail.ts";
import type { FormTokens } from "./form-token.ts";
import { countSubmission, RATE_WINDOW_MS, RateLimited, waitForKey, type ContactRateLimits } from "./rate-limits.ts";

/**
 * Honeypot catches kept per process and hour, for staff to look through
 * (autofill can fill the hidden field for a real person); the rest of a
 * flood is answered alike and dropped, so it costs no write.
 */
export const SPAM_KEPT_PER_HOUR = 50;

export type IntakeResult =
  | { kind: "accepted"; id: number | null; spam: boolean; quarantined: boolean }
  | { kind: "invalid"; fields: Record<string, string> }
  | { kind: "token"; reason: "forged" | "expired" | "too-early"; retryAfterSeconds?: number }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** The message could not be stored: the disk is full. Nothing was kept; the visitor sends it again later. */
  | { kind: "no-space"; retryAfterSeconds: number };

const NO_SPACE: IntakeResult = { kind: "no-space", retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS };

/** A write that found the disk full becomes the visitor's "try again later"; anything else stays an error. */
function noSpace(error: unknown): IntakeResult {
  if (error instanceof StorageFullError) return NO_SPACE;
  throw error;
}

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
  const rateLimited = (ms: number): IntakeResult => ({
    kind: "rate-limited",
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  });
  const spamKept = { windowStart: 0, count: 0 };

  /** A filled honeypot: the bot hears "sent"; a few an hour are kept for staff, uncounted and unmailed. */
  async function keepSpam(
    message: Omit<Insertable<ContactMessagesTable>, "received_at">,
    time: number,
  ): Promise<IntakeResult> {
    if (time - spamKept.windowStart >= RATE_WINDOW_MS) Object.assign(spamKept, { windowStart: time, count: 0 });
    if (spamKept.count >= SPAM_KEPT_PER_HOUR) return { kind: "accepted", id: null, spam: true, quarantined: false };
    spamKept.count += 1;
    const row = await db
      .insertInto("contact_messages")
      .values({ ...message, received_at: time, spam: 1, outbox_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kind: "accepted", id: row.id, spam: true, quarantined: false };
  }

  return {
    async submit(
      input: unknown,
      client: { ip: string; language: Language },
      messages?: ContactErrorMessages,
    ): Promise<IntakeResult> {
      const parsed = contactSubmissionSchema(messages).safeParse(input);
      if (!parsed.success) return { kind: "invalid", fields: fieldErrors(parsed.error) };
      const { token, website, language = client.language, ...fields } = parsed.data;

      const check = tokens.check(token);
      if (!check.ok) {
        return check.reason === "too-early"
          ? { kind: "token", reason: check.reason, retryAfterSeconds: Math.ceil(check.retryAfterMs / 1000) }
          : { kind: "token", reason: check.reason };
      }

      const ipHash = ipPseudonym(options.ipKey, client.ip);
      const time = now();
      if (website.trim() !== "") return keepSpam({ ...fields, language, ip_hash: ipHash }, time).catch(noSpace);

      // An IPv6 client is limited per /64: one line gets a whole network of addresses.
      const ipKey = `ip:${ipPseudonym(options.ipKey, clientNetwork(client.ip))}`;
      const wait = await waitForKey(db, ipKey, limits.perIp, time);
      if (wait > 0) return rateLimited(wait);
      try {
        const { id, quarantined } = await db.transaction().execute(async (trx) => {
          const over = await countSubmission(trx, ipKey, limits.perIp, time);
          if (over > 0) throw new RateLimited(over);
          const quarantined = (await countSubmission(trx, "global", limits.global, time)) > 0;
          const outboxId = quarantined
            ? null
            : await outbox.enqueue(trx, contactMail(fields, { to: options.to, language, receivedAt: time }));
          const row = await trx
            .insertInto("contact_messages")
            .values({
              received_at: time,
              ...fields,
              language,
              ip_hash: ipHash,
              outbox_id: outboxId,
              quarantined: quarantined ? 1 : 0,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          return { id: row.id, quarantined };
        });
        if (!quarantined) options.onQueued();
        return { kind: "accepted", id, spam: false, quarantined };
      } catch (error) {
        if (error instanceof RateLimited) return rateLimited(error.retryAfterMs);
        return noSpace(error);
      }
    },
  };
}

export type ContactIntake = ReturnType<typeof createContactIntake>;
