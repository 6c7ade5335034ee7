// The status page's data: the public status the server keeps in memory (built
// when its data changes), built now only when there is none yet.
import type { RouterContextProvider } from "react-router";
import type { PublicStatus } from "#shared/status/public-status.ts";
import { servicesFrom } from "#app/services.server.ts";

export async function loadPublicStatus(context: Readonly<RouterContextProvider>): Promise<PublicStatus | null> {
  const source = servicesFrom(context).status?.source;
  if (!source) return null;
  return source.current() ?? (await source.refresh());
}
