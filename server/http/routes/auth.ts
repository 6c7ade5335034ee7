// POST /api/auth/sign-in, POST /api/auth/sign-out, GET /api/auth/session,
// POST /api/auth/refresh. The steps after the password: sign-in-steps.ts.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import type { Throttled } from "#server/auth/sign-in.ts";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import { clearedSessionCookie, readSessionToken, shortCookie } from "#server/http/session-cookie.ts";
import { signedInResponse, signInClient } from "#server/http/signed-in.ts";
import { apiError } from "#server/http/staff-messages.ts";

const signInBody = z.object({
  username: z
    .string({ error: "api.usernameRequired" })
    .trim()
    .min(1, "api.usernameRequired")
    .max(254, "api.usernameTooLong"),
  password: z.string({ error: "api.passwordRequired" }).min(1, "api.passwordRequired").max(1024, "api.passwordTooLong"),
});

/** The English answer to a held code budget (the API words it in the request's staff language). */
export const TOO_MANY_CODES = staffText("en", "api.tooManyCodes");

export function throttled(c: Context<ApiEnv>, retryAfterSeconds: number) {
  c.header("Retry-After", String(retryAfterSeconds));
  return c.json({ ...apiError("api.tooManySignIns"), retryAfterSeconds }, 429);
}

/** A refused attempt: when to try again, and whether it was the account's budget of authenticator codes. */
export function throttledAnswer(c: Context<ApiEnv>, result: Throttled) {
  if (!result.held?.startsWith("totp:")) return throttled(c, result.retryAfterSeconds);
  c.header("Retry-After", String(result.retryAfterSeconds));
  return c.json({ ...apiError("api.tooManyCodes"), reason: "codes", retryAfterSeconds: result.retryAfterSeconds }, 429);
}

export function authRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  routes.post("/sign-in", async (c) => {
    const body = await readJson(c, signInBody);
    if (!body.ok) return body.response;
    const result = await services.signIn(body.data.username, body.data.password, signInClient(c));
    // A throttled attempt is not recorded: it changed nothing, and a flood of them would fill the trail.
    if (result.kind === "throttled") return throttledAnswer(c, result);
    if (result.kind === "invalid") {
      c.get("log").warn({ event: "sign-in-failed" }, "sign-in failed");
      // The account tried is the target (a failure has no actor). A name no account has is not kept: it may be a
      // password typed into the wrong field.
      const target = result.username ?? null;
      await audit(c, services, {
        action: "sign-in.failed",
        target,
        ...(target === null ? { detail: { unknownAccount: true } } : {}),
      });
      return c.json(apiError("api.invalidCredentials"), 401);
    }
    if (result.kind === "second-factor") {
      const pending = await services.secondFactor.begin(result.user, result.methods);
      c.header("Set-Cookie", shortCookie(c.get("cookieRequest"), "pending", pending));
      // Recovery codes are offered always: they are what is left when the phone or the key is lost.
      return c.json({ secondFactor: { methods: [...result.methods, "recovery"] } });
    }
    return signedInResponse(c, services, result, "password");
  });

  routes.post("/sign-out", async (c) => {
    const token = readSessionToken(c.get("cookieRequest"));
    const session = token ? await services.sessions.validate(token) : undefined;
    if (token) await services.sessions.revoke(token);
    if (session) {
      c.set("session", session);
      await audit(c, services, { action: "sign-out" });
    }
    c.header("Set-Cookie", clearedSessionCookie(c.get("cookieRequest")));
    return c.body(null, 204);
  });

  routes.get("/session", async (c) => {
    const token = readSessionToken(c.get("cookieRequest"));
    const session = token ? await services.sessions.validate(token) : undefined;
    if (!session) return c.json(apiError("api.notSignedIn"), 401);
    return c.json(session);
  });

  routes.post("/refresh", async (c) => {
    const token = readSessionToken(c.get("cookieRequest"));
    const session = token ? await services.sessions.refresh(token) : undefined;
    if (!session) return c.json(apiError("api.notSignedIn"), 401);
    return c.json({ expiresAt: session.expiresAt });
  });

  return routes;
}
