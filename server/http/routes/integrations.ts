// /api/admin/certificates, /nginx, /haproxy, /ai-services-health (staff
// session) and the ACME HTTP-01 answers under /.well-known/acme-challenge/.
// A GET answers from the stored reading; `?refresh=1` (the panels' Retry and
// Refresh) samples now. Each answer says when it was sampled; a source not
// configured (or of placeholders only) answers 200 with state "not-configured".
import { Hono, type Context } from "hono";
import { z } from "zod";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { aiAnswer, haproxyAnswer, nginxAnswer } from "#server/integrations/integration-answers.ts";
import type { Integrations } from "#server/integrations/integrations.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { allow } from "#server/http/permission.ts";
import { audit } from "#server/http/audit-event.ts";
import { apiError, requestStaffLanguage } from "#server/http/staff-messages.ts";

type Section = "nginx" | "haproxy" | "aiServices";

/**
 * A source with nothing to read answers 200 with what to edit: not configured is a state of the installation, not a
 * failure, and a fresh install's placeholders would otherwise fail every refresh.
 */
function notConfigured(c: Context<ApiEnv>, integrations: Integrations, section: Section) {
  const placeholder = integrations.placeholders()[section];
  return c.json({
    success: true,
    configured: false,
    state: "not-configured" as const,
    placeholder,
    message: staffText(requestStaffLanguage(c), placeholder ? "api.integration.placeholders" : "api.integration.off", {
      section,
    }),
  });
}
const domain = z.string({ error: "api.integration.domain" }).trim().min(1, "api.integration.domain").max(253);
const checkBody = z.object({ domain });
const renewBody = z.object({
  domain,
  serverIP: z.string({ error: "api.integration.serverIP" }).trim().min(1, "api.integration.serverIP").max(253),
});

const wantsRefresh = (c: Context<ApiEnv>) => c.req.query("refresh") === "1";

function withIntegrations(
  services: Services,
  handler: (c: Context<ApiEnv>, integrations: Integrations) => Promise<Response>,
) {
  return (c: Context<ApiEnv>) =>
    services.integrations ? handler(c, services.integrations) : c.json(apiError("api.monitoringOff"), 503);
}

export function adminIntegrationRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  routes.get(
    "/certificates",
    allow("dashboard:read"),
    withIntegrations(services, async (c, integrations) =>
      c.json({
        ...(await integrations.certificates.summary()),
        intervalSeconds: integrations.intervals().certificates,
      }),
    ),
  );
  routes.get(
    "/certificates/renewals",
    allow("dashboard:read"),
    withIntegrations(services, async (c, integrations) =>
      c.json({ success: true, renewals: await integrations.certificates.renewals() }),
    ),
  );
  routes.post(
    "/certificates/check",
    allow("checks:refresh"),
    withIntegrations(services, async (c, integrations) => {
      const body = await readJson(c, checkBody);
      if (!body.ok) return body.response;
      const checked = await integrations.certificates.check(body.data.domain);
      if (!checked)
        return c.json(
          { success: false, ...apiError("api.integration.notMonitored", { domain: body.data.domain }) },
          404,
        );
      await audit(c, services, { action: "certificate.checked", target: body.data.domain });
      return c.json({ success: true, certificates: checked });
    }),
  );
  routes.post(
    "/certificates/renew",
    allow("certificates:renew"),
    withIntegrations(services, async (c, integrations) => {
      const body = await readJson(c, renewBody);
      if (!body.ok) return body.response;
      const result = await integrations.certificates.renew(body.data.domain, body.data.serverIP);
      c.get("log").info(
        { event: "certificate-renewal", domain: body.data.domain, success: result.success },
        result.message,
      );
      await audit(c, services, {
        action: "certificate.renewal",
        target: body.data.domain,
        detail: { serverIP: body.data.serverIP, success: result.success },
      });
      return c.json(result, result.success ? 200 : 502);
    }),
  );

  routes.get(
    "/nginx",
    allow("dashboard:read"),
    withIntegrations(services, async (c, integrations) => {
      const reading = await integrations.nginx(wantsRefresh(c));
      if (!reading) return notConfigured(c, integrations, "nginx");
      const answer = nginxAnswer(reading, integrations.intervals());
      return c.json(answer.body, answer.ok ? 200 : 502);
    }),
  );

  routes.get(
    "/haproxy",
    allow("dashboard:read"),
    withIntegrations(services, async (c, integrations) => {
      const reading = await integrations.haproxy(wantsRefresh(c));
      if (!reading) return notConfigured(c, integrations, "haproxy");
      const answer = haproxyAnswer(reading, integrations.intervals());
      return c.json(answer.body, answer.ok ? 200 : 502);
    }),
  );

  routes.get(
    "/ai-services-health",
    allow("dashboard:read"),
    withIntegrations(services, async (c, integrations) => {
      const reading = await integrations.aiServices(wantsRefresh(c));
      if (!reading) return notConfigured(c, integrations, "aiServices");
      return c.json(aiAnswer(reading, integrations.intervals()));
    }),
  );
  return routes;
}

/** GET /.well-known/acme-challenge/:token: the key authorization as plain text, for the ACME server. */
export function acmeChallengeRoutes(services: Services) {
  const routes = new Hono();
  routes.get("/:token", async (c) => {
    const answer = await services.integrations?.certificates.challenges.answer(c.req.param("token"));
    if (answer === undefined) return c.text("Not found", 404);
    return c.text(answer, 200, { "Cache-Control": "no-store" });
  });
  return routes;
}
