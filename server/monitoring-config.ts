// The monitoring configuration: a YAML file, validated whole at load with
// zod, every error naming its path ("services[3].hosts.local.url: Invalid
// URL"). Each part's schema lives with the module that reads it (services
// and defaults: monitor/, alerts and maintenance: alerting/, integrations:
// integrations/); this file puts them together. "${VAR}" expands from the
// environment, so credentials never sit in the file. An edit while running is
// reloaded; a bad edit keeps the last good configuration and logs why.
import { readFileSync, statSync, watch } from "node:fs";
import { basename, dirname } from "node:path";
import type { Logger } from "pino";
import { load } from "js-yaml";
import { z } from "zod";
import { withoutControlCharacters } from "#shared/control-characters.ts";
import { alertsSchema } from "./alerting/alerts-config.ts";
import { maintenanceSchema } from "./alerting/maintenance-windows.ts";
import { integrationsSchema } from "./integrations/integrations-config.ts";
import { dependencyProblems } from "./monitor/dependencies.ts";
import { defaultsSchema, intervalOf, serviceSchema, timeoutOf } from "./monitor/services-config.ts";
import { locationsSchema } from "./monitor/locations/locations-config.ts";
import { probeKind, runsAt } from "./probe-kinds.ts";
import { endpointCount, endpointsTooMany, fileTooLarge, heapLimit } from "./monitoring-memory.ts";
import { statusPageSchema } from "./subscriptions/status-page-config.ts";
import { readYamlFile } from "./yaml-file-reader.ts";

const schema = z
  .object({
    alerts: alertsSchema,
    defaults: defaultsSchema,
    services: z.array(serviceSchema).max(100_000),
    maintenance: maintenanceSchema,
    integrations: integrationsSchema,
    statusPage: statusPageSchema,
    locations: locationsSchema,
  })
  .strict()
  .superRefine((config, context) => {
    if (config.defaults.timeoutMs >= config.defaults.intervalSeconds * 1000) {
      context.addIssue({
        code: "custom",
        path: ["defaults", "timeoutMs"],
        message: "must be shorter than the interval",
      });
    }
    placementProblems(config, context);
    const tokens = new Map<string, string>();
    config.services.forEach((service, index) => {
      const interval = intervalOf(service, config.defaults);
      const targets = [
        ...Object.entries(service.hosts).map(([host, target]) => ({ path: ["hosts", host], target })),
        ...service.subServices.map((sub, position) => ({
          path: ["subServices", position, sub.host],
          target: sub.target,
        })),
      ];
      for (const { path, target } of targets) {
        if (timeoutOf(target, service, config.defaults) >= interval) {
          context.addIssue({
            code: "custom",
            path: ["services", index, ...path],
            message: `its timeout must be shorter than the service's interval (${interval / 1000} s)`,
          });
        }
        if (target.type !== "push") continue;
        const token = (target.push as { token: string }).token;
        const where = formatPath(["services", index, ...path, "push", "token"]);
        if (tokens.has(token))
          context.addIssue({
            code: "custom",
            path: ["services", index, ...path, "push", "token"],
            message: `the same token as ${tokens.get(token)}: each push monitor needs its own`,
          });
        else tokens.set(token, where);
      }
    });
  });

/**
 * Each host's locations are ones the configuration names (local always is), and ones its kind of probe can run at
 * (server/probe-kinds.ts: a push monitor is called at this server, so it is judged here alone).
 */
function placementProblems(
  config: { locations: readonly { id: string }[]; services: readonly z.output<typeof serviceSchema>[] },
  context: z.RefinementCtx,
): void {
  const known = new Set(config.locations.map((location) => location.id));
  const names = [...known].map((id) => `"${id}"`).join(", ");
  config.services.forEach((service, index) => {
    for (const [host, placement] of Object.entries(service.placements ?? {})) {
      const path = ["services", index, "hosts", host, "locations"];
      for (const id of placement.locations)
        if (!known.has(id))
          context.addIssue({ code: "custom", path, message: `"${id}" is not a location (the locations are ${names})` });
      const kind = service.hosts[host]!.type;
      const refused = placement.locations.filter((id) => !runsAt(kind, id));
      if (refused.length > 0)
        context.addIssue({ code: "custom", path, message: `${probeKind(kind)!.why ?? kind}: list only local` });
    }
  });
}

export type MonitoringConfig = z.output<typeof schema>;

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
  return path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    "",
  );
}

/**
 * More entries than this, counted as the file expands (an alias counts its
 * whole content again), is a "billion laughs" file, not a monitoring setup:
 * 10,000 services with conditions are about 200,000.
 */
