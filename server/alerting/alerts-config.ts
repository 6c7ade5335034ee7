// The `alerts:` part of the monitoring configuration: the cooldown, the
// notification channels and the routes that pick channels per notice, and
// the heartbeat that tells an outside watcher the monitor is alive.
// `alerts.to` stays a shorthand for one e-mail channel named "email".
import { z } from "zod";
import { PROFILES } from "#shared/monitor/health.ts";
import { channelConfigSchema, type ChannelConfig } from "./channels/registry.ts";
import { httpUrl } from "./channels/config-fields.ts";
import { SOURCES } from "./notice.ts";

/**
 * A route sends the notices it matches to its channels; the first matching route decides. Leaving a matcher out
 * matches everything.
 */
const route = z
  .object({
    profiles: z.array(z.enum(PROFILES)).min(1).optional(),
    services: z.array(z.string().min(1)).min(1).optional(),
    sources: z.array(z.enum(SOURCES)).min(1).optional(),
    channels: z.array(z.string().min(1)).min(1, "needs at least one channel"),
  })
  .strict();
export type AlertRoute = z.infer<typeof route>;

export type NamedChannel = ChannelConfig & { name: string };

/**
 * A dead-man's switch outside this server: called every `intervalSeconds`
 * while the check rounds run on time (monitor/heartbeat.ts), so its silence
 * is the alarm when they stall or the machine dies.
 */
const heartbeatSchema = z
  .object({
    url: httpUrl("heartbeat URL"),
    intervalSeconds: z.number().int().min(5).max(3600).default(60),
    method: z.enum(["GET", "POST", "HEAD"], { error: "must be GET, POST or HEAD" }).default("GET"),
  })
  .strict();
export type HeartbeatConfig = z.output<typeof heartbeatSchema>;

export const alertsSchema = z
  .object({
    /** Shorthand for `channels: [{ type: email, to }]`. */
    to: z.email().optional(),
    cooldownMinutes: z
      .number()
      .min(0)
      .max(24 * 60)
      .default(5),
    /**
     * How often a still-open, unacknowledged incident is told again; default: the cooldown (a failure still there
     * after it is told again); 0: never.
     */
    reminderMinutes: z
      .number()
      .min(0)
      .max(7 * 24 * 60)
      .optional(),
    channels: z.array(channelConfigSchema).max(50).default([]),
    routes: z.array(route).max(100).default([]),
    heartbeat: heartbeatSchema.optional(),
    /**
     * A notice when maintenance starts and ends (manual or scheduled): source "maintenance", so a route may pick its
     * channels.
     */
    maintenanceNotices: z.boolean().default(false),
  })
  .strict()
  .prefault({})
  .transform((alerts, context) => {
    const listed = alerts.channels.map(
      (channel) => ({ ...channel, name: channel.name ?? channel.type }) as NamedChannel,
    );
    const channels: NamedChannel[] = alerts.to
      ? [{ type: "email", name: "email", to: alerts.to } as NamedChannel, ...listed]
      : listed;
    const offset = alerts.to ? 1 : 0;
    const seen = new Set<string>();
    channels.forEach((channel, index) => {
      if (seen.has(channel.name)) {
        const made = alerts.to && channel.name === "email" ? ' (alerts.to makes a channel named "email")' : "";
        context.addIssue({
          code: "custom",
          path: ["channels", index - offset, "name"],
          message: `duplicate channel name "${channel.name}"${made}: give each channel its own name`,
        });
      }
      seen.add(channel.name);
    });
    alerts.routes.forEach((entry, index) =>
      entry.channels.forEach((name, position) => {
        if (!seen.has(name))
          context.addIssue({
            code: "custom",
            path: ["routes", index, "channels", position],
            message: `unknown channel "${name}"`,
          });
      }),
    );
    return {
      cooldownMinutes: alerts.cooldownMinutes,
      reminderMinutes: alerts.reminderMinutes ?? alerts.cooldownMinutes,
      channels,
      routes: alerts.routes,
      heartbeat: alerts.heartbeat,
      maintenanceNotices: alerts.maintenanceNotices,
    };
  });
export type AlertsConfig = z.output<typeof alertsSchema>;
