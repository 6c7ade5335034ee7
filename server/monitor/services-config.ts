// The monitor's part of the monitoring configuration: the services, the hosts
// each runs on (any names: `hosts: { fra: ..., muc: ... }`) and how each is
// checked (check-types.ts), and the engine's defaults (interval, timeout,
// retries, concurrency, circuit breaker, alert thresholds), which a service
// may override for itself.
import { z } from "zod";
import { PROFILES } from "#shared/monitor/health.ts";
import { targetSchema, type Target } from "./checks/check-types.ts";

export type { Target } from "./checks/check-types.ts";

/** A host's name: short, lower-case, a word (it appears in keys, URLs and alert titles). */
const HOST_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_HOSTS = 10;

/** Checks in a row that open an incident, and good checks in a row that resolve it. */
const threshold = z.number({ error: "must be a number of checks" }).int("must be a whole number of checks").min(1, "must be at least 1").max(100, "must be at most 100");
const intervalSeconds = z.number().int().min(5).max(3600);
/** A service may be checked less often than the engine's default allows: a push monitor of a weekly backup. */
const serviceIntervalSeconds = z
  .number()
  .int()
  .min(5)
  .max(7 * 86_400);
const timeoutMs = z.number().int().min(100).max(60_000);

const hostsSchema = z
  .record(z.string().regex(HOST_NAME, "a host name is lower-case letters, digits and dashes, starting with a letter"), targetSchema)
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
    intervalSeconds: serviceIntervalSeconds.optional(),
    timeoutMs: timeoutMs.optional(),
    failureThreshold: threshold.optional(),
    successThreshold: threshold.optional(),
  })
  .strict()
  .transform((service, context) => {
    const hosts = Object.keys(service.hosts);
    const subServices = service.subServices.map((sub, index): SubServiceConfig => {
      const keys = Object.keys(sub).filter((key) => key !== "name");
      if (keys.length !== 1 || !hosts.includes(keys[0]!)) {
        context.addIssue({ code: "custom", path: ["subServices", index], message: `names the one host it runs on, one of ${hosts.join(", ") || "the service's hosts"}` });
        return z.NEVER;
      }
      return { name: sub.name, host: keys[0]!, target: sub[keys[0]!] as Target };
    });
    const names = new Set<string>();
    service.subServices.forEach((sub, index) => {
      if (names.has(sub.name)) context.addIssue({ code: "custom", path: ["subServices", index, "name"], message: `duplicate sub-service "${sub.name}"` });
      names.add(sub.name);
    });
    if (service.timeoutMs !== undefined && service.intervalSeconds !== undefined && service.timeoutMs >= service.intervalSeconds * 1000) {
      context.addIssue({ code: "custom", path: ["timeoutMs"], message: "must be shorter than the interval" });
    }
    return { ...service, subServices };
  });
export type ServiceConfig = z.output<typeof serviceSchema>;

export const defaultsSchema = z
  .object({
    intervalSeconds: intervalSeconds.default(60),
    timeoutMs: timeoutMs.default(5000),
    retries: z.number().int().min(0).max(5).default(2),
    /** Checks in flight at once. */
    concurrency: z.number().int().min(1).max(5000).default(200),
    /** Failures in a row that open a host's circuit. */
    circuitFailures: z.number().int().min(1).max(100).default(5),
    /** First wait before an open circuit is probed again; doubles to 30 minutes. */
    circuitBackoffSeconds: z.number().int().min(5).max(3600).default(120),
    /** Check starts are spread over this much of each round (default: a quarter of the interval, at most 15 s). */
    staggerSeconds: z.number().min(0).max(600).optional(),
    /** Failed checks in a row before an incident opens (Gatus' failure-threshold); 1 (the default) alerts on the first failure. */
    failureThreshold: threshold.default(1),
    /** Good checks in a row before an open incident resolves. */
    successThreshold: threshold.default(1),
  })
  .strict()
  .prefault({});
export type Defaults = z.infer<typeof defaultsSchema>;

/** The part of the configuration the engine reads. */
export type ServicesConfig = { defaults: Defaults; services: ServiceConfig[] };

/** A service's thresholds: its own, else the defaults. */
export function thresholdsOf(service: ServiceConfig, defaults: Defaults): { failure: number; success: number } {
  return { failure: service.failureThreshold ?? defaults.failureThreshold, success: service.successThreshold ?? defaults.successThreshold };
}

/** A service's interval in milliseconds: its own, else the default. */
export function intervalOf(service: ServiceConfig, defaults: Defaults): number {
  return (service.intervalSeconds ?? defaults.intervalSeconds) * 1000;
}

/** How long a check of this target may take: the host's own timeout, the service's, else the default. */
export function timeoutOf(target: Target, service: ServiceConfig, defaults: Defaults): number {
  return target.timeoutMs ?? service.timeoutMs ?? defaults.timeoutMs;
}

/** The service's host names, in the order the configuration gives them. */
export function hostNames(service: ServiceConfig): string[] {
  return Object.keys(service.hosts);
}
