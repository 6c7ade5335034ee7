// Slack, through an incoming webhook: the title as a header block, the text
// as an mrkdwn section. The webhook URL is the secret (its path is the token).
import { z } from "zod";
import { truncate } from "#server/alerting/notice.ts";
import type { Channel } from "./channel.ts";
import { channelName, httpUrl } from "./config-fields.ts";
import { postJson } from "./http-post.ts";

const schema = z
  .object({
    type: z.literal("slack"),
    name: channelName,
    webhookUrl: httpUrl("webhook URL"),
  })
  .strict();
export type SlackChannelConfig = z.output<typeof schema>;

/** Slack's limits: a header's plain text, a section's text. */
const MAX_HEADER_CHARS = 150;
const MAX_SECTION_CHARS = 3000;

/** Slack reads &, < and > in mrkdwn as markup (links, mentions); nothing else is escaped. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escaped, then cut to the limit without leaving half an entity behind. */
function mrkdwn(text: string, max: number): string {
  return truncate(escapeMrkdwn(text), max).replace(/&[a-z]{0,3}…$/, "…");
}

export const slackChannel = {
  type: "slack",
  schema,
  render: (notice) => ({
    // The text of the notification itself (and what a client without blocks shows).
    text: mrkdwn(notice.title, MAX_SECTION_CHARS),
    blocks: [
      { type: "header", text: { type: "plain_text", text: truncate(notice.title, MAX_HEADER_CHARS), emoji: true } },
      { type: "section", text: { type: "mrkdwn", text: mrkdwn(notice.text, MAX_SECTION_CHARS) } },
    ],
  }),
  send: (payload, config, context) =>
    postJson(config.webhookUrl, JSON.stringify(payload), { timeoutMs: context.timeoutMs }),
  describe: (config) => new URL(config.webhookUrl).host,
} satisfies Channel<SlackChannelConfig>;
