// Every kind of probe the server knows, in one table: a probe is (kind,
// target, location) -> result. The kinds are the services' check types
// (server/monitor/checks/check-types.ts: HTTP, TCP, TLS, DNS, push) and the
// integrations' readings (server/integrations/: certificates, nginx, HAProxy,
// AI services). Each family runs under the one probe scheduler and its lease
// (server/scheduling/probe-scheduler.ts); the table says where each kind may
// run: a check type at any location unless it is received rather than made
// (push), a reading at this server only (it reads the server's own peers and
// renews its certificates). The configuration refuses a placement a kind
// cannot have, and a remote probe is never assigned one.
import { checkKinds } from "./monitor/checks/check-types.ts";
import { LOCAL } from "./monitor/locations/locations-config.ts";
import type { SnapshotName } from "./integrations/integration-snapshots.ts";

export type ProbeKind = {
  /** A check type's YAML key ("url", "tcp", ...) or a reading's name ("nginx", "certificates", ...). */
  name: string;
  /** The family of the scheduler that runs it at this server. */
  family: "checks" | "readings";
  /** Any location (this server or a remote probe), or this server only. */
  runsAt: "any-location" | "server";
  /** Why it runs at this server only, in the words of a configuration error. */
  why?: string;
};

/** The integrations' readings: the sampled sources and the certificates' checks (named here, not imported: a probe
 * process loads this table and needs none of their code). */
const READINGS: readonly (SnapshotName | "certificates")[] = ["nginx", "haproxy", "ai-services", "certificates"];

const SERVER_ONLY_BECAUSE: Record<string, string> = {
  push: "a push monitor is called at this server, not checked from a location",
};

export const PROBE_KINDS: readonly ProbeKind[] = [
  ...checkKinds().map(({ key, runsAt }): ProbeKind => ({
    name: key,
    family: "checks",
    runsAt,
    ...(runsAt === "server" ? { why: SERVER_ONLY_BECAUSE[key] ?? "it runs at this server only" } : {}),
  })),
  ...READINGS.map((name): ProbeKind => ({ name, family: "readings", runsAt: "server" })),
];

const BY_NAME = new Map(PROBE_KINDS.map((kind) => [kind.name, kind]));

/** The kind of this name; undefined for a name no kind has. */
export const probeKind = (name: string): ProbeKind | undefined => BY_NAME.get(name);

/** Whether a probe of this kind can run at this location. */
export function runsAt(name: string, location: string): boolean {
  const kind = BY_NAME.get(name);
  return kind !== undefined && (kind.runsAt === "any-location" || location === LOCAL);
}
