// Incidents and maintenance. Staff (a session): /api/admin/alerts (the
// incident history), /api/admin/incidents/open (Active alerts),
// acknowledging, and maintenance; deploy scripts: /api/maintenance with a
// bearer token.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import type { Alerting } from "#server/alerting/alerting.ts";
import { maintenanceRequest, type MaintenanceRequest } from "#server/alerting/maintenance.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";
import { audit } from "#server/http/audit-event.ts";
import { bearerMatches } from "#server/http/bearer.ts";
import { heldForKeys } from "#server/http/key-attempts.ts";
import { apiError, requestStaffLanguage } from "#server/http/staff-messages.ts";

const NOT_CONFIGURED = apiError("api.monitoringOff");
const pageQuery = z.coerce
  .number({ error: "api.query.pageNumber" })
  .int("api.query.pageWhole")
  .min(1, "api.query.pageMin")
  .max(100_000)
  .default(1);
const stateQuery = z.enum(["open", "resolved"], { error: "api.query.state" }).optional();
export const incidentId = z.coerce
  .number({ error: "api.incident.idNumber" })
  .int("api.incident.idWhole")
  .min(1, "api.incident.idMin")
  .max(2 ** 31 - 1);
const acknowledgeBody = z.object({
  note: z.string({ error: "api.incident.noteText" }).trim().max(500, "api.incident.noteTooLong").optional(),
});

function withAlerting(services: Services, handler: (c: Context<ApiEnv>, alerting: Alerting) => Promise<Response>) {
  return (c: Context<ApiEnv>) => (services.alerting ? handler(c, services.alerting) : c.json(NOT_CONFIGURED, 503));
}

/**
 * Manual maintenance, what is in force now and the next windows: the panel and the dashboard's header read one answer.
 */
async function maintenanceAnswer(alerting: Alerting) {
  const current = await alerting.maintenance.current();
  return {
    success: true,
    maintenance: current.manual,
    windows: current.windows,
    upcoming: current.upcoming,
    timezone: current.timezone,
  };
}

/** `actor` names a caller without a session (the deploy token); a staff call is its session's. */
async function changeMaintenance(
  c: Context<ApiEnv>,
  services: Services,
  alerting: Alerting,
  request: MaintenanceRequest,
  actor?: string,
) {
  const result = await alerting.maintenance.change(request);
  const message = staffText(requestStaffLanguage(c), result.message);
  if (!result.ok) return c.json({ success: false, error: message, message }, 400);
  const logged = staffText("en", result.message);
  c.get("log").info({ event: "maintenance", enable: request.enable, by: request.enabledBy }, logged);
  await audit(c, services, {
    ...(actor ? { actor } : {}),
    action: request.enable ? "maintenance.on" : "maintenance.off",
    detail: {
      ...(request.reason ? { reason: request.reason } : {}),
      ...(actor ? { via: "MAINTENANCE_API_TOKEN" } : {}),
    },
  });
  return c.json({ ...(await maintenanceAnswer(alerting)), message });
}

export function adminAlertingRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  routes.get(
    "/alerts",
    allow("dashboard:read"),
    withAlerting(services, async (c, alerting) => {
      const page = pageQuery.safeParse(c.req.query("page") || undefined);
      const state = stateQuery.safeParse(c.req.query("state") || undefined);
      if (!page.success || !state.success) {
        const fields = {
          ...(page.success ? {} : { page: page.error.issues[0]!.message }),
          ...(state.success ? {} : { state: state.error.issues[0]!.message }),
        };
        return c.json({ ...apiError("api.invalidInput"), fields }, 400);
      }
      return c.json(await alerting.incidents.history({ page: page.data, state: state.data }));
    }),
  );

  routes.get(
    "/incidents/open",
    allow("dashboard:read"),
    withAlerting(services, async (c, alerting) => c.json({ incidents: await alerting.incidents.open() })),
  );

  routes.post(
    "/incidents/:id/acknowledge",
    allow("incidents:acknowledge"),
    withAlerting(services, async (c, alerting) => {
      const id = incidentId.safeParse(c.req.param("id"));
      if (!id.success)
        return c.json({ ...apiError("api.invalidInput"), fields: { id: id.error.issues[0]!.message } }, 400);
      const body =
        c.req.header("content-length") === "0" ? { ok: true as const, data: {} } : await readJson(c, acknowledgeBody);
      if (!body.ok) return body.response;
      const by = c.get("session").user.username;
      const result = await alerting.incidents.acknowledge(id.data, by, body.data.note || null);
      if (!result.ok) return c.json(apiError(result.message, result.vars), result.status);
      c.get("log").info({ event: "incident-acknowledged", incident: id.data, by }, "incident acknowledged");
      await audit(c, services, {
        action: "incident.acknowledged",
        target: `incident ${id.data}`,
        ...(body.data.note ? { detail: { note: body.data.note } } : {}),
      });
      return c.json({ success: true, incident: result.incident });
    }),
  );

  routes.get(
    "/maintenance",
    allow("dashboard:read"),
    withAlerting(services, async (c, alerting) => c.json(await maintenanceAnswer(alerting))),
  );
  routes.get(
    "/maintenance/history",
    allow("dashboard:read"),
    withAlerting(services, async (c, alerting) =>
      c.json({ success: true, history: await alerting.maintenance.history() }),
    ),
  );
  routes.post(
    "/maintenance",
    allow("maintenance:manage"),
    withAlerting(services, async (c, alerting) => {
      const body = await readJson(c, maintenanceRequest);
      if (!body.ok) return body.response;
      return changeMaintenance(c, services, alerting, { ...body.data, enabledBy: c.get("session").user.username });
    }),
  );
  return routes;
}

/** Maintenance for deploy scripts: Authorization: Bearer $MAINTENANCE_API_TOKEN. */
export function maintenanceTokenRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const token = services.config.MAINTENANCE_API_TOKEN;
  routes.use(async (c, next) => {
    if (!token) return c.json(apiError("api.notFound"), 404);
    const hit = bearerMatches(c.req.header("authorization"), token);
    const held = await heldForKeys(c, services, "maintenance", hit);
    if (held) return held;
    if (!hit) {
      c.header("WWW-Authenticate", 'Bearer realm="maintenance"');
      return c.json(apiError("api.unauthorized"), 401);
    }
    return next();
  });
  routes.get(
    "/",
    withAlerting(services, async (c, alerting) => c.json(await maintenanceAnswer(alerting))),
  );
  routes.post(
    "/",
    withAlerting(services, async (c, alerting) => {
      const body = await readJson(c, maintenanceRequest);
      if (!body.ok) return body.response;
      return changeMaintenance(c, services, alerting, { ...body.data, enabledBy: "deploy" }, "deploy");
    }),
  );
  return routes;
}
