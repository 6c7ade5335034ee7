// /api/admin/*: only for a signed-in staff member (requireSession runs first). The team: staff.ts.
import { Hono } from "hono";
import { auditQuery, auditQueryValues } from "#shared/audit/audit-query.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";
import { apiError } from "#server/http/staff-messages.ts";

export function adminRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  // The audit trail, newest first: ?action=&actor= filter, ?before=/?after= page by an entry's id.
  routes.get("/audit", allow("audit:read"), async (c) => {
    const query = auditQuery.safeParse(auditQueryValues((name) => c.req.query(name)));
    if (!query.success) return c.json({ ...apiError("api.invalidInput"), fields: fieldErrors(query.error) }, 400);
    return c.json(await services.audit.list(query.data));
  });
  return routes;
}
