// The e-mail channel: a notice as a plain-text mail over the server's SMTP
// (SMTP_URL). The outbox key becomes the Message-ID, so a resend after a lost
// answer is recognisable as the same mail.
import { z } from "zod";
import type { EmailMessage } from "#server/mail/smtp-sender.ts";
import { DeliveryError } from "#server/outbox/outbox.ts";
import type { Channel } from "./channel.ts";
import { channelName } from "./config-fields.ts";

const address = z.email("must be an e-mail address");

const schema = z
  .object({
    type: z.literal("email"),
    name: channelName,
    to: z.union([address, z.array(address).min(1, "needs at least one address").max(20, "at most 20 addresses")]),
  })
  .strict();
export type EmailChannelConfig = z.output<typeof schema>;

const NOT_CONFIGURED = "mail delivery is not configured (SMTP_URL)";

/** SMTP refusals of this mail itself (its recipients, its content): sending it again cannot help. */
const REFUSALS = new Set(["EENVELOPE", "EMESSAGE"]);

export const emailChannel = {
  type: "email",
  schema,
  render: (notice, config): EmailMessage => ({ to: config.to, subject: notice.title, text: notice.text }),
  async send(payload, _config, context) {
    if (!context.sendMail) throw new DeliveryError(NOT_CONFIGURED);
    try {
      await context.sendMail(payload as EmailMessage, context.key);
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      const refused =
        REFUSALS.has(code ?? "") && responseCode !== undefined && responseCode >= 500 && responseCode <= 599;
      // nodemailer's message carries the server's answer ("550 5.1.1 No such user"), more than its code.
      throw new DeliveryError(`SMTP: ${error instanceof Error ? error.message : String(error)}`, {
        permanent: refused,
      });
    }
  },
  describe: (config) => (Array.isArray(config.to) ? config.to.join(", ") : config.to),
  unavailable: (services) => (services.sendMail ? null : NOT_CONFIGURED),
} satisfies Channel<EmailChannelConfig>;
