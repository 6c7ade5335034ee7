// Status page subscriptions over HTTP. Public: the one-click unsubscribe of
// RFC 8058 (a mail client POSTs "List-Unsubscribe=One-Click" to the link in
// the mail's header). Staff (/api/admin/status): the subscribers, who can be
// deleted, and the webhook subscribers, who can be added and deleted. The
// subscription form itself posts to the status pages (/en/status/subscribe),
// which work without JavaScript.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";
import { audit } from "#server/http/audit-event.ts";
import { apiError, requestStaffLanguage } from "#server/http/staff-messages.ts";

const NOT_CONFIGURED = { error: "Monitoring is not configured" };

function rowId(c: Context<ApiEnv>): number | undefined {
  const id = Number(c.req.param("id"));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function subscriptionRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  routes.post("/unsubscribe", async (c) => {
    const subscriptions = services.subscriptions;
    if (!subscriptions) return c.json(NOT_CONFIGURED, 503);
    const result = await subscriptions.subscribers.unsubscribe(c.req.query("token") ?? "");
    if (result.kind === "invalid") return c.json({ error: "This unsubscribe link is not valid" }, 404);
    c.get("log").info({ event: "status-unsubscribed" }, "status subscriber unsubscribed");
    return c.json({ unsubscribed: true });
  });
  return routes;
}

export function adminSubscriptionRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  // After the permission check (allow), so that a refusal does not depend on the configuration.
  const configured: MiddlewareHandler<ApiEnv> = async (c, next) =>
    services.subscriptions ? next() : c.json(apiError("api.monitoringOff"), 503);

  routes.get("/subscribers", allow("subscribers:manage"), configured, async (c) =>
    c.json({
      subscribers: await services.subscriptions!.subscribers.list(),
      webhooks: await services.subscriptions!.webhooks.list(),
    }),
  );

  routes.delete("/subscribers/:id", allow("subscribers:manage"), configured, async (c) => {
    const id = rowId(c);
    if (!id || !(await services.subscriptions!.subscribers.remove(id)))
      return c.json(apiError("api.subscriberNotFound"), 404);
    await audit(c, services, { action: "status-subscriber.deleted", target: `subscriber ${id}` });
    return c.body(null, 204);
  });

  routes.post("/webhooks", allow("subscribers:manage"), configured, async (c) => {
    const body = await readJson(c, services.subscriptions!.webhooks.input(requestStaffLanguage(c)));
    if (!body.ok) return body.response;
    const webhook = await services.subscriptions!.webhooks.add(body.data, c.get("session").user.username);
    await audit(c, services, {
      action: "status-webhook.added",
      target: `webhook ${webhook.id}`,
      detail: { customer: webhook.customer, host: new URL(webhook.url).host },
    });
    return c.json({ webhook }, 201);
  });

  routes.delete("/webhooks/:id", allow("subscribers:manage"), configured, async (c) => {
    const id = rowId(c);
    if (!id || !(await services.subscriptions!.webhooks.remove(id)))
      return c.json(apiError("api.webhookNotFound"), 404);
    await audit(c, services, { action: "status-webhook.deleted", target: `webhook ${id}` });
    return c.body(null, 204);
  });
  return routes;
}
