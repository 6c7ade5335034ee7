// GET /api/auth/oidc (is single sign-on on?), GET /api/auth/oidc/start (off to
// the identity provider), GET /api/auth/oidc/callback (back from it: a session,
// or the sign-in page with ?sso=failed). The browser carries the sign-in in
// progress in the "sso" cookie; the server keeps what it proves (oidc.ts).
import type { Context } from "hono";
import { Hono } from "hono";
import { readCookie } from "#shared/i18n/languages.ts";
import { createOidcClient, OIDC_CHALLENGE_TTL_MS, OidcSignInError } from "#server/auth/oidc.ts";
import { signInSsoAccount, type SsoAccountResult } from "#server/auth/oidc-accounts.ts";
import { throttledBy } from "#server/auth/sign-in.ts";
import { throttleKey } from "#server/auth/throttle.ts";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { isHttps, isLocalhost } from "#server/http/request-info.ts";
import { readSessionToken, sessionCookie, type CookieRequest } from "#server/http/session-cookie.ts";
import { apiError } from "#server/http/staff-messages.ts";
import { throttledAnswer } from "./auth.ts";

const SIGNED_IN = "/admin/dashboard";
const SSO_ACTOR = "sso";
const FAILED = "/admin?sso=failed";

type SignedInAccount = Exclude<SsoAccountResult, { kind: "disabled" }>;

// Named and secured as the session cookie (session-cookie.ts): "__Host-sso", Secure, except on plain-HTTP localhost.
// SameSite=Lax: the provider sends the browser back by a top-level GET from its own site.
function ssoCookieName(request: CookieRequest): string {
  const secure = isHttps(request.header, request.url, request.trustProxy) || !isLocalhost(request.header("host"));
  return secure ? "__Host-sso" : "sso";
}

function ssoCookie(request: CookieRequest, value: string, maxAgeSeconds: number): string {
  const name = ssoCookieName(request);
  const secure = name.startsWith("__Host-") ? "; Secure" : "";
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

async function refuse(c: Context<ApiEnv>, services: Services, error: unknown): Promise<Response> {
  if (error instanceof OidcSignInError) {
    c.get("log").warn({ event: "sign-in-failed", method: "sso", reason: error.reason }, "single sign-on refused");
  } else {
    c.get("log").error({ err: error }, "single sign-on failed");
  }
  const reason = error instanceof OidcSignInError ? error.reason : "internal error";
  const target = error instanceof OidcSignInError ? error.who : undefined;
  await audit(c, services, { action: "sign-in.failed", target, detail: { method: "sso", reason } });
  return c.redirect(FAILED, 302);
}

/** What the provider's word did to the account: the trail names the provider ("sso") as the one who did it. */
async function recordAccountChange(c: Context<ApiEnv>, services: Services, account: SignedInAccount): Promise<void> {
  const target = account.user.username;
  const role = account.user.role;
  if (account.kind === "created") {
    await audit(c, services, { actor: SSO_ACTOR, action: "account.created", target, detail: { role } });
  } else if (account.kind === "role-changed") {
    const detail = { role, previous: account.previousRole };
    await audit(c, services, { actor: SSO_ACTOR, action: "account.role-changed", target, detail });
  } else if (account.kind === "owner-kept") {
    const detail = { role, claimed: account.claimedRole, reason: "last enabled owner" };
    c.get("log").warn(
      { event: "sso-role-kept", user: target, claimed: account.claimedRole },
      "single sign-on's role claim would leave no enabled owner: the account stays owner",
    );
    await audit(c, services, { actor: SSO_ACTOR, action: "account.role-change-refused", target, detail });
  }
}

export function oidcRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const sso = createOidcClient({ config: services.config, db: services.database.db, now: services.now });
  const off = (c: Context<ApiEnv>) => c.json(apiError("api.ssoOff"), 404);

  routes.get("/", (c) => c.json({ enabled: sso.enabled }));

  routes.get("/start", async (c) => {
    if (!sso.enabled) return off(c);
    // Each start is a row until it expires: a client network gets a few dozen in a quarter of an hour.
    const network = services.signInDeps.networkPseudonym(c.get("clientIp"));
    const reservation = await services.throttle.reserve([throttleKey("sso-start:network", network)]);
    if (!reservation.ok) return throttledAnswer(c, throttledBy(reservation));
    try {
      const started = await sso.start();
      c.header("Set-Cookie", ssoCookie(c.get("cookieRequest"), started.token, OIDC_CHALLENGE_TTL_MS / 1000));
      return c.redirect(started.url, 302);
    } catch (error) {
      return refuse(c, services, error);
    }
  });

  routes.get("/callback", async (c) => {
    if (!sso.enabled) return off(c);
    const cookies = c.get("cookieRequest");
    // The sign-in in progress is used once, whatever comes of it.
    c.header("Set-Cookie", ssoCookie(cookies, "", 0));
    try {
      const token = readCookie(cookies.header("cookie"), ssoCookieName(cookies));
      const identity = await sso.finish(token, new URL(c.req.url).search);
      const account = await signInSsoAccount(services.database.db, identity, services.now);
      if (account.kind === "disabled") throw new OidcSignInError("account disabled", account.username);
      const { user } = account;
      await recordAccountChange(c, services, account);
      // A session the browser held before is ended, not left beside the new one (session fixation, ASVS 3.2.1).
      const previous = readSessionToken(cookies);
      if (previous) await services.sessions.revoke(previous);
      const session = await services.sessions.create(user.id, {
        userAgent: c.req.header("user-agent"),
        source: services.audit.pseudonym(c.get("clientIp")),
      });
      c.header("Set-Cookie", sessionCookie(cookies, session.token), { append: true });
      c.get("log").info({ event: "signed-in", method: "sso", user: user.username }, "signed in");
      await services.audit.record({
        actor: user.username,
        actorId: user.id,
        source: services.audit.pseudonym(c.get("clientIp")),
        action: "sign-in.succeeded",
        detail: { method: "sso" },
      });
      return c.redirect(SIGNED_IN, 302);
    } catch (error) {
      return refuse(c, services, error);
    }
  });

  return routes;
}
