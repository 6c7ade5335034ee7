// The HTTP surface: one Hono app, built here and started by index.ts (or by
// tests through app.request(), without a socket).
import { randomBytes, randomUUID } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createAdmission } from "#server/scheduling/admission.ts";
import type { Services } from "#server/services.ts";
import { createApi, MAX_BODY_BYTES } from "./api.ts";
import { bearerMatches } from "./bearer.ts";
import { heldForKeys } from "./key-attempts.ts";
import type { ApiEnv } from "./api-context.ts";
import { httpDuration, httpRequests, METRICS_CONTENT_TYPE, metricsText } from "./metrics.ts";
import { clientIpContext, nonceContext, servicesContext } from "./render-context.ts";
import { acmeChallengeRoutes } from "./routes/integrations.ts";
import { canonicalPath, staysOnOrigin } from "./local-redirect.ts";
import { clientIp, isHttps, loggedPath } from "./request-info.ts";
import { pageFormPosts } from "./page-form-posts.ts";
import { busy, RENDER_LIMITS } from "./render-limits.ts";
import { isSameOriginWrite, requestOrigin } from "./same-origin.ts";
import { securityHeaders } from "./security-headers.ts";

/** What /news/ without an id shows: the first article, rather than a dead end. */
const DEFAULT_ARTICLE_ID = 1;

