// /api/admin/services (staff session): the service list, a service's history,
// "check now" (Refresh), and the two alert tests.
import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import { z } from "zod";
import { staffText, type StaffKey, type StaffVars } from "#shared/i18n/staff/staff-language.ts";
import type { TestAnswer } from "#server/monitor/monitor-alert-tests.ts";
import type { Monitor } from "#server/monitor/monitor.ts";
import { parseServiceQuery } from "#server/monitor/service-query.ts";
import { monitoringConfigurationStatus } from "#server/monitoring-configuration-status.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";
import { audit } from "#server/http/audit-event.ts";
import { apiError, requestStaffLanguage } from "#server/http/staff-messages.ts";

const NOT_CONFIGURED = apiError("api.monitoringOff");
const rangeQuery = z.enum(["24h", "7d", "30d"], { error: "api.query.range" }).default("24h");
const testFailureBody = z.object({ serviceId: z.string().max(64).optional() });

function withMonitor(services: Services, handler: (c: Context<ApiEnv>, monitor: Monitor) => Promise<Response>) {
  return (c: Context<ApiEnv>) => (services.monitor ? handler(c, services.monitor) : c.json(NOT_CONFIGURED, 503));
}

/** A test button's answer, its message in the staff language of the request (and in English in the log). */
function testAnswer(c: Context<ApiEnv>, event: string, result: TestAnswer) {
  const { key, vars } = result.message;
  c.get("log").info({ event, success: result.success }, staffText("en", key, vars));
  return { ...result, message: staffText(requestStaffLanguage(c), key, vars) };
}

/** Answers with a sentence as `message` (the test buttons' form), in the staff language of the request. */
const sentence = (c: Context<ApiEnv>, key: StaffKey, vars?: StaffVars) => ({
  success: false,
  message: staffText(requestStaffLanguage(c), key, vars),
});

export function adminMonitorRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  // The list, filtered and paged (service-query.ts; only the page's entries are built in full), with a weak ETag: the
  // SHA-1 of the answer's bytes, so a poll with nothing changed gets a 304 without a body. The answer is still built
  // to be hashed: what it reads (results,
  // incidents, uptime windows that slide with time) changes in other processes and with the clock, so no counter of
  // this process could tell it unchanged. Staff answers are `no-store`, so a browser keeps no copy to revalidate:
  // the dashboard sends `If-None-Match` itself and keeps the last answer.
  routes.get(
    "/services",
    allow("dashboard:read"),
    etag({ weak: true }),
    withMonitor(services, async (c, monitor) => {
      const parsed = parseServiceQuery(c.req.queries());
      if (!parsed.ok) return c.json({ ...apiError("api.invalidInput"), fields: parsed.fields }, 400);
      return c.json(await monitor.snapshot(parsed.query));
    }),
  );

  // Which file runs (and an edit it refused), and the placeholders still in it.
  routes.get("/monitoring-configuration", allow("dashboard:read"), (c) => {
    const status = monitoringConfigurationStatus(services);
    return status ? c.json(status) : c.json(NOT_CONFIGURED, 503);
  });

  routes.get(
    "/services/:id/history",
    allow("dashboard:read"),
    withMonitor(services, async (c, monitor) => {
      const range = rangeQuery.safeParse(c.req.query("range") || undefined);
      if (!range.success)
        return c.json({ ...apiError("api.invalidInput"), fields: { range: range.error.issues[0]!.message } }, 400);
      const history = await monitor.history(c.req.param("id") ?? "", range.data);
      return history ? c.json(history) : c.json(apiError("api.serviceNotFound"), 404);
    }),
  );

  routes.post(
    "/services/check",
    allow("checks:refresh"),
    withMonitor(services, async (c, monitor) => {
      const requestedAt = await monitor.engine.requestCycle();
      await audit(c, services, { action: "checks.refreshed" });
      // A cycle whose lastCheckedAt is at or after requestedAt began after this request.
      return c.json(
        {
          success: true,
          message: staffText(requestStaffLanguage(c), "api.checksStarted"),
          requestedAt: new Date(requestedAt).toISOString(),
        },
        202,
      );
    }),
  );

  routes.post(
    "/alerts/test-email",
    allow("tests:run"),
    withMonitor(services, async (c, monitor) => {
      const result = await monitor.testEmail(c.get("session").user.username);
      if (!result) return c.json(sentence(c, "api.test.another"), 409);
      await audit(c, services, { action: "test.email", detail: { success: result.success } });
      return c.json(testAnswer(c, "test-email", result), result.success ? 200 : 502);
    }),
  );

  routes.post(
    "/alerts/test-failure",
    allow("tests:run"),
    withMonitor(services, async (c, monitor) => {
      const body =
        c.req.header("content-length") === "0" ? { ok: true as const, data: {} } : await readJson(c, testFailureBody);
      if (!body.ok) return body.response;
      const result = await monitor.testFailure(body.data.serviceId, c.get("session").user.username);
      if (result === undefined) return c.json(sentence(c, "api.test.noService"), 404);
      if (!result) return c.json(sentence(c, "api.test.another"), 409);
      const answer = testAnswer(c, "test-failure", result);
      await audit(c, services, {
        action: "test.failure",
        target: body.data.serviceId ?? null,
        detail: { success: result.success },
      });
      return c.json(answer);
    }),
  );
  return routes;
}