export const MAX_ENTRIES = 2_000_000;
/** Aliases per file: a few anchors are handy, thousands are an attack. */
const MAX_ALIASES = 100;

class TooLarge extends Error {}

/**
 * Replaces ${VAR} (or ${VAR:-default}) in every string of the tree, in place; a variable that is not set and has no
 * default is an error at its path.
 */
function expand(
  value: unknown,
  env: Record<string, string | undefined>,
  path: PropertyKey[],
  problems: string[],
  walk: Walk,
): unknown {
  if ((walk.left -= 1) < 0) throw new TooLarge();
  if (typeof value === "string") {
    // Text from here reaches public pages, feeds and JSON: control characters are dropped, not refused.
    const expanded = value.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
      (_, name: string, fallback: string | undefined) => {
        const found = env[name] ?? fallback;
        if (found === undefined) problems.push(`${formatPath(path)}: environment variable ${name} is not set`);
        return found ?? "";
      },
    );
    return withoutControlCharacters(expanded);
  }
  if (!value || typeof value !== "object") return value;
  // An alias's node is expanded once (a value from the environment is never expanded again), and counted each time.
  if (walk.done.has(value)) return (Object.values(value).forEach((item) => countAgain(item, walk)), value);
  walk.done.add(value);
  // In place: the tree is js-yaml's fresh copy, and a second one would sit beside it (and the parsed configuration)
  // at the start's peak: 24 MB of 50,000 endpoints' (decision 057).
  if (Array.isArray(value)) {
    value.forEach((item, index) => (value[index] = expand(item, env, [...path, index], problems, walk)));
    return value;
  }
  const entries = value as Record<string, unknown>;
  for (const key of Object.keys(entries)) {
    const item = entries[key];
    const expanded = expand(item, env, [...path, key], problems, walk);
    // Defined, not assigned: a key named __proto__ stays a key, as js-yaml made it.
    if (expanded !== item) Object.defineProperty(entries, key, { value: expanded, enumerable: true, writable: true });
  }
  return value;
}

/** The entries left to walk (an alias counts its whole content again), and the nodes already expanded. */
type Walk = { left: number; done: WeakSet<object> };

function countAgain(value: unknown, walk: Walk): void {
  if ((walk.left -= 1) < 0) throw new TooLarge();
  if (value && typeof value === "object") Object.values(value).forEach((item) => countAgain(item, walk));
}

/** Routes and maintenance windows name services: each must exist. Checked apart from the schema, like duplicate ids. */
function unknownServices(raw: unknown): string[] {
  const root = raw as { services?: unknown; alerts?: { routes?: unknown }; maintenance?: { windows?: unknown } } | null;
  if (!Array.isArray(root?.services)) return [];
  const ids = new Set(
    root.services
      .map((entry: { id?: unknown } | null) => entry?.id)
      .filter((id): id is string => typeof id === "string"),
  );
  const found: string[] = [];
  const check = (lists: unknown, path: string) => {
    if (!Array.isArray(lists)) return;
    lists.forEach((entry: { services?: unknown } | null, index) => {
      if (!Array.isArray(entry?.services)) return;
      entry.services.forEach((id: unknown, position) => {
        if (typeof id === "string" && !ids.has(id))
          found.push(`${path}[${index}].services[${position}]: unknown service "${id}"`);
      });
    });
  };
  check(root.alerts?.routes, "alerts.routes");
  check(root.maintenance?.windows, "maintenance.windows");
  return found;
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

/** The YAML's tree, as js-yaml builds it, or the file's first YAML error. */
function readYaml(text: string, file: string): unknown {
  try {
    // js-yaml builds plain objects directly: a 10,000-service file parses in a tenth of the time and memory of a
    // document model.
    return load(text, { maxAliases: MAX_ALIASES });
  } catch (error) {
    throw new MonitorConfigError(file, [`YAML: ${(error as Error).message.split("\n")[0]}`]);
  }
}

export function parseMonitoringConfig(
  text: string,
  env: Record<string, string | undefined>,
  file = "monitoring.yaml",
): MonitoringConfig {
  return validateMonitoringConfig(readYaml(text, file), env, file);
}

/** The configuration from js-yaml's tree (changed in place), or every problem with it. */
function validateMonitoringConfig(
  raw: unknown,
  env: Record<string, string | undefined>,
  file: string,
): MonitoringConfig {
  const problems: string[] = [];
  let expanded: unknown;
  try {
    expanded = expand(raw, env, [], problems, { left: MAX_ENTRIES, done: new WeakSet() });
  } catch (error) {
    if (error instanceof TooLarge)
      throw new MonitorConfigError(file, [
        `YAML: more than ${MAX_ENTRIES.toLocaleString("en")} entries once its aliases are expanded`,
      ]);
    throw error;
  }
  // A missing variable is reported once, not again as the empty value it left.
  const reported = new Set(problems.map((problem) => problem.slice(0, problem.indexOf(": "))));
  const result = schema.safeParse(expanded);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = formatPath(issue.path);
      // A bad key of a record (a host's name) carries its own message inside.
      const message = issue.code === "invalid_key" ? (issue.issues[0]?.message ?? issue.message) : issue.message;
      if (!reported.has(path)) problems.push(`${path || "(file)"}: ${message}`);
    }
  }
  problems.push(...duplicateIds(expanded), ...unknownServices(expanded));
  // The graph of dependsOn is read from services that parsed: with other errors it waits for them to be fixed.
  if (result.success)
    problems.push(
      ...dependencyProblems(result.data.services).map((problem) => `${formatPath(problem.path)}: ${problem.message}`),
    );
  if (problems.length > 0) throw new MonitorConfigError(file, problems);
  return result.data!;
}

