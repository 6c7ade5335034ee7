// POST /api/auth/sign-in, POST /api/auth/sign-out, GET /api/auth/session,
// POST /api/auth/refresh.
import { Hono } from "hono";
import { z } from "zod";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
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
    if (result.kind === "throttled") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ error: "Too many sign-in attempts", retryAfterSeconds: result.retryAfterSeconds }, 429);
    }
    if (result.kind === "invalid") {
      c.get("log").warn({ event: "sign-in-failed" }, "sign-in failed");
      return c.json({ error: INVALID_CREDENTIALS }, 401);
    }
    c.get("log").info({ event: "signed-in", user: result.user.username }, "signed in");
    // A session the browser held before is ended, not left beside the new one (session fixation, ASVS 3.2.1).
    const previous = readSessionToken(cookies);
    if (previous) await services.sessions.revoke(previous);
    c.header("Set-Cookie", sessionCookie(cookies, result.token));
    c.header("Set-Cookie", deviceCookie(cookies, result.deviceToken), { append: true });
    return c.json({ user: result.user, expiresAt: result.expiresAt });
  });

  routes.post("/sign-out", async (c) => {
    const token = readSessionToken(c.get("cookieRequest"));
    if (token) await services.sessions.revoke(token);
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
