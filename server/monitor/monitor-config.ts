// The monitoring configuration: a YAML file, validated whole at load with
// zod, every error naming its path ("services[3].hosts.local.url: Invalid
// URL"). "${VAR}" expands from the environment, so credentials never sit in
// the file. An edit while running is reloaded; a bad edit keeps the last good
// configuration and logs why.
import { readFileSync, watch } from "node:fs";
import { basename, dirname } from "node:path";
import type { Logger } from "pino";
import { parse } from "yaml";
import { z } from "zod";
import { PROFILES } from "../../shared/monitor/health.ts";
import { integrationsSchema } from "../integrations/integrations-config.ts";

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

const service = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be lowercase letters, digits and dashes"),
    name: z.string().min(1).max(100),
    description: z.string().max(500).default(""),
    profile: z.enum(PROFILES).default("standard"),
    hosts: z.object({ centron: target.optional(), local: target.optional() }).refine((hosts) => hosts.centron || hosts.local, "needs a centron or a local host"),
    subServices: z.array(z.object({ name: z.string().min(1).max(100), centron: target })).max(20).default([]),
  })
  .strict();
export type ServiceConfig = z.infer<typeof service>;

const schema = z
  .object({
    alerts: z.object({ to: z.email(), cooldownMinutes: z.number().min(0).max(24 * 60).default(5) }).strict(),
    defaults: z
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
      })
      .strict()
      .prefault({}),
    services: z.array(service).max(100_000),
    integrations: integrationsSchema,
  })
  .strict()
  .superRefine((config, context) => {
    if (config.defaults.timeoutMs >= config.defaults.intervalSeconds * 1000) {
      context.addIssue({ code: "custom", path: ["defaults", "timeoutMs"], message: "must be shorter than the interval" });
    }
  });

export type MonitoringConfig = z.infer<typeof schema>;

export class MonitorConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid monitoring configuration ${file}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "MonitorConfigError";
  }
}

/** ["services", 3, "hosts", "url"] -> "services[3].hosts.url" */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), "");
}

/** Replaces ${VAR} (or ${VAR:-default}) in every string; a variable that is not set and has no default is an error at its path. */
function expand(value: unknown, env: Record<string, string | undefined>, path: PropertyKey[], problems: string[]): unknown {
  if (typeof value === "string") {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => {
      const found = env[name] ?? fallback;
      if (found === undefined) problems.push(`${formatPath(path)}: environment variable ${name} is not set`);
      return found ?? "";
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => expand(item, env, [...path, index], problems));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expand(item, env, [...path, key], problems)]));
  }
  return value;
}

/** Checked apart from the schema, so it is reported even when other errors stop the schema early. */
function duplicateIds(raw: unknown): string[] {
  const services = (raw as { services?: unknown } | null)?.services;
  if (!Array.isArray(services)) return [];
  const seen = new Set<unknown>();
  const found: string[] = [];
  services.forEach((entry: { id?: unknown } | null, index) => {
    const id = entry?.id;
    if (typeof id !== "string") return;
    if (seen.has(id)) found.push(`services[${index}].id: duplicate id "${id}"`);
    seen.add(id);
  });
  return found;
}

export function parseMonitoringConfig(text: string, env: Record<string, string | undefined>, file = "monitoring.yaml"): MonitoringConfig {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new MonitorConfigError(file, [`YAML: ${(error as Error).message.split("\n")[0]}`]);
  }
  const problems: string[] = [];
  const expanded = expand(raw, env, [], problems);
  // A missing variable is reported once, not again as the empty value it left.
  const reported = new Set(problems.map((problem) => problem.slice(0, problem.indexOf(": "))));
  const result = schema.safeParse(expanded);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = formatPath(issue.path);
      if (!reported.has(path)) problems.push(`${path || "(file)"}: ${issue.message}`);
    }
  }
  problems.push(...duplicateIds(expanded));
  if (problems.length > 0) throw new MonitorConfigError(file, problems);
  return result.data!;
}

export function loadMonitoringConfig(file: string, env: Record<string, string | undefined>): MonitoringConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new MonitorConfigError(file, [`cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`]);
  }
  return parseMonitoringConfig(text, env, file);
}

/**
 * Watches the file (its folder, since editors replace files) and hands each
 * good new configuration to onChange; a bad one is logged and ignored.
 */
export function watchMonitoringConfig(file: string, env: Record<string, string | undefined>, logger: Logger, onChange: (config: MonitoringConfig) => void) {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dirname(file), (_event, name) => {
    if (name !== basename(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        onChange(loadMonitoringConfig(file, env));
        logger.info({ file }, "monitoring configuration reloaded");
      } catch (error) {
        const problems = error instanceof MonitorConfigError ? error.problems : [(error as Error).message];
        logger.error({ file, problems }, "monitoring configuration not reloaded: keeping the last good one");
      }
    }, 200);
  });
  return { close: () => (clearTimeout(timer), watcher.close()) };
}
