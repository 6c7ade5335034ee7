// Discord, through a channel webhook: the title as the message, the text in
// an embed coloured by what happened. No mention in a notice ever pings
// anyone (a service named "@everyone" stays text).
import { z } from "zod";
import { truncate, type Notice } from "#server/alerting/notice.ts";
import type { Channel } from "./channel.ts";
import { channelName, httpUrl } from "./config-fields.ts";
import { postJson } from "./http-post.ts";

const schema = z
  .object({
    type: z.literal("discord"),
    name: channelName,
    webhookUrl: httpUrl("webhook URL"),
  })
  .strict();
export type DiscordChannelConfig = z.output<typeof schema>;

/** Discord's limits: a message's content, an embed's title and description. */
const MAX_CONTENT_CHARS = 2000;
const MAX_TITLE_CHARS = 256;
const MAX_DESCRIPTION_CHARS = 4096;

const COLOURS = { critical: 0xdc2626, warning: 0xf59e0b, resolved: 0x16a34a, test: 0x6b7280, info: 0x2563eb };

function colour(notice: Notice): number {
  if (notice.test) return COLOURS.test;
  if (notice.kind === "resolved") return COLOURS.resolved;
  if (notice.severity === "info") return COLOURS.info;
  return notice.severity === "critical" ? COLOURS.critical : COLOURS.warning;
}

export const discordChannel = {
  type: "discord",
  schema,
  render: (notice) => ({
    content: truncate(notice.title, MAX_CONTENT_CHARS),
    embeds: [
      {
        title: truncate(notice.title, MAX_TITLE_CHARS),
        description: truncate(notice.text, MAX_DESCRIPTION_CHARS),
        color: colour(notice),
      },
    ],
    allowed_mentions: { parse: [] },
  }),
  send: (payload, config, context) =>
    postJson(config.webhookUrl, JSON.stringify(payload), { timeoutMs: context.timeoutMs }),
  describe: (config) => new URL(config.webhookUrl).host,
} satisfies Channel<DiscordChannelConfig>;
