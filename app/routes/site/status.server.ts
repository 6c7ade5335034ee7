// The status page's data: the public status the server keeps in memory (built
// when its data changes), built now only when there is none yet. The server
// renders the page it keeps in memory from one status it hands over, so both
// languages say the same even when the status is rebuilt between the two.
import type { RouterContextProvider } from "react-router";
import type { PublicStatus } from "#shared/status/public-status.ts";
import { statusContext } from "#server/http/render-context.ts";
import { servicesFrom } from "#app/services.server.ts";

export async function loadPublicStatus(context: Readonly<RouterContextProvider>): Promise<PublicStatus | null> {
  const given = context.get(statusContext);
  if (given) return given;
  const source = servicesFrom(context).status?.source;
  if (!source) return null;
  return source.current() ?? (await source.refresh());
}
