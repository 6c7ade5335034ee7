// The signed-in staff member of a request, for the staff area's loaders.
import type { RouterContextProvider } from "react-router";
import { servicesFrom } from "#app/services.server.ts";
import { readSessionToken } from "#server/http/session-cookie.ts";

export async function currentSession(request: Request, context: Readonly<RouterContextProvider>) {
  const services = servicesFrom(context);
  const token = readSessionToken({
    url: request.url,
    header: (name) => request.headers.get(name),
    trustProxy: services.config.TRUST_PROXY,
  });
  return { services, session: token ? await services.sessions.validate(token) : undefined };
}
