// The places checks run from: `local` (this server) always, and the remote
// probes the configuration names (`locations: [{ id: fra, name: Frankfurt,
// token: "${PROBE_FRA_TOKEN}" }]`). A remote location signs in with its own
// token; the server keeps only its sha256, so a configuration read back or a
// memory dump never shows it, and `previousToken` lets a rotation overlap.
// `connectivity` is each location's reference target: when it fails, the
// location is offline and its failures are not the targets' (local's is
// checked by the server itself).
import { createHash } from "node:crypto";
import { z } from "zod";
import { targetSchema, type Target } from "#server/monitor/checks/check-types.ts";
import { LOCATION_ID } from "./location-id.ts";

export const LOCAL = "local";
const MAX_LOCATIONS = 50;
/** A token a person cannot guess: 24 characters and more (openssl rand -hex 24 gives 48). */
const MIN_TOKEN = 24;

export const hashProbeToken = (token: string) => createHash("sha256").update(token).digest("hex");

const tokenSchema = z
  .string()
  .min(MIN_TOKEN, `must be at least ${MIN_TOKEN} characters (openssl rand -hex 24 makes one)`)
  .max(200);

/** A reference target: a URL as text, or any check (`{ tcp: "1.1.1.1:53" }`). */
const connectivitySchema = z.preprocess((value) => (typeof value === "string" ? { url: value } : value), targetSchema);

const locationSchema = z
  .object({
    id: z.string().regex(LOCATION_ID, "a location id is lower-case letters, digits and dashes, starting with a letter"),
    name: z.string().min(1).max(60),
    token: tokenSchema.optional(),
    previousToken: tokenSchema.optional(),
    connectivity: connectivitySchema.optional(),
  })
  .strict()
  .superRefine((location, context) => {
    if (location.id === LOCAL && (location.token !== undefined || location.previousToken !== undefined))
      context.addIssue({ code: "custom", path: ["token"], message: "local is this server: it takes no token" });
    if (location.id !== LOCAL && location.token === undefined)
      context.addIssue({ code: "custom", path: ["token"], message: "a remote location needs its token" });
    if (location.connectivity?.type === "push")
      context.addIssue({ code: "custom", path: ["connectivity"], message: "a push monitor cannot be a reference" });
  })
  .transform(({ token, previousToken, ...location }): LocationConfig => ({
    ...location,
    tokenHashes: [token, previousToken].filter((value) => value !== undefined).map(hashProbeToken),
  }));

export type LocationConfig = {
  id: string;
  name: string;
  /** sha256 of the token (and of the previous one during a rotation), hex. */
  tokenHashes: string[];
  connectivity?: Target;
};

export const locationsSchema = z
  .array(locationSchema)
  .max(MAX_LOCATIONS, `at most ${MAX_LOCATIONS} locations`)
  .default([])
  .superRefine((locations, context) => {
    const seen = new Set<string>();
    locations.forEach((location, index) => {
      if (seen.has(location.id))
        context.addIssue({ code: "custom", path: [index, "id"], message: `duplicate location "${location.id}"` });
      seen.add(location.id);
    });
  })
  .transform((locations): LocationConfig[] =>
    locations.some((location) => location.id === LOCAL)
      ? locations
      : [{ id: LOCAL, name: "This server", tokenHashes: [] }, ...locations],
  );

/** The location a token signs in as, if any (hashes compared, never the token). */
export function locationOfToken(locations: readonly LocationConfig[], token: string): LocationConfig | undefined {
  const hash = hashProbeToken(token);
  return locations.find((location) => location.id !== LOCAL && location.tokenHashes.includes(hash));
}
