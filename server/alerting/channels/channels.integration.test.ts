import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from "#tests/peers/http-receiver.ts";
import { DASHBOARD, NOTICES } from "#tests/support/sample-notices.ts";
import { DeliveryError } from "#server/outbox/outbox.ts";
import type { Notice } from "#server/alerting/notice.ts";
import { discordChannel } from "./discord.ts";
import { ntfyChannel } from "./ntfy.ts";
import { channelConfigSchema, channelFor, type ChannelConfig } from "./registry.ts";
import { slackChannel } from "./slack.ts";
import { telegramChannel } from "./telegram.ts";

const TEAMS_PATH = "/workflows/4f1e2d3c/triggers/manual/paths/invoke?api-version=2016-06-01&sv=1.0&sig=";

const TOKENS = {
  slack: "XXXXXXXXXXXXXXXXXXXXXXXX",
  discord: "discord-Token_abcdefGHIJ0123456789",
  teams: "TeamsSig_abcdef123456",
  webhookPath: "inbound-9f8e7d6c5b4a",
  webhookSecret: "whsec-0123456789abcdef",
  webhookHeader: "api-key-secret-777",
  matrix: "syt_bW9uaXRvcg_secretAccessToken_1a2b3c",
  ntfy: "tk_ntfysecrettoken12345",
  telegram: "123456789:AAH-telegram_Secret_Token-xyz",
};
const ROOM = "!ops1234:example.org";

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const byKind = <T>(notice: Notice, values: { opened: T; resolved: T; test: T }): T =>
  values[notice.kind as keyof typeof values];

/**
 * Each HTTP channel: its config against the receiver, where a send must land, what must be in it, and the secrets it
 * holds.
 */
type Row = {
  type: ChannelConfig["type"];
  config: (base: string) => Record<string, unknown>;
  method: "POST" | "PUT";
  path: (key: string) => string;
  check: (request: ReceivedRequest, notice: Notice, key: string) => void;
  describes: (base: string) => string;
  secrets: string[];
};

