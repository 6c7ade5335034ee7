// Customers' systems that take the status page's events: staff add a URL per
// customer, and each event goes there as JSON, signed the way the webhook
// channel signs (X-Signature-256: sha256=<HMAC of the body>) with a secret
// staff hand to the customer. The secret is derived from the server secret,
// the row and a nonce: nothing to store, and a new row gets a new one. The
// URL is held to the target policy (server/net/address-guard.ts): an address
// inside is refused when the webhook is added and every name is checked where
// it is resolved, at each delivery; an error gives the status, never the
// receiver's words.
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Language } from "#shared/i18n/languages.ts";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { statusWebhookSchemaIn, type StatusWebhookInput } from "#shared/status/status-webhook-schema.ts";
import type { Database } from "#server/db/schema.ts";
import { postJson } from "#server/alerting/channels/http-post.ts";
import { webhookSignature } from "#server/alerting/channels/webhook.ts";
import { refusedHost, type TargetPolicy } from "#server/net/address-guard.ts";
import { DeliveryError } from "#server/outbox/outbox.ts";
import type { Sender } from "#server/outbox/delivery.ts";

/** One lane per customer: a customer whose system is down holds back only their own events. */
export const WEBHOOK_CHANNEL_PREFIX = "status-webhook:";
export const WEBHOOK_KIND = "status-webhook";
const SEND_TIMEOUT_MS = 10_000;

export type StatusWebhookView = {
  id: number;
  customer: string;
  url: string;
  services: string[] | null;
  secret: string;
  createdAt: string;
  createdBy: string;
};

/** The API's schema: the form's, and a URL whose host is an address the policy refuses is refused at once. */
export function statusWebhookInput(targets: TargetPolicy, lang: Language) {
  return statusWebhookSchemaIn(lang).superRefine((input, context) => {
    const refused = refusedHost(new URL(input.url).hostname, targets);
    const message = refused && staffText(lang, "api.webhook.urlRefused", { refused });
    if (message) context.addIssue({ code: "custom", path: ["url"], message });
  });
}

export function createStatusWebhooks(options: {
  db: Kysely<Database>;
  now: () => number;
  key: Buffer;
  targets: TargetPolicy;
}) {
  const { db, now, key, targets } = options;
  const secretOf = (row: { id: number; nonce: string }) =>
    createHmac("sha256", key).update(`webhook.${row.id}.${row.nonce}`).digest("hex").slice(0, 40);

  async function all(executor: Kysely<Database> = db): Promise<StatusWebhookView[]> {
    const rows = await executor.selectFrom("status_webhooks").selectAll().orderBy("id").execute();
    return rows.map((row) => ({
      id: row.id,
      customer: row.customer,
      url: row.url,
      services: row.services === null ? null : (JSON.parse(row.services) as string[]),
      secret: secretOf(row),
      createdAt: new Date(Number(row.created_at)).toISOString(),
      createdBy: row.created_by,
    }));
  }

  return {
    list: all,

    /** What the API takes to add one, its messages in lang. */
    input: (lang: Language) => statusWebhookInput(targets, lang),

    async add(input: StatusWebhookInput, by: string): Promise<StatusWebhookView> {
      const row = await db
        .insertInto("status_webhooks")
        .values({
          customer: input.customer,
          url: input.url,
          services: input.services === null ? null : JSON.stringify(input.services),
          nonce: randomBytes(12).toString("base64url"),
          created_at: now(),
          created_by: by,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return (await all()).find((webhook) => webhook.id === row.id)!;
    },

    /** Deletes the webhook and the events not sent to it yet. */
    async remove(id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom("status_webhooks").where("id", "=", id).executeTakeFirst();
        await trx
          .deleteFrom("outbox")
          .where("channel", "=", `${WEBHOOK_CHANNEL_PREFIX}${id}`)
          .where("status", "=", "pending")
          .execute();
        return Number(deleted.numDeletedRows) > 0;
      });
    },

    /** The sender of a webhook's lane; undefined for other channels. */
    senderFor(channel: string): Sender | undefined {
      if (!channel.startsWith(WEBHOOK_CHANNEL_PREFIX)) return undefined;
      const id = Number(channel.slice(WEBHOOK_CHANNEL_PREFIX.length));
      return async (item) => {
        const row = await db.selectFrom("status_webhooks").selectAll().where("id", "=", id).executeTakeFirst();
        if (!row) throw new DeliveryError("the webhook subscriber was deleted", { permanent: true });
        const body = JSON.stringify(item.payload);
        const secret = secretOf(row);
        await postJson(row.url, body, {
          timeoutMs: SEND_TIMEOUT_MS,
          headers: { "X-Notification-Id": item.key, "X-Signature-256": webhookSignature(body, secret) },
          secrets: [secret],
          targets,
          quoteAnswer: false,
        });
      };
    },
  };
}

export type StatusWebhooks = ReturnType<typeof createStatusWebhooks>;
