// The public status's API. Visitors get /api/status and the badges from
// memory (status-pages.ts renders them when the status changes); these routes
// answer only until the first rendering, or a badge asked for by a name the
// memory does not have. Staff post the words the public reads about an
// incident under /api/admin.
import { Hono } from "hono";
import { statusUpdateSchemaIn } from "#shared/status/status-update-schema.ts";
import type { Services } from "#server/services.ts";
import { statusBadge, statusJson } from "#server/status/status-feeds.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";
import { audit } from "#server/http/audit-event.ts";
import { apiError, requestStaffLanguage } from "#server/http/staff-messages.ts";
import { incidentId } from "./alerting.ts";

const NOT_CONFIGURED = { error: "Monitoring is not configured" };

export function publicStatusRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  routes.get("/", async (c) => {
    const source = services.status?.source;
    if (!source) return c.json(NOT_CONFIGURED, 503);
    return c.json(statusJson(await source.refresh()));
  });
  routes.get("/badge/:file", async (c) => {
    const source = services.status?.source;
    if (!source) return c.json(NOT_CONFIGURED, 503);
    const id = /^([a-z0-9-]+)\.svg$/.exec(c.req.param("file") ?? "")?.[1];
    const service = (await source.refresh()).services.find((entry) => entry.id === id);
    if (!service) return c.json({ error: "No public service of that name" }, 404);
    return c.body(statusBadge(service), 200, { "Content-Type": "image/svg+xml" });
  });
  return routes;
}

export function adminStatusRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const parseId = (raw: string | undefined) => incidentId.safeParse(raw);

  routes.get("/incidents/:id/status-updates", allow("dashboard:read"), async (c) => {
    const updates = services.status?.updates;
    if (!updates) return c.json(apiError("api.monitoringOff"), 503);
    const id = parseId(c.req.param("id"));
    if (!id.success)
      return c.json({ ...apiError("api.invalidInput"), fields: { id: id.error.issues[0]!.message } }, 400);
    const refused = await updates.refusal(id.data);
    if (refused === "not-found") return c.json(apiError("api.incident.notFound"), 404);
    return c.json({ public: refused === null, updates: await updates.list(id.data) });
  });

  routes.post("/incidents/:id/status-updates", allow("status-updates:post"), async (c) => {
    const updates = services.status?.updates;
    if (!updates) return c.json(apiError("api.monitoringOff"), 503);
    const id = parseId(c.req.param("id"));
    if (!id.success)
      return c.json({ ...apiError("api.invalidInput"), fields: { id: id.error.issues[0]!.message } }, 400);
    const body = await readJson(c, statusUpdateSchemaIn(requestStaffLanguage(c)));
    if (!body.ok) return body.response;
    const by = c.get("session").user.username;
    const result = await updates.post(id.data, by, body.data);
    if (result === "not-found") return c.json(apiError("api.incident.notFound"), 404);
    if (result === "not-public") return c.json(apiError("api.statusUpdate.notPublic"), 409);
    c.get("log").info({ event: "status-update", incident: id.data, by, state: result.state }, "status update posted");
    // Subscribers hear of it now; a failure to queue their mail is logged, and the update stands.
    await services.subscriptions
      ?.tellStaffUpdate(result)
      .catch((error: unknown) =>
        c.get("log").error({ err: error }, "the status update could not be told to subscribers"),
      );
    await audit(c, services, {
      action: "status-update.posted",
      target: `incident ${id.data}`,
      detail: { state: result.state },
    });
    return c.json({ success: true, update: result }, 201);
  });
  return routes;
}
