// Every channel type, in one table: the configuration schema is built from
// it, and the notifier finds each type's module here. A new type is one
// module and one entry below.
import { z } from "zod";
import type { Channel } from "./channel.ts";
import { discordChannel } from "./discord.ts";
import { emailChannel } from "./email.ts";
import { matrixChannel } from "./matrix.ts";
import { ntfyChannel } from "./ntfy.ts";
import { slackChannel } from "./slack.ts";
import { teamsChannel } from "./teams.ts";
import { telegramChannel } from "./telegram.ts";
import { webhookChannel } from "./webhook.ts";

export const CHANNELS = [
  emailChannel,
  webhookChannel,
  slackChannel,
  discordChannel,
  teamsChannel,
  matrixChannel,
  ntfyChannel,
  telegramChannel,
] as const;

type Schemas<T extends readonly unknown[]> = { [K in keyof T]: T[K] extends { schema: infer S } ? S : never };

/** One channel's configuration, told apart by its `type`. */
export const channelConfigSchema = z.discriminatedUnion(
  "type",
  CHANNELS.map((channel) => channel.schema) as unknown as Schemas<typeof CHANNELS>,
);
export type ChannelConfig = z.output<typeof channelConfigSchema>;
export type ChannelType = ChannelConfig["type"];

const byType = new Map<string, Channel>(CHANNELS.map((channel) => [channel.type, channel]));

/** The module of a configured channel's type (the schema admits no other). */
export function channelFor(type: ChannelType): Channel {
  return byType.get(type)!;
}
