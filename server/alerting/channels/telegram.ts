// Telegram: a message from a bot to a chat (a person, a group or a
// channel). Plain text without parse_mode, so nothing in a notice can break
// the markup. The bot token sits in the URL path; no error ever shows it.
import { z } from "zod";
import { truncate } from "#server/alerting/notice.ts";
import type { Channel } from "./channel.ts";
import { channelName, httpUrl } from "./config-fields.ts";
import { postJson } from "./http-post.ts";

const schema = z
  .object({
    type: z.literal("telegram"),
    name: channelName,
    botToken: z
      .string()
      .regex(
        /^\d+:[A-Za-z0-9_-]+$/,
        "must be a bot token from @BotFather (digits, a colon, then letters, digits, _ and -)",
      ),
    chatId: z.union([
      z.number().int(),
      z.string().regex(/^(-?\d+|@[A-Za-z0-9_]{5,32})$/, "must be a numeric chat id or a @channelname"),
    ]),
    apiUrl: httpUrl("Bot API URL").default("https://api.telegram.org"),
  })
  .strict();
export type TelegramChannelConfig = z.output<typeof schema>;

/** Telegram's limit for a message's text. */
const MAX_TEXT_CHARS = 4096;

export const telegramChannel = {
  type: "telegram",
  schema,
  render: (notice, config) => ({
    chat_id: config.chatId,
    text: truncate(`${notice.title}\n\n${notice.text}`, MAX_TEXT_CHARS),
    disable_web_page_preview: true,
  }),
  async send(payload, config, context) {
    const base = config.apiUrl.replace(/\/+$/, "");
    await postJson(`${base}/bot${config.botToken}/sendMessage`, JSON.stringify(payload), {
      timeoutMs: context.timeoutMs,
      secrets: [config.botToken],
    });
  },
  describe: (config) => `chat ${config.chatId}`,
} satisfies Channel<TelegramChannelConfig>;
