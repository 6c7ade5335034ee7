// The monitor's part of the monitoring configuration: the services, the hosts
// each runs on (any names: `hosts: { fra: ..., muc: ... }`) and how each is
// checked (check-types.ts), what each depends on (`dependsOn`), and the
// engine's defaults (interval, timeout, retries, concurrency, circuit
// breaker, alert thresholds), which a service may override for itself.
import { z } from "zod";
import { PROFILES, TAG_PATTERN } from "#shared/monitor/health.ts";
import { targetSchema, type Target } from "./checks/check-types.ts";
import type { LocationConfig } from "./locations/locations-config.ts";

export type { Target } from "./checks/check-types.ts";

/** A host's name: short, lower-case, a word (it appears in keys, URLs and alert titles). */
const HOST_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_HOSTS = 10;
/** A service id, optionally with one of its hosts. */
const DEPENDENCY_REF = /^[a-z0-9][a-z0-9-]{0,63}(\/[a-z][a-z0-9-]{0,31})?$/;
const MAX_DEPENDENCIES = 20;
const MAX_TAGS = 32;
const LOCATION_REF = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_LOCATIONS = 50;
/** Where a host is checked from when nothing says otherwise: this server. */
const LOCAL_ONLY: Placement = { locations: ["local"], quorum: 1 };
/** Printable characters only: a location is shown as a filter option and sent back as a query parameter. */
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

/** Checks in a row that open an incident, and good checks in a row that resolve it. */
const threshold = z
  .number({ error: "must be a number of checks" })
  .int("must be a whole number of checks")
  .min(1, "must be at least 1")
  .max(100, "must be at most 100");
const intervalSeconds = z.number().int().min(5).max(3600);
/** A service may be checked less often than the engine's default allows: a push monitor of a weekly backup. */
const serviceIntervalSeconds = z
  .number()
  .int()
  .min(5)
  .max(7 * 86_400);
const timeoutMs = z.number().int().min(100).max(60_000);

/**
 * What a service or one host depends on: `datacenter-centron` (any of that service's hosts) or
 * `datacenter-centron/centron` (that host).
 */
const dependsOnSchema = z
  .array(
    z
      .string()
      .regex(DEPENDENCY_REF, "must be a service id, or a service id and one of its hosts (datacenter-centron/centron)"),
  )
  .min(1, "lists at least one service")
  .max(MAX_DEPENDENCIES, `at most ${MAX_DEPENDENCIES} entries`);

/** Where a host is checked from (`locations: [local, fra]`): location ids, each once. */
const locationListSchema = z
  .array(z.string().regex(LOCATION_REF, "a location id is lower-case letters, digits and dashes"))
  .min(1, "lists at least one location")
  .max(MAX_LOCATIONS, `at most ${MAX_LOCATIONS} locations`)
  .refine((ids) => new Set(ids).size === ids.length, "names each location once");
/** How many of its locations must see a failure before it counts. */
const quorumSchema = z
  .number({ error: "must be a number of locations" })
  .int("must be a whole number of locations")
  .min(1, "must be at least 1");

type HostEntry = { target: Target; dependsOn: string[]; locations?: string[]; quorum?: number };

/**
 * A host: its check (check-types.ts) and, optionally, what it depends on and where it is checked from, kept apart from
 * the check.
 */
const hostSchema = z.unknown().transform((value, context): HostEntry => {
  const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
  const { dependsOn, locations, quorum, ...check } = isObject ? (value as Record<string, unknown>) : {};
  const target = targetSchema.safeParse(isObject ? check : value);
  const dependencies = dependsOnSchema.optional().safeParse(dependsOn);
  const places = locationListSchema.optional().safeParse(locations);
  const count = quorumSchema.optional().safeParse(quorum);
  const forward = (issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]) =>
    issues.forEach((issue) =>
      context.addIssue({ code: "custom", message: issue.message, path: [...prefix, ...issue.path] }),
    );
  if (!target.success) forward(target.error.issues, []);
  if (!dependencies.success) forward(dependencies.error.issues, ["dependsOn"]);
  if (!places.success) forward(places.error.issues, ["locations"]);
  if (!count.success) forward(count.error.issues, ["quorum"]);
  if (!target.success || !dependencies.success || !places.success || !count.success) return z.NEVER;
  return {
    target: target.data,
    dependsOn: dependencies.data ?? [],
    ...(places.data ? { locations: places.data } : {}),
    ...(count.data ? { quorum: count.data } : {}),
  };
});

