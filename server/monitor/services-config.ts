// The monitor's part of the monitoring configuration: the services, their
// hosts and how each is checked, and the engine's defaults (interval,
// timeout, retries, concurrency, circuit breaker, alert thresholds).
import { z } from "zod";
import { PROFILES } from "../../shared/monitor/health.ts";

const auth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("api-key"), header: z.string().min(1).default("x-api-key"), key: z.string().min(1) }),
  z.object({ type: z.literal("basic"), username: z.string().min(1), password: z.string() }),
]);

const httpTarget = z.object({
  url: z.url({ protocol: /^https?$/, error: "Invalid URL" }),
  auth: auth.optional(),
  timeoutMs: z.number().int().min(100).max(60_000).optional(),
});

const tcpTarget = z.object({
  tcp: z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, 'must be "host:port"'),
  timeoutMs: z.number().int().min(100).max(60_000).optional(),
});

const target = z.union([httpTarget, tcpTarget], { error: 'needs "url" (HTTP) or "tcp" ("host:port")' });
export type Target = z.infer<typeof target>;

/** Checks in a row that open an incident, and good checks in a row that resolve it. */
const threshold = z.number({ error: "must be a number of checks" }).int("must be a whole number of checks").min(1, "must be at least 1").max(100, "must be at most 100");

export const serviceSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be lowercase letters, digits and dashes"),
    name: z.string().min(1).max(100),
    description: z.string().max(500).default(""),
    profile: z.enum(PROFILES).default("standard"),
    hosts: z.object({ centron: target.optional(), local: target.optional() }).refine((hosts) => hosts.centron || hosts.local, "needs a centron or a local host"),
    subServices: z.array(z.object({ name: z.string().min(1).max(100), centron: target })).max(20).default([]),
    failureThreshold: threshold.optional(),
    successThreshold: threshold.optional(),
  })
  .strict();
export type ServiceConfig = z.infer<typeof serviceSchema>;

export const defaultsSchema = z
  .object({
    intervalSeconds: z.number().int().min(5).max(3600).default(60),
    timeoutMs: z.number().int().min(100).max(60_000).default(5000),
    retries: z.number().int().min(0).max(5).default(2),
    /** Checks in flight at once. */
    concurrency: z.number().int().min(1).max(5000).default(200),
    /** Failures in a row that open a host's circuit. */
    circuitFailures: z.number().int().min(1).max(100).default(5),
    /** First wait before an open circuit is probed again; doubles to 30 minutes. */
    circuitBackoffSeconds: z.number().int().min(5).max(3600).default(120),
    /** Check starts are spread over this much of each cycle (default: a quarter of the interval, at most 15 s). */
    staggerSeconds: z.number().min(0).max(600).optional(),
    /** Failed checks in a row before an incident opens (Gatus' failure-threshold); 1 alerts on the first failure, as the spec does. */
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
