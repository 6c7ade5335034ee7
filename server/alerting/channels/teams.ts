// Microsoft Teams, through a Workflows webhook ("Post to a channel when a
// webhook request is received"): an Adaptive Card with the title, the text
// and a button to the dashboard. The URL's query carries the signature.
import { z } from "zod";
import type { Notice } from "#server/alerting/notice.ts";
import type { Channel } from "./channel.ts";
import { channelName, httpUrl } from "./config-fields.ts";
import { postJson } from "./http-post.ts";

const schema = z
  .object({
    type: z.literal("teams"),
    name: channelName,
    webhookUrl: httpUrl("webhook URL"),
  })
  .strict();
export type TeamsChannelConfig = z.output<typeof schema>;

/** Adaptive Card 1.4 text colours. */
function colour(notice: Notice): "Attention" | "Warning" | "Good" | "Accent" | "Default" {
  if (notice.test) return "Default";
  if (notice.kind === "resolved") return "Good";
  if (notice.severity === "info") return "Accent";
  return notice.severity === "critical" ? "Attention" : "Warning";
}

export const teamsChannel = {
  type: "teams",
  schema,
  render: (notice) => ({
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            {
              type: "TextBlock",
              text: notice.title,
              weight: "Bolder",
              size: "Medium",
              color: colour(notice),
              wrap: true,
            },
            { type: "TextBlock", text: notice.text, wrap: true },
          ],
          actions: [{ type: "Action.OpenUrl", title: "Open dashboard", url: notice.dashboardUrl }],
        },
      },
    ],
  }),
  send: (payload, config, context) =>
    postJson(config.webhookUrl, JSON.stringify(payload), { timeoutMs: context.timeoutMs }),
  describe: (config) => new URL(config.webhookUrl).host,
} satisfies Channel<TeamsChannelConfig>;
