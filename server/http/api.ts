// The JSON API under /api: same-origin writes only (CSRF), 16 KB bodies,
// staff-only /api/admin/*, and JSON for every answer, errors included.
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { Services } from "#server/services.ts";
import type { ApiEnv } from "./api-context.ts";
import { isSameOriginWrite } from "./same-origin.ts";
import { apiError, translateErrors } from "./staff-messages.ts";
import { readSessionToken } from "./session-cookie.ts";
import { adminRoutes } from "./routes/admin.ts";
import { adminContactRoutes } from "./routes/admin-contact.ts";
import { accountRoutes } from "./routes/account.ts";
import { authRoutes } from "./routes/auth.ts";
import { invitationRoutes } from "./routes/invitations.ts";
import { languageRoutes } from "./routes/language.ts";
import { signInStepRoutes } from "./routes/sign-in-steps.ts";
import { staffRoutes } from "./routes/staff.ts";
import { oidcRoutes } from "./routes/oidc.ts";
import { contactRoutes } from "./routes/contact.ts";
import { adminIntegrationRoutes } from "./routes/integrations.ts";
import { adminAlertingRoutes, maintenanceTokenRoutes } from "./routes/alerting.ts";
import { adminMonitorRoutes } from "./routes/monitor.ts";
import { pushRoutes } from "./routes/push.ts";
import { probeRoutes } from "./routes/probe.ts";
import { adminStatusRoutes, publicStatusRoutes } from "./routes/status.ts";
import { adminSubscriptionRoutes, subscriptionRoutes } from "./routes/status-subscriptions.ts";

export const MAX_BODY_BYTES = 16 * 1024;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code === "40001" || code === "40P01";
}

/**
 * RFC 8058: mail providers POST a subscriber's one-click unsubscribe from their own servers and webmail, with no
 * cookie and any Origin; the token in the link is its whole authority, so another site gains nothing by sending it.
 */
const ONE_CLICK_PATH = "/api/status/unsubscribe";
const PROBE_PATH = "/api/probe/";

const sameOriginWrites: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.path === ONE_CLICK_PATH) return next();
  if (!isSameOriginWrite(c.req.method, (name) => c.req.header(name), c.get("ownOrigin")))
    return c.json(apiError("api.crossSite"), 403);
  return next();
};

function requireSession(services: Services): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const token = readSessionToken(c.get("cookieRequest"));
    const session = token ? await services.sessions.validate(token) : undefined;
    if (!session) return c.json(apiError("api.notSignedIn"), 401);
    c.set("session", session);
    return next();
  };
}

/** Staff answers (sessions, the dashboard's data, messages) must never come back from a cache. */
const notStored: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

export function createApi(services: Services) {
  const api = new Hono<ApiEnv>();
  // Staff answers grow with the fleet (every one of 3,000 services: 5.4 MB of JSON, 164 KB gzipped; bench:dashboard).
  // Outermost, so that it compresses what the wording below has written (a small answer has no length yet, and
  // compress packs it whatever the threshold, which the wording could no longer read).
  api.use("/admin/*", compress({ threshold: 2048 }));
  // Every refusal below, whoever makes it, is worded in the request's staff language.
  api.use(translateErrors);
  api.use(sameOriginWrites);
  api.use("/auth/*", notStored);
  api.use("/admin/*", notStored);
  const smallBodies = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(apiError("api.bodyTooLarge", { kb: MAX_BODY_BYTES / 1024 }), 413),
  });
  // A probe's batch of results is larger: its route sets its own limit.
  api.use((c, next) => (c.req.path.startsWith(PROBE_PATH) ? next() : smallBodies(c, next)));
  api.use("/admin/*", requireSession(services));
  api.route("/auth/oidc", oidcRoutes(services));
  api.route("/auth/invitations", invitationRoutes(services));
  api.route("/auth/language", languageRoutes(services));
  api.route("/auth", signInStepRoutes(services));
  api.route("/auth", authRoutes(services));
  api.route("/contact", contactRoutes(services));
  api.route("/admin/account", accountRoutes(services));
  api.route("/admin/staff", staffRoutes(services));
  api.route("/admin", adminRoutes(services));
  api.route("/admin/contact-messages", adminContactRoutes(services));
  api.route("/admin", adminMonitorRoutes(services));
  api.route("/admin", adminAlertingRoutes(services));
  api.route("/admin", adminIntegrationRoutes(services));
  api.route("/maintenance", maintenanceTokenRoutes(services));
  api.route("/push", pushRoutes(services));
  api.route("/probe", probeRoutes(services));
  api.route("/status", subscriptionRoutes(services));
  api.route("/status", publicStatusRoutes(services));
  api.route("/admin/status", adminSubscriptionRoutes(services));
  api.route("/admin", adminStatusRoutes(services));
  api.notFound((c) => c.json(apiError("api.notFound"), 404));
  api.onError((error, c) => {
    // A database busy past its wait (SQLite's lock under a flood) is contention, not a fault: ask to retry.
    if (isBusy(error)) {
      c.get("log").warn({ err: error }, "database busy");
      c.header("Retry-After", "1");
      return c.json(apiError("api.busy"), 503);
    }
    c.get("log").error({ err: error }, "API error");
    return c.json(apiError("api.internal"), 500);
  });
  return api;
}