const ROWS: Row[] = [
  {
    type: "webhook",
    config: (base) => ({
      type: "webhook",
      url: `${base}/hooks/${TOKENS.webhookPath}`,
      secret: TOKENS.webhookSecret,
      headers: { "X-Api-Key": TOKENS.webhookHeader },
    }),
    method: "POST",
    path: () => `/hooks/${TOKENS.webhookPath}`,
    check(request, notice, key) {
      expect(request.headers["x-notification-id"]).toBe(key);
      expect(request.headers["x-api-key"]).toBe(TOKENS.webhookHeader);
      expect(request.headers["x-signature-256"]).toBe(
        `sha256=${createHmac("sha256", TOKENS.webhookSecret).update(Buffer.from(request.body, "utf8")).digest("hex")}`,
      );
      const [incident] = notice.incidents;
      expect(request.json).toEqual({
        id: notice.id,
        event: byKind(notice, { opened: "incident.opened", resolved: "incident.resolved", test: "test" }),
        test: notice.test,
        title: notice.title,
        text: notice.text,
        severity: notice.severity,
        at: new Date(notice.at).toISOString(),
        dashboardUrl: DASHBOARD,
        group: notice.group,
        incidents: [
          {
            ...incident,
            openedAt: "2025-03-14T09:30:00.000Z",
            resolvedAt: incident!.resolvedAt === null ? null : "2025-03-14T09:42:00.000Z",
          },
        ],
        affected: notice.affected.map((target) => ({
          target: target.target,
          name: target.name,
          group: target.groupName,
          serviceId: target.serviceId,
        })),
      });
    },
    describes: (base) => new URL(base).host,
    secrets: [TOKENS.webhookPath, TOKENS.webhookSecret, TOKENS.webhookHeader],
  },
  {
    type: "slack",
    config: (base) => ({ type: "slack", webhookUrl: `${base}/services/T0AAA1111/B0BBB2222/${TOKENS.slack}` }),
    method: "POST",
    path: () => `/services/T0AAA1111/B0BBB2222/${TOKENS.slack}`,
    check(request, notice) {
      expect(request.json).toEqual({
        text: escaped(notice.title),
        blocks: [
          { type: "header", text: { type: "plain_text", text: notice.title, emoji: true } },
          { type: "section", text: { type: "mrkdwn", text: escaped(notice.text) } },
        ],
      });
    },
    describes: (base) => new URL(base).host,
    secrets: [TOKENS.slack],
  },
  {
    type: "discord",
    config: (base) => ({
      type: "discord",
      name: "ops-discord",
      webhookUrl: `${base}/api/webhooks/123456789012345678/${TOKENS.discord}`,
    }),
    method: "POST",
    path: () => `/api/webhooks/123456789012345678/${TOKENS.discord}`,
    check(request, notice) {
      expect(request.json).toEqual({
        content: notice.title,
        embeds: [
          {
            title: notice.title,
            description: notice.text,
            color: byKind(notice, { opened: 0xdc2626, resolved: 0x16a34a, test: 0x6b7280 }),
          },
        ],
        allowed_mentions: { parse: [] },
      });
    },
    describes: (base) => new URL(base).host,
    secrets: [TOKENS.discord],
  },
  {
    type: "teams",
    config: (base) => ({
      type: "teams",
      webhookUrl: `${base}${TEAMS_PATH}${TOKENS.teams}`,
    }),
    method: "POST",
    path: () => `${TEAMS_PATH}${TOKENS.teams}`,
    check(request, notice) {
      const color = byKind(notice, { opened: "Attention", resolved: "Good", test: "Default" });
      expect(request.json).toEqual({
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
                { type: "TextBlock", text: notice.title, weight: "Bolder", size: "Medium", color, wrap: true },
                { type: "TextBlock", text: notice.text, wrap: true },
              ],
              actions: [{ type: "Action.OpenUrl", title: "Open dashboard", url: DASHBOARD }],
            },
          },
        ],
      });
    },
    describes: (base) => new URL(base).host,
    secrets: [TOKENS.teams],
  },
  {
    type: "matrix",
    config: (base) => ({ type: "matrix", homeserverUrl: `${base}/`, roomId: ROOM, accessToken: TOKENS.matrix }),
    method: "PUT",
    path: (key) =>
      `/_matrix/client/v3/rooms/${encodeURIComponent(ROOM)}/send/m.room.message/${encodeURIComponent(key)}`,
    check(request, notice) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKENS.matrix}`);
      expect(request.json).toEqual({
        msgtype: "m.text",
        body: `${notice.title}\n\n${notice.text}`,
        format: "org.matrix.custom.html",
        formatted_body:
          `<strong>${escaped(notice.title)}</strong><br><br>` + notice.text.split("\n").map(escaped).join("<br>"),
      });
    },
    describes: (base) => `${new URL(base).host} ${ROOM}`,
    secrets: [TOKENS.matrix],
  },
  {
    type: "ntfy",
    config: (base) => ({ type: "ntfy", url: base, topic: "muster_ops-alerts", token: TOKENS.ntfy }),
    method: "POST",
    path: () => "/",
    check(request, notice) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKENS.ntfy}`);
      expect(request.json).toEqual({
        topic: "muster_ops-alerts",
        title: notice.title,
        message: notice.text,
        priority: byKind(notice, { opened: 5, resolved: 3, test: 3 }),
        tags: byKind(notice, { opened: ["rotating_light"], resolved: ["white_check_mark"], test: ["test_tube"] }),
        click: DASHBOARD,
      });
    },
    describes: (base) => `${new URL(base).host}/muster_ops-alerts`,
    secrets: [TOKENS.ntfy],
  },
  {
    type: "telegram",
    config: (base) => ({ type: "telegram", botToken: TOKENS.telegram, chatId: -1001234567890, apiUrl: base }),
    method: "POST",
    path: () => `/bot${TOKENS.telegram}/sendMessage`,
    check(request, notice) {
      expect(request.json).toEqual({
        chat_id: -1001234567890,
        text: `${notice.title}\n\n${notice.text}`,
        disable_web_page_preview: true,
      });
    },
    describes: () => "chat -1001234567890",
    secrets: [TOKENS.telegram],
  },
];

const parse = (config: unknown) => channelConfigSchema.parse(config);
/** What the outbox does with a payload: stores it as JSON and reads it back, maybe after a restart. */
const stored = (payload: unknown): unknown => JSON.parse(JSON.stringify(payload));