const hostsSchema = z
  .record(
    z.string().regex(HOST_NAME, "a host name is lower-case letters, digits and dashes, starting with a letter"),
    hostSchema,
  )
  .superRefine((hosts, context) => {
    const count = Object.keys(hosts).length;
    if (count === 0) context.addIssue({ code: "custom", message: "needs at least one host" });
    if (count > MAX_HOSTS) context.addIssue({ code: "custom", message: `at most ${MAX_HOSTS} hosts` });
  });

/** `{ name: Reverse proxy, centron: { url: ... } }`: a part of the service, checked on one of its hosts. */
const subServiceSchema = z.object({ name: z.string().min(1).max(100) }).catchall(targetSchema);

export type SubServiceConfig = { name: string; host: string; target: Target };

export const serviceSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be lowercase letters, digits and dashes"),
    name: z.string().min(1).max(100),
    description: z.string().max(500).default(""),
    profile: z.enum(PROFILES).default("standard"),
    hosts: hostsSchema,
    subServices: z.array(subServiceSchema).max(20).default([]),
    /** Shown on the public status page (under publicName when given); nothing of a private service is. */
    public: z.boolean().default(false),
    publicName: z
      .object({ en: z.string().min(1).max(80), de: z.string().min(1).max(80) })
      .strict()
      .optional(),
    /** The status page lists public services that share this name under it, in both languages as written. */
    publicGroup: z
      .string()
      .min(1)
      .max(60)
      .regex(PRINTABLE, "printable characters only")
      .refine((name) => name.trim() === name, "must not begin or end with a space")
      .optional(),
    intervalSeconds: serviceIntervalSeconds.optional(),
    timeoutMs: timeoutMs.optional(),
    failureThreshold: threshold.optional(),
    successThreshold: threshold.optional(),
    /**
     * While a service named here has an open incident, this one's failures are told in its notices, not in notices of
     * their own.
     */
    dependsOn: dependsOnSchema.optional(),
    /** Where its hosts are checked from (`[local, fra]`), unless a host says otherwise; default: this server. */
    locations: locationListSchema.optional(),
    /** How many of those locations must see a failure before it counts (default 1). */
    quorum: quorumSchema.optional(),
    /** Labels for the dashboard's filters and groups (`tags: [payments, eu]`). */
    tags: z
      .array(z.string().regex(TAG_PATTERN, "a tag is 1 to 40 lower-case letters, digits and dashes"))
      .min(1, "lists at least one tag")
      .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
      .optional(),
    /** Where it runs, as people say it ("Frankfurt", "Office Munich"): a filter of the dashboard. */
    location: z
      .string()
      .min(1, "must not be empty")
      .max(60, "at most 60 characters")
      .regex(PRINTABLE, "printable characters only")
      .optional(),
  })
  .strict()
  .transform((service, context) => {
    const hosts = Object.keys(service.hosts);
    const subServices = service.subServices.map((sub, index): SubServiceConfig => {
      const keys = Object.keys(sub).filter((key) => key !== "name");
      if (keys.length !== 1 || !hosts.includes(keys[0]!)) {
        context.addIssue({
          code: "custom",
          path: ["subServices", index],
          message: `names the one host it runs on, one of ${hosts.join(", ") || "the service's hosts"}`,
        });
        return z.NEVER;
      }
      return { name: sub.name, host: keys[0]!, target: sub[keys[0]!] as Target };
    });
    const names = new Set<string>();
    service.subServices.forEach((sub, index) => {
      if (names.has(sub.name))
        context.addIssue({
          code: "custom",
          path: ["subServices", index, "name"],
          message: `duplicate sub-service "${sub.name}"`,
        });
      names.add(sub.name);
    });
    if (
      service.timeoutMs !== undefined &&
      service.intervalSeconds !== undefined &&
      service.timeoutMs >= service.intervalSeconds * 1000
    ) {
      context.addIssue({ code: "custom", path: ["timeoutMs"], message: "must be shorter than the interval" });
    }
    const targets: Record<string, Target> = {};
    const hostDependsOn: Record<string, string[]> = {};
    const placements: Record<string, Placement> = {};
    for (const [host, entry] of Object.entries(service.hosts)) {
      targets[host] = entry.target;
      if (entry.dependsOn.length > 0) hostDependsOn[host] = entry.dependsOn;
      const placement = placementFrom(entry, service, ["hosts", host], context);
      if (placement) placements[host] = placement;
    }
    if (!service.locations && service.quorum !== undefined && service.quorum > 1)
      context.addIssue({ code: "custom", path: ["quorum"], message: "a quorum above 1 needs the locations listed" });
    const { locations: _locations, quorum: _quorum, id, ...rest } = service;
    // A plain property first, and the empty parts shared: begun with the spread, V8 gave each service a dictionary
    // of its own, 743 bytes instead of 215 (decision 057).
    return {
      id,
      ...rest,
      hosts: targets,
      dependsOn: service.dependsOn ?? NOTHING,
      hostDependsOn: Object.keys(hostDependsOn).length > 0 ? hostDependsOn : NO_ENTRIES,
      placements: Object.keys(placements).length > 0 ? placements : NO_ENTRIES,
      subServices: subServices.length > 0 ? subServices : NOTHING,
    };
  });

