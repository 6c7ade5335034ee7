// POST /api/auth/sign-in, POST /api/auth/sign-out, GET /api/auth/session,
// POST /api/auth/refresh.
import { Hono } from "hono";
import { z } from "zod";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { audit } from "#server/http/audit-event.ts";
import {
  clearedSessionCookie,
  deviceCookie,
  readDeviceToken,
  readSessionToken,
  sessionCookie,
} from "#server/http/session-cookie.ts";

const signInBody = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(254, "Username is too long"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
});

export const INVALID_CREDENTIALS = "Invalid credentials. Please try again.";

export function authRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  routes.post("/sign-in", async (c) => {
    const body = await readJson(c, signInBody);
    if (!body.ok) return body.response;
    const cookies = c.get("cookieRequest");
    const result = await services.signIn(body.data.username, body.data.password, {
      ip: c.get("clientIp"),
      deviceToken: readDeviceToken(cookies),
    });
    // A throttled attempt is not recorded: it changed nothing, and a flood of them would fill the trail.
    if (result.kind === "throttled") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ error: "Too many sign-in attempts", retryAfterSeconds: result.retryAfterSeconds }, 429);
    }
    if (result.kind === "invalid") {
      c.get("log").warn({ event: "sign-in-failed" }, "sign-in failed");
      // The name tried is the target: a failure has no actor, and the password is never kept.
      await audit(c, services, { action: "sign-in.failed", target: body.data.username });
      return c.json({ error: INVALID_CREDENTIALS }, 401);
    }
    c.get("log").info({ event: "signed-in", user: result.user.username }, "signed in");
    await services.audit.record({
      actor: result.user.username,
      actorId: result.user.id,
      source: services.audit.pseudonym(c.get("clientIp")),
      action: "sign-in.succeeded",
    });
    // A session the browser held before is ended, not left beside the new one (session fixation, ASVS 3.2.1).
    const previous = readSessionToken(cookies);
    if (previous) await services.sessions.revoke(previous);
    c.header("Set-Cookie", sessionCookie(cookies, result.token));
    c.header("Set-Cookie", deviceCookie(cookies, result.deviceToken), { append: true });
    return c.json({ user: result.user, expiresAt: result.expiresAt });
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
    if (!session) return c.json({ error: "Not signed in" }, 401);
    return c.json(session);
  });

  routes.post("/refresh", async (c) => {
    const token = readSessionToken(c.get("cookieRequest"));
    const session = token ? await services.sessions.refresh(token) : undefined;
    if (!session) return c.json({ error: "Not signed in" }, 401);
    return c.json({ expiresAt: session.expiresAt });
  });

  return routes;
}
