// PUT /api/auth/language: the staff area's language switch. Signed out, it sets the switch's cookie, which the
// sign-in page and the API's sentences follow; signed in, it also saves the choice on the account (audited), which
// wins over the cookie in every browser the person signs in with.
import { Hono } from "hono";
import { z } from "zod";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { STAFF_LANGUAGE_COOKIE, STAFF_LANGUAGE_COOKIE_ATTRIBUTES } from "#shared/i18n/staff/staff-language.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { isHttps } from "#server/http/request-info.ts";
import { readSessionToken } from "#server/http/session-cookie.ts";

const languageBody = z.object({ language: z.enum(LANGUAGES, { error: "api.language" }) });

export function languageRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  routes.put("/", async (c) => {
    const token = readSessionToken(c.get("cookieRequest"));
    const session = token ? await services.sessions.validate(token) : undefined;
    // Set before reading the body: a refusal is then worded in the saved language too.
    if (session) c.set("session", session);
    const body = await readJson(c, languageBody);
    if (!body.ok) return body.response;
    const { language } = body.data;
    const request = c.get("cookieRequest");
    const secure = isHttps(request.header, request.url, request.trustProxy) ? "; Secure" : "";
    c.header(
      "Set-Cookie",
      `${STAFF_LANGUAGE_COOKIE}=${language}${STAFF_LANGUAGE_COOKIE_ATTRIBUTES}; HttpOnly${secure}`,
    );
    if (!session) return c.json({ language, saved: false });
    const before = await services.saveStaffLanguage(session.user.id, language);
    if (before !== undefined && before !== language)
      await audit(c, services, { action: "language.changed", target: session.user.username, detail: { language } });
    return c.json({ language, saved: true });
  });
  return routes;
}
