// Matrix: an m.text message in a room, sent with a bot account's access
// token. The outbox key is the transaction id, so a resend of the same row is
// the same event on the homeserver, not a second message.
import { z } from "zod";
import type { Channel } from "./channel.ts";
import { channelName, httpUrl, token } from "./config-fields.ts";
import { postJson } from "./http-post.ts";

const schema = z
  .object({
    type: z.literal("matrix"),
    name: channelName,
    homeserverUrl: httpUrl("homeserver URL"),
    roomId: z.string().regex(/^!\S+$/, 'must be a room id starting with "!" (an alias like #room:server will not do)'),
    accessToken: token("access token"),
  })
  .strict();
export type MatrixChannelConfig = z.output<typeof schema>;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export const matrixChannel = {
  type: "matrix",
  schema,
  render: (notice) => ({
    msgtype: "m.text",
    body: `${notice.title}\n\n${notice.text}`,
    format: "org.matrix.custom.html",
    formatted_body:
      `<strong>${escapeHtml(notice.title)}</strong><br><br>` + notice.text.split("\n").map(escapeHtml).join("<br>"),
  }),
  async send(payload, config, context) {
    const base = config.homeserverUrl.replace(/\/+$/, "");
    const room = encodeURIComponent(config.roomId);
    const url = `${base}/_matrix/client/v3/rooms/${room}/send/m.room.message/${encodeURIComponent(context.key)}`;
    await postJson(url, JSON.stringify(payload), {
      method: "PUT",
      timeoutMs: context.timeoutMs,
      headers: { Authorization: `Bearer ${config.accessToken}` },
      secrets: [config.accessToken],
    });
  },
  describe: (config) => `${new URL(config.homeserverUrl).host} ${config.roomId}`,
} satisfies Channel<MatrixChannelConfig>;