export function loadMonitoringConfig(file: string, env: Record<string, string | undefined>): MonitoringConfig {
  // The text is read and parsed in a step of its own, so it is garbage before the tree is validated: 12 MB of
  // 50,000 endpoints' at the start's peak (decision 057).
  return validateMonitoringConfig(readYaml(readText(file), file), env, file);
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new MonitorConfigError(file, [
      `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    ]);
  }
}

/**
 * The file as the server takes it, at the start and on each edit: read in a thread of its own (yaml-file-reader.ts),
 * and refused, before it could fill the heap, when this process's heap (`heapLimitBytes`) cannot hold it and its
 * endpoints (monitoring-memory.ts).
 */
export async function readMonitoringConfig(
  file: string,
  env: Record<string, string | undefined>,
  heapLimitBytes = heapLimit(),
): Promise<MonitoringConfig> {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new MonitorConfigError(file, [`cannot read the file: ${(error as NodeJS.ErrnoException).code}`]);
  }
  const large = fileTooLarge(size, heapLimitBytes);
  if (large) throw new MonitorConfigError(file, [`too large for this process's heap: ${large}`]);
  const read = await readYamlFile(file, MAX_ALIASES);
  if ("unreadable" in read) throw new MonitorConfigError(file, [`cannot read the file: ${read.unreadable}`]);
  if ("invalid" in read) throw new MonitorConfigError(file, [`YAML: ${read.invalid}`]);
  if ("tooLarge" in read) throw new MonitorConfigError(file, [`YAML: ${read.tooLarge}`]);
  const config = validateMonitoringConfig(read.tree, env, file);
  const many = endpointsTooMany(endpointCount(config), heapLimitBytes);
  if (many) throw new MonitorConfigError(file, [`too large for this process's heap: ${many}`]);
  return config;
}

/** Which file runs, since when, and the last edit that was refused (until a good one follows). */
export type ConfigFileStatus = { file: string; loadedAt: number; rejected: { at: number; problems: string[] } | null };

/**
 * Watches the file (its folder, since editors replace files) and hands each
 * good new configuration to onChange; a bad one is logged and ignored, and
 * status() says so until the file is good again.
 */
export function watchMonitoringConfig(
  file: string,
  env: Record<string, string | undefined>,
  logger: Logger,
  onChange: (config: MonitoringConfig) => void,
  now: () => number = Date.now,
  onRefused: (problems: string[]) => void = () => {},
  heapLimitBytes = heapLimit(),
) {
  let timer: NodeJS.Timeout | undefined;
  const status: ConfigFileStatus = { file, loadedAt: now(), rejected: null };
  const watcher = watch(dirname(file), (_event, name) => {
    if (name !== basename(file)) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        onChange(await readMonitoringConfig(file, env, heapLimitBytes));
        Object.assign(status, { loadedAt: now(), rejected: null });
        logger.info({ file }, "monitoring configuration reloaded");
      } catch (error) {
        const problems = error instanceof MonitorConfigError ? error.problems : [(error as Error).message];
        status.rejected = { at: now(), problems };
        onRefused(problems);
        logger.error({ file, problems }, "monitoring configuration not reloaded: keeping the last good one");
      }
    }, 200);
  });
  return { close: () => (clearTimeout(timer), watcher.close()), status: (): ConfigFileStatus => ({ ...status }) };
}
