// The signed-in staff member of a request, for the staff area's loaders, and
// the permission check every staff page's loader makes (the API's, through
// server/auth/permissions.ts, so the page and its calls never disagree).
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Permission } from "#shared/auth/permissions.ts";
import { servicesFrom } from "#app/services.server.ts";
import { checkPermission } from "#server/auth/permissions.ts";
import { readSessionToken } from "#server/http/session-cookie.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { staffLanguage, staffText } from "#shared/i18n/staff/staff-language.ts";

export async function currentSession(request: Request, context: Readonly<RouterContextProvider>) {
  const services = servicesFrom(context);
  const token = readSessionToken({
    url: request.url,
    header: (name) => request.headers.get(name),
    trustProxy: services.config.TRUST_PROXY,
  });
  return { services, session: token ? await services.sessions.validate(token) : undefined };
}

/** The staff language of a page request: the person's saved choice, else the switch's cookie, else the browser's. */
export function requestStaffLanguage(request: Request, session: { language: Language | null } | undefined): Language {
  return staffLanguage({
    saved: session?.language,
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

/**
 * Signed out: to the sign-in page. Without a second factor the team requires: to the account page. Signed in
 * without the permission: a 403 with the refusal's message.
 */
export async function requirePermission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  permission: Permission,
) {
  const { services, session } = await currentSession(request, context);
  const check = checkPermission(session, permission);
  if (check.ok) return { services, session: check.session };
  if (check.status === 401) throw redirect("/admin");
  // The team requires a second factor this person lacks: the account page is where it is added.
  if ("enrol" in check) throw redirect("/admin/account");
  throw data({ error: staffText(requestStaffLanguage(request, session), check.key, check.vars) }, 403);
}
