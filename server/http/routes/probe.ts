// /api/probe/*: remote probes fetch what their location checks and send back
// what they measured (server/probes/). A probe signs in with its location's
// bearer token, compared by its hash; a wrong one is 401, and a client
// network that sends too many waits (key-attempts.ts). The token is never
// logged: nothing here logs a header. Batches may be large (5,000 results),
// so this route takes bodies up to 1 MB where the rest of the API takes 16 KB.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Services } from "#server/services.ts";
import { readJson, type ApiEnv } from "#server/http/api-context.ts";
import { heldForKeys } from "#server/http/key-attempts.ts";
import { apiError } from "#server/http/staff-messages.ts";
import { locationOfToken, type LocationConfig } from "#server/monitor/locations/locations-config.ts";
import { createProbeResults } from "#server/monitor/locations/probe-results.ts";
import { assignmentsOf } from "#server/probes/probe-assignments.ts";
import { receiveBatch } from "#server/probes/probe-intake.ts";
import { MAX_BATCH_BYTES } from "#server/probes/probe-protocol.ts";
import { resultsBodySchema } from "#server/probes/probe-results-schema.ts";

const bearerOf = (header: string | undefined) => (header?.startsWith("Bearer ") ? header.slice(7).trim() : "");

export function probeRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();
  const monitor = services.monitor;
  if (!monitor) {
    routes.all("*", (c) => c.json({ error: "Monitoring is not configured" }, 503));
    return routes;
  }
  const config = monitor.config;
  const results = createProbeResults(services.database.db);
  /** The location the bearer token signs in as, or the answer that refuses it. */
  const signIn = async (c: Context<ApiEnv>): Promise<LocationConfig | Response> => {
    const token = bearerOf(c.req.header("authorization"));
    const location = token === "" ? undefined : locationOfToken(config().locations ?? [], token);
    const held = await heldForKeys(c, services, "probe", location !== undefined);
    if (held) return held;
    if (location) return location;
    c.header("WWW-Authenticate", 'Bearer realm="probe"');
    return c.json(apiError("api.unauthorized"), 401);
  };
  routes.get("/assignments", async (c) => {
    const location = await signIn(c);
    if (location instanceof Response) return location;
    return c.json({ ...assignmentsOf(config(), location), serverTime: services.now() });
  });
  routes.post(
    "/results",
    bodyLimit({
      maxSize: MAX_BATCH_BYTES,
      onError: (c) => c.json(apiError("api.bodyTooLarge", { kb: MAX_BATCH_BYTES / 1024 }), 413),
    }),
    async (c) => {
      const location = await signIn(c);
      if (location instanceof Response) return location;
      const body = await readJson(c, resultsBodySchema);
      if (!body.ok) return body.response;
      const answer = await receiveBatch(
        {
          config: config(),
          location,
          results,
          endpointIds: (endpoints) => monitor.store.endpointIds(endpoints),
          now: services.now,
        },
        body.data,
      );
      return c.json(answer);
    },
  );
  return routes;
}
