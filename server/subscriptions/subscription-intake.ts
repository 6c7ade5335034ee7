// Taking in a status page subscription (the first step of the double opt-in):
// validate, check the form token (the contact form's time trap), count it
// against the limits, and store the request with its confirmation mail in one
// transaction.
//
// Nobody can use the form to flood a mailbox: it gets at most one
// confirmation mail a day, however it is spelt and from wherever it is
// entered, and a flood from a few clients delays only them
// (subscription-limits.ts). The answer is the same whether a mail went or not,
// and whether the address was known: the form tells nobody who subscribes.
import type { Kysely } from "kysely";
import type { Language } from "#shared/i18n/languages.ts";
import type { Bilingual } from "#shared/status/public-status.ts";
import {
  CONFIRM_MAIL_EVERY_MS,
  CONFIRM_VALID_MS,
  SUBSCRIPTION_CONSENT_VERSION,
  subscriptionSchema,
  type SubscriptionErrorMessages,
} from "#shared/status/subscription.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import type { Database } from "#server/db/schema.ts";
import type { FormTokens } from "#server/contact/form-token.ts";
import { RateLimited, waitForKey, type ContactRateLimits } from "#server/contact/rate-limits.ts";
import { ipPseudonym } from "#server/net/ip-pseudonym.ts";
import { STORAGE_RETRY_AFTER_SECONDS, StorageFullError } from "#server/db/storage-health.ts";
import type { Outbox } from "#server/outbox/outbox.ts";
import { confirmationMail, SUBSCRIBER_MAIL_CHANNEL, SUBSCRIBER_MAIL_KIND, type Links } from "./subscription-mail.ts";
import { hashToken, newConfirmToken, newNonce, subscriberMailKey, unsubscribeToken } from "./subscribers.ts";
import { admit, limitKeys, mayMail } from "./subscription-limits.ts";

export type SubscribeResult =
  | { kind: "accepted" }
  | { kind: "invalid"; fields: Record<string, string> }
  | { kind: "token"; reason: "forged" | "expired" | "too-early"; retryAfterSeconds?: number }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** Nothing could be stored: the disk is full. The visitor sends the form again later. */
  | { kind: "no-space"; retryAfterSeconds: number };

export type SubscriptionIntakeOptions = {
  db: Kysely<Database>;
  outbox: Outbox;
  tokens: FormTokens;
  limits: ContactRateLimits;
  ipKey: Buffer;
  /** Signs the unsubscribe link the confirmation mail carries already. */
  linkKey: Buffer;
  links: () => Links;
  now: () => number;
  /** The public services now: their ids are what may be chosen, their names go into the mail. */
  publicServices: () => ReadonlyMap<string, Bilingual>;
  onQueued: () => void;
};

export function createSubscriptionIntake(options: SubscriptionIntakeOptions) {
  const { db, outbox, tokens, limits, now } = options;
  const rateLimited = (ms: number): SubscribeResult => ({
    kind: "rate-limited",
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  });

  /**
   * Stores the request unless this address had a confirmation mail in the last day (its mailbox's count, taken
   * before, decides for every spelling; this holds the address as typed to the same); returns the new row's id,
   * the confirmation token and the unsubscribe token when a mail is to go. One statement, so concurrent requests
   * cannot both win.
   */
  async function request(
    trx: Kysely<Database>,
    fields: { email: string; language: Language; services: string[] | null },
    ipHash: string,
    time: number,
  ): Promise<{ id: number; token: string; unsubscribe: string } | undefined> {
    const token = newConfirmToken();
    const wanted = {
      requested_at: time,
      requested_ip: ipHash,
      requested_language: fields.language,
      requested_services: fields.services === null ? null : JSON.stringify(fields.services),
      requested_consent_version: SUBSCRIPTION_CONSENT_VERSION,
      confirm_hash: hashToken(token),
      confirm_sent_at: time,
      confirm_expires_at: time + CONFIRM_VALID_MS,
    };
    const row = await trx
      .insertInto("status_subscribers")
      .values({ email: fields.email, nonce: newNonce(), ...wanted })
      .onConflict((oc) =>
        oc
          .column("email")
          .doUpdateSet(wanted)
          .where("status_subscribers.confirm_sent_at", "<=", time - CONFIRM_MAIL_EVERY_MS),
      )
      .returning(["id", "nonce"])
      .executeTakeFirst();
    return row ? { id: row.id, token, unsubscribe: unsubscribeToken(options.linkKey, row) } : undefined;
  }

  return {
    async subscribe(
      input: unknown,
      client: { ip: string; language: Language },
      messages?: SubscriptionErrorMessages,
    ): Promise<SubscribeResult> {
      const services = options.publicServices();
      const parsed = subscriptionSchema(new Set(services.keys()), messages).safeParse(input);
      if (!parsed.success) return { kind: "invalid", fields: fieldErrors(parsed.error) };
      const { token, website, language = client.language, email } = parsed.data;
      const check = tokens.check(token);
      if (!check.ok) {
        return check.reason === "too-early"
          ? { kind: "token", reason: check.reason, retryAfterSeconds: Math.ceil(check.retryAfterMs / 1000) }
          : { kind: "token", reason: check.reason };
      }
      // A filled honeypot hears what everyone hears, and nothing is written.
      if (website.trim() !== "") return { kind: "accepted" };

      const time = now();
      const keys = limitKeys(options.ipKey, { ip: client.ip, email });
      const wait = await waitForKey(db, keys.network, limits.perIp, time);
      if (wait > 0) return rateLimited(wait);
      const fields = { email, language, services: parsed.data.services };
      try {
        const queued = await db.transaction().execute(async (trx) => {
          const { newcomer } = await admit(trx, keys, limits, time);
          // Served: the answer is "accepted" from here on, whatever follows for the mail.
          if (!(await mayMail(trx, keys, newcomer, time))) return false;
          const stored = await request(trx, fields, ipPseudonym(options.ipKey, client.ip), time);
          if (!stored) return false;
          const names = fields.services === null ? null : fields.services.map((id) => services.get(id)!);
          await outbox.enqueue(trx, {
            kind: SUBSCRIBER_MAIL_KIND,
            channel: SUBSCRIBER_MAIL_CHANNEL,
            key: subscriberMailKey(`c${time.toString(36)}`, stored.id),
            payload: confirmationMail(options.links(), {
              email,
              language,
              services: names,
              token: stored.token,
              unsubscribeToken: stored.unsubscribe,
            }),
          });
          return true;
        });
        if (queued) options.onQueued();
        return { kind: "accepted" };
      } catch (error) {
        if (error instanceof RateLimited) return rateLimited(error.retryAfterMs);
        if (error instanceof StorageFullError)
          return { kind: "no-space", retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS };
        throw error;
      }
    },
  };
}

export type SubscriptionIntake = ReturnType<typeof createSubscriptionIntake>;
