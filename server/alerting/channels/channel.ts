// What every notification channel is: its configuration schema, how it
// turns a notice into the payload the outbox stores, how it sends that
// payload, and how it is described on the dashboard (never with a secret).
// One module per channel type, registered in registry.ts.
import type { z } from "zod";
import type { SendMail } from "#server/mail/smtp-sender.ts";
import type { Notice } from "#server/alerting/notice.ts";

/** What the server lends the channels that need more than the network; a part is undefined when not configured. */
export type ChannelServices = {
  /** SMTP, for the e-mail channel; undefined when SMTP_URL is not set. */
  sendMail?: SendMail;
  /** The webhook channel may reach private and loopback addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS); absent: not. */
  allowPrivateTargets?: boolean;
};

export type SendContext = ChannelServices & {
  /** The outbox row's fixed key: the same on a resend, for receivers to deduplicate. */
  key: string;
  timeoutMs: number;
};

/** The settings every channel has besides its own: a name, unique among the channels (default: its type). */
export type ChannelCommon = { type: string; name?: string };

export type Channel<C extends ChannelCommon = ChannelCommon> = {
  type: C["type"];
  /** A strict zod object schema with `type: z.literal(...)` and `name: z.string().optional()`. */
  schema: z.ZodType<C>;
  render(notice: Notice, config: C): unknown;
  /** Sends a rendered payload; throws a DeliveryError (permanent when retrying cannot help). */
  send(payload: unknown, config: C, context: SendContext): Promise<void>;
  /** Where it goes, safe to show: an address, a host and topic; never a token or a secret URL path. */
  describe(config: C): string;
  /**
   * Why it cannot send at all with what this server has (its notices wait in the outbox until it can), or null.
   * Absent: a channel that needs only the network can always try.
   */
  unavailable?(services: ChannelServices): string | null;
};
