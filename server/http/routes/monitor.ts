// /api/admin/services, /api/admin/alerts, /api/admin/maintenance (staff
// session), and /api/maintenance for deploy scripts (a bearer token).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { maintenanceRequest, type MaintenanceRequest } from "../../monitor/maintenance.ts";
import type { Monitor } from "../../monitor/monitor.ts";
import type { Services } from "../../services.ts";
import { readJson, type ApiEnv } from "../api-context.ts";
import { bearerMatches } from "../bearer.ts";

const NOT_CONFIGURED = { error: "Monitoring is not configured" };
const rangeQuery = z.enum(["24h", "7d", "30d"], { error: "range must be 24h, 7d or 30d" }).default("24h");
const pageQuery = z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").max(100_000).default(1);
const testFailureBody = z.object({ serviceId: z.string().max(64).optional() });

function withMonitor(services: Services, handler: (c: Context<ApiEnv>, monitor: Monitor) => Promise<Response>) {
  return (c: Context<ApiEnv>) => (services.monitor ? handler(c, services.monitor) : c.json(NOT_CONFIGURED, 503));
}

async function changeMaintenance(c: Context<ApiEnv>, monitor: Monitor, request: MaintenanceRequest) {
  const result = await monitor.setMaintenance(request);
  if (!result.ok) return c.json({ success: false, error: result.message, message: result.message }, 400);
  c.get("log").info({ event: "maintenance", enable: request.enable, by: request.enabledBy }, result.message);
  return c.json({ success: true, maintenance: result.status, message: result.message });
}

export function adminMonitorRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  routes.get("/services", withMonitor(services, async (c, monitor) => c.json(await monitor.snapshot())));

  routes.get(
    "/services/:id/history",
    withMonitor(services, async (c, monitor) => {
      const range = rangeQuery.safeParse(c.req.query("range") || undefined);
      if (!range.success) return c.json({ error: "Invalid input", fields: { range: range.error.issues[0]!.message } }, 400);
      const history = await monitor.history(c.req.param("id") ?? "", range.data);
      return history ? c.json(history) : c.json({ error: "Service not found" }, 404);
    }),
  );

  routes.post(
    "/services/check",
    withMonitor(services, async (c, monitor) => {
      await monitor.engine.requestCycle();
      return c.json({ success: true, message: "A check of every service has been started" }, 202);
    }),
  );

  routes.post(
    "/alerts/test-email",
    withMonitor(services, async (c, monitor) => {
      const result = await monitor.testEmail();
      return result ? c.json(result, result.success ? 200 : 502) : c.json({ success: false, message: "Another test is running" }, 409);
    }),
  );

  routes.post(
    "/alerts/test-failure",
    withMonitor(services, async (c, monitor) => {
      const body = c.req.header("content-length") === "0" ? { ok: true as const, data: {} } : await readJson(c, testFailureBody);
      if (!body.ok) return body.response;
      const result = await monitor.testFailure(body.data.serviceId);
      if (result === undefined) return c.json({ success: false, message: "Failed to simulate failure: no such service" }, 404);
      return result ? c.json(result) : c.json({ success: false, message: "Another test is running" }, 409);
    }),
  );

  routes.get(
    "/alerts",
    withMonitor(services, async (c, monitor) => {
      const page = pageQuery.safeParse(c.req.query("page") || undefined);
      if (!page.success) return c.json({ error: "Invalid input", fields: { page: page.error.issues[0]!.message } }, 400);
      return c.json(await monitor.alerter.history(page.data));
    }),
  );

  routes.get("/maintenance", withMonitor(services, async (c, monitor) => c.json({ success: true, maintenance: await monitor.maintenance.status() })));
  routes.get("/maintenance/history", withMonitor(services, async (c, monitor) => c.json({ success: true, history: await monitor.maintenance.history() })));
  routes.post(
    "/maintenance",
    withMonitor(services, async (c, monitor) => {
      const body = await readJson(c, maintenanceRequest);
      if (!body.ok) return body.response;
      return changeMaintenance(c, monitor, { ...body.data, enabledBy: body.data.enabledBy ?? c.get("session").user.username });
    }),
  );
  return routes;
}

/** Maintenance for deploy scripts: Authorization: Bearer $MAINTENANCE_API_TOKEN. */
export function maintenanceTokenRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const token = services.config.MAINTENANCE_API_TOKEN;
  routes.use(async (c, next) => {
    if (!token) return c.json({ error: "Not found" }, 404);
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="maintenance"');
      return c.json({ error: "Unauthorized" }, 401);
    }
    return next();
  });
  routes.get("/", withMonitor(services, async (c, monitor) => c.json({ success: true, maintenance: await monitor.maintenance.status() })));
  routes.post(
    "/",
    withMonitor(services, async (c, monitor) => {
      const body = await readJson(c, maintenanceRequest);
      if (!body.ok) return body.response;
      return changeMaintenance(c, monitor, { ...body.data, enabledBy: body.data.enabledBy ?? "deploy" });
    }),
  );
  return routes;
}
