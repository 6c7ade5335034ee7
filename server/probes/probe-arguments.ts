// The probe's command line: `--server <url> --location <id> [--data <dir>]
// [--insecure-http]`, its token from PROBE_TOKEN (never an argument: the
// process list shows arguments to every user). The token crosses the network
// on every request, so plain http is refused except to this machine itself,
// unless asked for by name.
import { parseArgs } from "node:util";
import { LOCATION_ID } from "#server/monitor/locations/location-id.ts";

export type ProbeArguments = { server: string; location: string; token: string; dataDir: string };

export const USAGE = "usage: npm run probe -- --server <https://...> --location <id> [--data <dir>] [--insecure-http]";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function parseProbeArguments(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): { ok: true; value: ProbeArguments } | { ok: false; error: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        server: { type: "string" },
        location: { type: "string" },
        data: { type: "string" },
        "insecure-http": { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const { server, location, data } = values as { server?: string; location?: string; data?: string };
  if (!server) return { ok: false, error: "--server is missing: the monitoring server's URL" };
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return { ok: false, error: `--server ${server} is not a URL` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, error: "--server must be an https:// URL" };
  if (url.protocol === "http:" && !LOOPBACK.has(url.hostname) && values["insecure-http"] !== true)
    return {
      ok: false,
      error: "--server must be https:// (the token would cross the network readable); --insecure-http allows http",
    };
  if (!location) return { ok: false, error: "--location is missing: this probe's location id (as in monitoring.yaml)" };
  if (!LOCATION_ID.test(location))
    return { ok: false, error: `--location ${location} is not a location id (lower-case letters, digits, dashes)` };
  const token = env.PROBE_TOKEN?.trim();
  if (!token) return { ok: false, error: "PROBE_TOKEN is not set: the location's token, in the environment" };
  const base = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  return { ok: true, value: { server: base, location, token, dataDir: data ?? `./data/probe-${location}` } };
}