export type AppOptions = {
  /** The React Router server build (a function in development, where it changes). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production" | "test";
  services: Services;
};

type AppEnv = ApiEnv & {
  Variables: { nonce: string };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
};

/**
 * Per request: an id, a logger, the client's address, a CSP nonce; after the
 * handler: the security headers, the log line and the metrics.
 */
function safeOrigin(location: string, base: string): string {
  try {
    return new URL(location, base).origin;
  } catch {
    return "(unparseable)";
  }
}

function requestContext(services: Services): MiddlewareHandler<AppEnv> {
  const { config } = services;
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    const header = (name: string) => c.req.header(name);
    const log = services.logger.child({ requestId });
    const nonce = randomBytes(16).toString("base64");
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("nonce", nonce);
    c.set("clientIp", clientIp(header, c.env?.incoming?.socket?.remoteAddress, config.TRUST_PROXY));
    c.set("cookieRequest", { url: c.req.url, header, trustProxy: config.TRUST_PROXY });
    const https = isHttps(header, c.req.url, config.TRUST_PROXY);
    c.set("ownOrigin", requestOrigin(header, https));
    await next();
    const location = c.res.headers.get("location");
    // The one way off the origin: single sign-on's start, to the provider its discovery document names.
    const toProvider = config.OIDC_ISSUER !== undefined && c.req.path === "/api/auth/oidc/start";
    if (location !== null && !toProvider && !staysOnOrigin(location, c.req.url)) {
      // Its origin only: a query may carry a token.
      log.error({ location: safeOrigin(location, c.req.url) }, "a redirect off the origin was stopped");
      // Cleared first: Hono's setter would carry the refused response's headers (Location, cookies) over.
      c.res = undefined;
      c.res = new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const headers = { ...securityHeaders({ https, nonce }), "X-Request-Id": requestId };
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    } catch {
      // Immutable headers (Response.redirect()): copy the response once. Copying
      // every response would turn each body into a stream and slow every answer.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    }
    const route = c.req.routePath;
    const seconds = (performance.now() - started) / 1000;
    httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
    httpDuration.observe({ method: c.req.method, route }, seconds);
    log.info(
      {
        method: c.req.method,
        path: loggedPath(new URL(c.req.url).pathname),
        status: c.res.status,
        ms: Math.round(seconds * 1000),
      },
      "request",
    );
  };
}

/** What a probe says while writes find no space: the storage problem, since when, and the database's words. */
function storageFull(services: Services) {
  const state = services.database.storage.state();
  return state.status === "full"
    ? { storage: "full" as const, since: new Date(state.since).toISOString(), error: state.error }
    : undefined;
}

/**
 * Liveness, readiness and the metrics behind their bearer. A full disk makes both probes fail: the process lives,
 * but it cannot keep what it is sent, and whoever watches /healthz must hear of it.
 */
function addProbes(app: Hono<AppEnv>, services: Services): void {
  const { config } = services;
  app.get("/healthz", (c) => {
    const full = storageFull(services);
    return full ? c.json({ status: "degraded", ...full }, 503) : c.json({ status: "ok" });
  });
  app.get("/readyz", async (c) => {
    if (!(await services.database.ping())) return c.json({ status: "unavailable", database: "unreachable" }, 503);
    const full = storageFull(services);
    return full ? c.json({ status: "unavailable", ...full }, 503) : c.json({ status: "ready" });
  });
  app.get("/metrics", async (c) => {
    if (!config.METRICS_TOKEN) return c.text("Not found", 404);
    const hit = bearerMatches(c.req.header("authorization"), config.METRICS_TOKEN);
    const held = await heldForKeys(c, services, "metrics", hit);
    if (held) return held;
    if (!hit) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    return c.body(await metricsText(), 200, { "Content-Type": METRICS_CONTENT_TYPE });
  });
}

// Built files never reach this app in production: the Node listener answers
// them first (node-listener.ts); in development Vite serves them.
export function createApp({ build, mode, services }: AppOptions) {
  const app = new Hono<AppEnv>();
  const renderPage = createRequestHandler(build, mode === "test" ? "production" : mode);

  app.use(requestContext(services));
  addProbes(app, services);

  // One URL per page: "/about/" and "//about" move permanently to "/about".
  // The article route without an id ("/news/") shows article 1.
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    const path = canonicalPath(url.pathname);
    if (path !== url.pathname) {
      if (/^(\/(en|de))?\/news$/.test(path) && url.pathname.endsWith("/"))
        return c.redirect(`${path}/${DEFAULT_ARTICLE_ID}`, 302);
      return c.redirect(`${path}${url.search}`, 301);
    }
    return next();
  });

  app.route("/.well-known/acme-challenge", acmeChallengeRoutes(services));
  app.route("/api", createApi(services));
  app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

  // A missing hashed file is a plain 404, not a page.
  app.all("/assets/*", (c) => c.text("Not found", 404));
  app.all("/islands/*", (c) => c.text("Not found", 404));

  // Form posts to pages (the contact form without JavaScript): forms only, within the API's size.
  app.on(
    ["POST", "PUT", "PATCH", "DELETE"],
    "*",
    async (c, next) => {
      if (!isSameOriginWrite(c.req.method, (name) => c.req.header(name), c.get("ownOrigin")))
        return c.text("Cross-site request refused", 403);
      return next();
    },
    pageFormPosts(MAX_BODY_BYTES),
  );

  // Built files come precompressed; pages rendered per request are compressed
  // here. (Not the API: its answers are small, and compressing them costs more.)
  // Rendering is the costliest thing a request can ask for: a few at a time,
  // a short queue, and "busy" beyond it (render-limits.ts).
  const renders = createAdmission(RENDER_LIMITS);
  app.all("*", compress(), async (c) => {
    const context = new RouterContextProvider();
    context.set(nonceContext, c.get("nonce"));
    context.set(servicesContext, services);
    context.set(clientIpContext, c.get("clientIp"));
    const rendered = await renders.run(() => renderPage(c.req.raw, context));
    if (!rendered.admitted) return busy(c);
    const response = rendered.value;
    // Pages rendered per request are not cached: the staff area must never come back from a cache.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    return response;
  });

  app.onError((error, c) => {
    c.get("log")?.error({ err: error }, "unhandled error");
    return new URL(c.req.url).pathname.startsWith("/api/")
      ? c.json({ error: "Internal error" }, 500)
      : c.text("Internal error", 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
