// ntfy: a push notification, published as JSON to the server's root URL
// (ntfy.sh or the company's own). Priority and tags say at a glance how bad
// it is; tapping it opens the dashboard.
import { z } from "zod";
import type { Notice } from "#server/alerting/notice.ts";
import type { Channel } from "./channel.ts";
import { channelName, httpUrl, token } from "./config-fields.ts";
import { postJson } from "./http-post.ts";

const schema = z
  .object({
    type: z.literal("ntfy"),
    name: channelName,
    url: httpUrl("ntfy server URL").default("https://ntfy.sh"),
    topic: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, _ and -"),
    token: token("token").optional(),
    priority: z.number().int().min(1, "must be 1 (min) to 5 (max)").max(5, "must be 1 (min) to 5 (max)").optional(),
  })
  .strict();
export type NtfyChannelConfig = z.output<typeof schema>;

/** ntfy turns a longer message into an attachment (or refuses it). */
const MAX_MESSAGE_BYTES = 4096;

/**
 * 5 (max) for a critical alert as it happens; 4 for warnings and reminders; 3 (default) for good news, tests and
 * maintenance.
 */
function priority(notice: Notice): number {
  if (notice.test || notice.severity === "info") return 3;
  if (notice.kind === "reminder" || notice.severity !== "critical") return 4;
  return 5;
}

/** Emoji shortcodes ntfy shows before the title. */
function tags(notice: Notice): string[] {
  if (notice.test) return ["test_tube"];
  if (notice.kind === "resolved") return ["white_check_mark"];
  if (notice.severity === "info") return ["wrench"];
  return notice.severity === "critical" ? ["rotating_light"] : ["warning"];
}

/** Cut to a byte size on a character boundary, with a mark that it was cut. */
function fitBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  const ellipsis = "…";
  const cut = Buffer.from(text)
    .subarray(0, max - Buffer.byteLength(ellipsis))
    .toString("utf8");
  return `${cut.replace(/\uFFFD+$/, "")}${ellipsis}`;
}

export const ntfyChannel = {
  type: "ntfy",
  schema,
  render: (notice, config) => ({
    topic: config.topic,
    title: notice.title,
    message: fitBytes(notice.text, MAX_MESSAGE_BYTES),
    priority: config.priority ?? priority(notice),
    tags: tags(notice),
    click: notice.dashboardUrl,
  }),
  async send(payload, config, context) {
    await postJson(config.url, JSON.stringify(payload), {
      timeoutMs: context.timeoutMs,
      headers: config.token ? { Authorization: `Bearer ${config.token}` } : {},
      secrets: config.token ? [config.token] : [],
    });
  },
  describe: (config) => `${new URL(config.url).host}/${config.topic}`,
} satisfies Channel<NtfyChannelConfig>;
