import { describe, expect, it } from "vitest";
import type { Channel } from "./channel.ts";
import { channelConfigSchema, channelFor, CHANNELS } from "./registry.ts";

const parse = (config: unknown) => channelConfigSchema.parse(config);

it("finds every type's module by its type", () => {
  expect(CHANNELS.map((channel) => channel.type).sort()).toEqual([
    "discord",
    "email",
    "matrix",
    "ntfy",
    "slack",
    "teams",
    "telegram",
    "webhook",
  ]);
  for (const channel of CHANNELS) expect(channelFor(channel.type)).toBe(channel);
});

describe("channel configuration", () => {
  const refused: [string, unknown, (string | number)[], RegExp][] = [
    ["a webhook without a URL", { type: "webhook" }, ["url"], /^URL is required$/],
    [
      "a webhook URL that is not http(s)",
      { type: "webhook", url: "ftp://hooks.example.com/x" },
      ["url"],
      /http:\/\/ or https:\/\//,
    ],
    [
      "a Slack URL that is no URL",
      { type: "slack", webhookUrl: "hooks.slack.com/services/x" },
      ["webhookUrl"],
      /http:\/\/ or https:\/\/ webhook URL/,
    ],
    [
      "a short webhook secret",
      { type: "webhook", url: "https://hooks.example.com/x", secret: "short-secret" },
      ["secret"],
      /at least 16 characters/,
    ],
    [
      "a webhook header it sets itself",
      { type: "webhook", url: "https://hooks.example.com/x", headers: { "x-signature-256": "forged" } },
      ["headers", "x-signature-256"],
      /set by the webhook itself/,
    ],
    [
      "a header value over two lines",
      { type: "webhook", url: "https://hooks.example.com/x", headers: { "X-Team": "ops\r\nX-Evil: 1" } },
      ["headers", "X-Team"],
      /one line/,
    ],
    ["an ntfy topic with a slash", { type: "ntfy", topic: "ops/alerts" }, ["topic"], /letters, digits, _ and -/],
    ["an ntfy topic that is too long", { type: "ntfy", topic: "a".repeat(65) }, ["topic"], /1 to 64/],
    ["an ntfy priority of 6", { type: "ntfy", topic: "ops", priority: 6 }, ["priority"], /1 \(min\) to 5 \(max\)/],
    [
      "a name with capitals and spaces",
      { type: "discord", name: "Ops Team", webhookUrl: "https://discord.com/api/webhooks/1/x" },
      ["name"],
      /lowercase letters, digits and dashes/,
    ],
    [
      "a Matrix room alias for a room id",
      { type: "matrix", homeserverUrl: "https://matrix.example.org", roomId: "#ops:example.org", accessToken: "syt_x" },
      ["roomId"],
      /starting with "!"/,
    ],
    [
      "a Matrix token with a space",
      { type: "matrix", homeserverUrl: "https://matrix.example.org", roomId: "!ops:example.org", accessToken: "syt x" },
      ["accessToken"],
      /must not be empty or contain spaces/,
    ],
    [
      "a Telegram token that is not one",
      { type: "telegram", botToken: "not-a-token", chatId: 42 },
      ["botToken"],
      /@BotFather/,
    ],
    [
      "a Telegram chat that is neither id nor @name",
      { type: "telegram", botToken: "1:abc", chatId: "ops chat" },
      ["chatId"],
      /numeric chat id or a @channelname/,
    ],
    ["an e-mail channel without an address", { type: "email", to: [] }, ["to"], /at least one address/],
    ["an e-mail address that is none", { type: "email", to: ["ops@example.com", "ops"] }, ["to", 1], /e-mail address/],
    [
      "an unknown key",
      { type: "slack", webhookUrl: "https://hooks.slack.com/services/x", channel: "#ops" },
      [],
      /Unrecognized key: "channel"/,
    ],
    ["an unknown type", { type: "sms", to: "+49 30 1234567" }, ["type"], /Expected .*'email'/],
  ];

  it.each(refused)("refuses %s", (_name, config, path, message) => {
    const result = channelConfigSchema.safeParse(config);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((entry) => entry.path.join(".") === path.join("."));
    expect(issue?.message, JSON.stringify(result.error!.issues)).toMatch(message);
    expect(issue!.message).not.toContain("short-secret");
  });

  it("fills in the public ntfy server and Telegram API", () => {
    expect(parse({ type: "ntfy", topic: "ops" })).toEqual({ type: "ntfy", url: "https://ntfy.sh", topic: "ops" });
    expect(parse({ type: "telegram", botToken: "1:abc", chatId: "@ops_alerts" })).toMatchObject({
      apiUrl: "https://api.telegram.org",
    });
  });
});

it("tells why a type cannot send with what the server has: e-mail without SMTP, and nothing else", () => {
  const sendMail = async () => undefined;
  for (const channel of CHANNELS) {
    const unavailable = (channel as Channel).unavailable?.bind(channel) ?? (() => null);
    expect(unavailable({ sendMail }), channel.type).toBeNull();
    expect(unavailable({}), channel.type).toBe(
      channel.type === "email" ? "mail delivery is not configured (SMTP_URL)" : null,
    );
  }
});
