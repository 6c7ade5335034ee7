// PUT /api/auth/language: the staff area's language switch. Signed out, it sets the switch's cookie, which the
// sign-in page and the API's sentences follow; signed in, it also saves the choice on the account (audited), which
// wins over the cookie in every browser the person signs in with. A choice made on the sign-in page is saved at
// the sign-in that follows, when the account has none yet.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { isLanguage, LANGUAGES, readCookie, type Language } from "#shared/i18n/languages.ts";
import { STAFF_LANGUAGE_COOKIE, STAFF_LANGUAGE_COOKIE_ATTRIBUTES } from "#shared/i18n/staff/staff-language.ts";
import type { Session } from "#server/auth/sessions.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { isHttps } from "#server/http/request-info.ts";
import { readSessionToken } from "#server/http/session-cookie.ts";

const languageBody = z.object({ language: z.enum(LANGUAGES, { error: "api.language" }) });

function setLanguageCookie(c: Context<ApiEnv>, language: Language) {
  const request = c.get("cookieRequest");
  const secure = isHttps(request.header, request.url, request.trustProxy) ? "; Secure" : "";
  const cookie = `${STAFF_LANGUAGE_COOKIE}=${language}${STAFF_LANGUAGE_COOKIE_ATTRIBUTES}; HttpOnly${secure}`;
  c.header("Set-Cookie", cookie, { append: true });
}

async function save(c: Context<ApiEnv>, services: Services, session: Session, language: Language) {
  const before = await services.saveStaffLanguage(session.user.id, language);
  if (before !== undefined && before !== language)
    await audit(c, services, { action: "language.changed", target: session.user.username, detail: { language } });
}

/**
 * At a sign-in: an account without a choice takes the one made on the sign-in page (the switch's cookie); one
 * with a choice sets the cookie to it, so the sign-in page after signing out stays in it.
 */
export async function adoptStaffLanguage(c: Context<ApiEnv>, services: Services, session: Session | undefined) {
  if (!session) return;
  if (session.language) return setLanguageCookie(c, session.language);
  const chosen = readCookie(c.req.header("cookie"), STAFF_LANGUAGE_COOKIE);
  if (!isLanguage(chosen)) return;
  c.set("session", session);
  await save(c, services, session, chosen);
}

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
    setLanguageCookie(c, language);
    if (!session) return c.json({ language, saved: false });
    await save(c, services, session, language);
    return c.json({ language, saved: true });
  });
  return routes;
}