/** What most services have none of, one of each for all of them: the configuration is never changed once parsed. */
const NOTHING: never[] = Object.freeze([]) as never[];
const NO_ENTRIES: Record<string, never> = Object.freeze({});

/**
 * Where a host is checked from and its quorum: its own, else its service's; nothing stored when both are this server
 * alone (most hosts), so a large fleet carries no copy per host.
 */
function placementFrom(
  entry: HostEntry,
  service: { locations?: string[]; quorum?: number },
  path: PropertyKey[],
  context: z.RefinementCtx,
): Placement | undefined {
  const locations = entry.locations ?? service.locations ?? LOCAL_ONLY.locations;
  const quorum = entry.quorum ?? service.quorum ?? 1;
  if (quorum > locations.length) {
    context.addIssue({
      code: "custom",
      path: [...path, entry.quorum === undefined ? "locations" : "quorum"],
      message: `a quorum of ${quorum} needs at least ${quorum} locations; ${locations.length} listed`,
    });
    return undefined;
  }
  if (locations.length === 1 && locations[0] === "local") return undefined;
  return { locations, quorum };
}
export type ServiceConfig = z.output<typeof serviceSchema>;

export const defaultsSchema = z
  .object({
    intervalSeconds: intervalSeconds.default(60),
    timeoutMs: timeoutMs.default(5000),
    retries: z.number().int().min(0).max(5).default(2),
    /** Checks in flight at once. */
    concurrency: z.number().int().min(1).max(5000).default(200),
    /**
     * Failures in a row that open a host's circuit: its checks then run without retries and with half the timeout
     * (never less often).
     */
    circuitFailures: z.number().int().min(1).max(100).default(5),
    /**
     * Gone: an open circuit used to wait out a back-off unchecked. Named here so that a file still setting it is told
     * why.
     */
    circuitBackoffSeconds: z
      .never({ error: "is no longer used: an open circuit is checked every interval (remove this key)" })
      .optional(),
    /** Check starts are spread over this much of each round (default: a quarter of the interval, at most 15 s). */
    staggerSeconds: z.number().min(0).max(600).optional(),
    /**
     * Failed checks in a row before an incident opens (Gatus' failure-threshold); 1 (the default) alerts on the first
     * failure.
     */
    failureThreshold: threshold.default(1),
    /** Good checks in a row before an open incident resolves. */
    successThreshold: threshold.default(1),
  })
  .strict()
  .prefault({});
export type Defaults = z.infer<typeof defaultsSchema>;

/** The part of the configuration the engine reads; `locations` adds the remote probes to this server (local). */
export type ServicesConfig = { defaults: Defaults; services: ServiceConfig[]; locations?: readonly LocationConfig[] };

/** A service's thresholds: its own, else the defaults. */
export function thresholdsOf(service: ServiceConfig, defaults: Defaults): { failure: number; success: number } {
  return {
    failure: service.failureThreshold ?? defaults.failureThreshold,
    success: service.successThreshold ?? defaults.successThreshold,
  };
}

/** A service's interval in milliseconds: its own, else the default. */
export function intervalOf(service: ServiceConfig, defaults: Defaults): number {
  return (service.intervalSeconds ?? defaults.intervalSeconds) * 1000;
}

/** How long a check of this target may take: the host's own timeout, the service's, else the default. */
export function timeoutOf(target: Target, service: ServiceConfig, defaults: Defaults): number {
  return target.timeoutMs ?? service.timeoutMs ?? defaults.timeoutMs;
}

/** Where a host is checked from, and how many of those places must see a failure before it counts. */
export type Placement = { readonly locations: readonly string[]; readonly quorum: number };

/** A host's locations and quorum (this server alone unless configured). */
export function placementOf(service: ServiceConfig, host: string): Placement {
  return service.placements[host] ?? LOCAL_ONLY;
}

/** The service's host names, in the order the configuration gives them. */
export function hostNames(service: ServiceConfig): string[] {
  return Object.keys(service.hosts);
}