async function failureOf(sending: Promise<void>): Promise<DeliveryError> {
  const error = await sending.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe.each(ROWS)("the $type channel", (row) => {
  let receiver: HttpReceiver;
  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(async () => {
    receiver.reset();
    await receiver.up();
  });

  // The receiver is on loopback: the webhook channel goes there only when private targets are allowed.
  const send = (config: ChannelConfig, payload: unknown, key: string) =>
    channelFor(config.type).send(payload, config, { key, timeoutMs: 2_000, allowPrivateTargets: true });

  it.each(NOTICES)("renders and sends a $kind notice", async (notice) => {
    const config = parse(row.config(receiver.url));
    const payload = channelFor(config.type).render(notice, config);
    expect(stored(payload)).toEqual(payload);
    const key = `${notice.id}.${config.name ?? config.type}`;
    await send(config, stored(payload), key);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.method).toBe(row.method);
    expect(request!.path).toBe(row.path(key));
    expect(request!.headers["content-type"]).toBe("application/json");
    row.check(request!, notice, key);
  });

  it("names the host, the status and a known receiver's reason in an error, never a secret", async () => {
    const config = parse(row.config(receiver.url));
    const payload = channelFor(config.type).render(NOTICES[0]!, config);
    const echo = `denied: ${row.secrets.join(", ")} ${row.secrets.map(encodeURIComponent).join(", ")}`;
    receiver.answer({ status: 401, body: JSON.stringify({ ok: false, description: echo, error: echo }) }, 1);
    const refused = await failureOf(send(config, payload, "k1"));
    expect(refused.options.permanent).toBe(true);
    // A webhook's receiver is of the owner's choosing: its words are never quoted.
    const reason = row.type === "webhook" ? "$" : ": denied: \\[hidden\\]";
    expect(refused.message).toMatch(new RegExp(`^${row.method} 127\\.0\\.0\\.1:\\d+: HTTP 401${reason}`));

    await receiver.down();
    const unreachable = await failureOf(send(config, payload, "k1"));
    expect(unreachable.options.permanent ?? false).toBe(false);

    for (const message of [refused.message, unreachable.message]) {
      for (const secret of row.secrets) {
        expect(message).not.toContain(secret);
        expect(message).not.toContain(encodeURIComponent(secret));
      }
    }
  });

  it("describes where it goes without a secret", () => {
    const config = parse(row.config(receiver.url));
    const description = channelFor(config.type).describe(config);
    expect(description).toBe(row.describes(receiver.url));
    for (const secret of row.secrets) expect(description).not.toContain(secret);
  });
});

describe("the receivers' length limits", () => {
  /** Cut points that land inside an escape (Slack) and inside a 4-byte character (ntfy). */
  const long: Notice = {
    ...NOTICES[0]!,
    title: `[ALERT] ${"<&>ü".repeat(800)}`,
    text: `${"&".repeat(3000)}${"😀".repeat(1000)}`,
  };
  const limits: [string, () => [text: string, max: number, escaped?: boolean][]][] = [
    [
      "slack",
      () => {
        const payload = slackChannel.render(long);
        return [
          [payload.blocks[0]!.text.text, 150],
          [payload.blocks[1]!.text.text, 3000, true],
          [payload.text, 3000, true],
        ];
      },
    ],
    [
      "discord",
      () => {
        const payload = discordChannel.render(long);
        return [
          [payload.content, 2000],
          [payload.embeds[0]!.title, 256],
          [payload.embeds[0]!.description, 4096],
        ];
      },
    ],
    [
      "telegram",
      () => [
        [
          telegramChannel.render(long, telegramChannel.schema.parse({ type: "telegram", botToken: "1:abc", chatId: 1 }))
            .text,
          4096,
        ],
      ],
    ],
  ];

  it.each(limits)("cuts %s's texts to their limits, marked as cut", (_type, texts) => {
    for (const [text, max, escaped] of texts()) {
      expect(text.length).toBeLessThanOrEqual(max);
      expect(text.length).toBeGreaterThan(max - 10);
      expect(text.endsWith("…")).toBe(true);
      // A cut escape would show as "&am…" in Slack.
      if (escaped) expect(text).not.toMatch(/&[a-z]{0,3}…$/);
    }
  });

  it("keeps an ntfy message within 4096 bytes without splitting a character", () => {
    const { message } = ntfyChannel.render(long, ntfyChannel.schema.parse({ type: "ntfy", topic: "ops" }));
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(message)).toBeGreaterThan(4080);
    expect(message).not.toContain("\uFFFD");
    expect(message.endsWith("…")).toBe(true);
  });
});
