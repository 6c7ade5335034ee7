// /api/admin/*: only for a signed-in staff member (requireSession runs first).
import { Hono } from "hono";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";

export function adminRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  routes.get("/staff", allow("staff:manage"), async (c) => c.json({ staff: await services.staff.list() }));
  return routes;
}
