// /api/push/<token>: push monitors' jobs (backups, cron jobs) say they ran,
// by GET or POST, as Uptime Kuma's push monitors and Healthchecks take them:
// `?status=down&msg=...` reports a failure, `ping=` a duration in ms. An
// unknown token is 404 and writes nothing; a client network that sent too
// many unknown ones waits (key-attempts.ts).
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "#server/http/api-context.ts";
import { heldForKeys } from "#server/http/key-attempts.ts";

/** Empty parameters (Uptime Kuma's own example URL ends in "&ping=") count as absent; others are ignored. */
const empty = (value: unknown) => (value === "" ? undefined : value);
const query = z.object({
  status: z.preprocess(empty, z.enum(["up", "down"], { error: "status must be up or down" }).default("up")),
  msg: z.preprocess(empty, z.string().max(200, "msg has at most 200 characters").optional()),
  ping: z.preprocess(
    empty,
    z.coerce
      .number({ error: "ping must be a number of milliseconds" })
      .int("ping must be whole milliseconds")
      .min(0, "ping must be 0 or more")
      .max(3_600_000, "ping must be at most an hour")
      .optional(),
  ),
});

export function pushRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const receive = async (c: Context<ApiEnv>) => {
    const monitor = services.monitor;
    if (!monitor) return c.json({ error: "Monitoring is not configured" }, 503);
    const parsed = query.safeParse(c.req.query());
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      return c.json({ error: "Invalid input", fields }, 400);
    }
    const { status, msg, ping } = parsed.data;
    const token = c.req.param("token") ?? "";
    const held = await heldForKeys(c, services, "push", monitor.hasPushToken(token));
    if (held) return held;
    const outcome = await monitor.recordPush(token, { status, message: msg ?? null, pingMs: ping ?? null });
    if (outcome === "unknown") return c.json({ error: "Unknown push token" }, 404);
    return c.json({ ok: true });
  };
  routes.get("/:token", receive);
  routes.post("/:token", receive);
  return routes;
}
