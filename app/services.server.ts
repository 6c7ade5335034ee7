// The server's services for a loader or action rendered per request. They are
// not there while prerendering, so a page that needs them must not be prerendered.
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#server/http/render-context.ts";

export function servicesFrom(context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  if (!services) throw new Error("This route needs the server's services: render it per request, not at build time");
  return services;
}
