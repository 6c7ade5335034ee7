// The generic webhook: our own JSON document about the notice, POSTed to a
// URL of the company's choosing. With a secret, the body is signed the way
// GitHub signs its webhooks (X-Signature-256: sha256=<HMAC of the body>), so
// the receiver can tell it came from us; X-Notification-Id repeats on a
// resend, so it can tell a duplicate. The URL may point anywhere, so it is
// held to the target policy (not this server, nor its network unless
// allowed), and an error gives the answer's status, never its words.
import { createHmac } from "node:crypto";
import { z } from "zod";
import type { Notice } from "#server/alerting/notice.ts";
import type { Channel } from "./channel.ts";
import { channelName, httpUrl } from "./config-fields.ts";
import { postJson } from "./http-post.ts";

/** Headers this channel sets itself; a configured header must not change them. */
const OWN_HEADERS = new Set(["content-type", "content-length", "host", "x-notification-id", "x-signature-256"]);

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

const extraHeaders = z
  .record(z.string(), z.string().regex(/^[^\r\n\0]*$/, "must be one line"))
  .superRefine((entries, context) => {
    for (const name of Object.keys(entries)) {
      if (!HEADER_NAME.test(name))
        context.addIssue({ code: "custom", path: [name], message: "is not a valid header name" });
      else if (OWN_HEADERS.has(name.toLowerCase()))
        context.addIssue({ code: "custom", path: [name], message: "is set by the webhook itself" });
    }
  });

const schema = z
  .object({
    type: z.literal("webhook"),
    name: channelName,
    url: httpUrl("URL"),
    secret: z.string().min(16, "must be at least 16 characters").optional(),
    headers: extraHeaders.optional(),
  })
  .strict();
export type WebhookChannelConfig = z.output<typeof schema>;

const iso = (ms: number) => new Date(ms).toISOString();

/** What the receiver gets: stable field names, times as ISO 8601. */
function document(notice: Notice) {
  return {
    id: notice.id,
    event: notice.test
      ? "test"
      : notice.kind.startsWith("maintenance-")
        ? notice.kind.replace("-", ".")
        : `incident.${notice.kind}`,
    test: notice.test,
    title: notice.title,
    text: notice.text,
    severity: notice.severity,
    at: iso(notice.at),
    dashboardUrl: notice.dashboardUrl,
    group: {
      key: notice.group.key,
      name: notice.group.name,
      source: notice.group.source,
      serviceId: notice.group.serviceId,
    },
    incidents: notice.incidents.map((incident) => ({
      id: incident.id,
      target: incident.target,
      name: incident.name,
      state: incident.state,
      severity: incident.severity,
      message: incident.message,
      openedAt: iso(incident.openedAt),
      resolvedAt: incident.resolvedAt === null ? null : iso(incident.resolvedAt),
    })),
    affected: notice.affected.map((target) => ({
      target: target.target,
      name: target.name,
      group: target.groupName,
      serviceId: target.serviceId,
    })),
  };
}

/** GitHub's convention: the hex HMAC-SHA256 of the exact body bytes. */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export const webhookChannel = {
  type: "webhook",
  schema,
  render: (notice) => document(notice),
  async send(payload, config, context) {
    const body = JSON.stringify(payload);
    await postJson(config.url, body, {
      timeoutMs: context.timeoutMs,
      headers: {
        ...config.headers,
        "X-Notification-Id": context.key,
        ...(config.secret ? { "X-Signature-256": webhookSignature(body, config.secret) } : {}),
      },
      secrets: [...(config.secret ? [config.secret] : []), ...Object.values(config.headers ?? {})],
      targets: { allowPrivate: context.allowPrivateTargets ?? false },
      quoteAnswer: false,
    });
  },
  describe: (config) => new URL(config.url).host,
} satisfies Channel<WebhookChannelConfig>;
