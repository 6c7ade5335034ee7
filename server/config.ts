// The server's settings from process.env, parsed with zod, failing with a
// message that names every bad variable. One path to them: each entry point
// (index.ts, the scripts, and app/settings.server.ts for route modules) reads
// them once with readConfig and hands the Config down; tests parse their own
// (decision 029, enforced by ESLint). Besides this, only start-up touches the
// environment: boot.ts hands it to the monitoring file's ${VAR}, cluster.ts
// reads Node's own variables for its workers, index.ts sets NODE_ENV.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { company } from "#shared/company.ts";
import { parseSecretsKey } from "./auth/secrets-key.ts";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .default("false")
  .transform((value) => value === "true" || value === "1" || value === "yes");

const OIDC_KEYS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

const secretsKey = z
  .string()
  .refine((text) => parseSecretsKey(text) !== undefined, "must be 32 bytes as base64 or 64 hex digits");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** HTTP worker processes; one per core by default. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /**
   * Public origin of the site: canonical URLs, hreflang, the sitemap, the feeds
   * and links in mail name it. Read at start, also for the built pages. A bare
   * origin, so it goes into HTML, XML and JSON as it is.
   */
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => {
      const parsed = new URL(url);
      return /^\/*$/.test(parsed.pathname) && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
    }, "must be an origin such as https://www.example.com, without a path")
    .transform((url) => new URL(url).origin)
    // Unset: this machine at PORT (parseConfig), so mails and feeds name where the server listens.
    .optional(),
  /** SQLite's folder (the default database). */
  DATA_DIR: z.string().min(1).default("./data"),
  /** A postgres:// URL selects PostgreSQL; unset means SQLite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Believe X-Forwarded-For/-Proto: only behind a reverse proxy that sets them. */
  TRUST_PROXY: flag,
  /** Bearer token for GET /metrics; unset means no /metrics at all. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Creates or updates this staff account at start (containers). Both or neither. */
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Contact messages older than this are deleted; the privacy policy states it. */
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /**
   * Contact messages per client address per hour (a shared office is many people; each browser allows 3); 0 turns the
   * limit off.
   */
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().min(0).default(20),
  /**
   * Contact messages from everyone per hour mailed at once; past it they are kept in quarantine for staff to release.
   * 0 turns the limit off.
   */
  CONTACT_LIMIT_GLOBAL: z.coerce.number().int().min(0).default(100),
  /**
   * The contact form's time trap on the server: a form younger than this is refused (a person takes seconds, a bot
   * posts at once). Browser tests set 0 so that they need not wait; the form in the browser keeps its own 3 s.
   */
  CONTACT_MIN_FORM_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Where contact messages are mailed. */
  CONTACT_TO: z.email().default(company.email.info),
  /**
   * The mail server: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465. Unset: mail waits in the
   * outbox.
   */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender of every mail, as the mail server allows it: "Name <address>" or an address. */
  SMTP_FROM: z
    .string()
    .regex(/^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address or "Name <address>"')
    .default(`${company.brand} Website <${company.email.noreply}>`),
  /** A PEM file with the CA that signed the mail server's certificate, when it is not a public one. */
  SMTP_CA_FILE: z.string().min(1).optional(),
  /** The monitoring configuration (YAML). */
  MONITORING_CONFIG: z.string().min(1).default("config/monitoring.yaml"),
  /** Lets deploy scripts switch maintenance mode (POST /api/maintenance with a bearer token); unset: no such route. */
  MAINTENANCE_API_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * Splits the services' checks into this many shards, shared by every instance (and worker) on one PostgreSQL
   * database, each taking a fair share (decision 056). 0: one process runs every check, as on SQLite.
   */
  MONITOR_SHARDS: z.coerce.number().int().min(0).max(1024).default(0),
  /** Set by `npm run demo`: the monitored fleet is simulated, and the API says so. */
  MONITORING_DEMO: flag,
  /** Webhooks (the channel, status subscribers) may reach loopback, private and link-local addresses and this host. */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag,
  /**
   * Staff single sign-on by OpenID Connect: the identity provider's issuer. Set: SSO is offered beside local
   * accounts. https, except on loopback (a provider on this machine, as in tests). With its client id and secret.
   */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
    .refine((url) => url.startsWith("https:") || isLoopbackUrl(url), "must be https:// (http:// only on loopback)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The ID token claim holding the staff role: "owner", "operator" or "viewer", or an array of them. */
  OIDC_ROLE_CLAIM: z.string().min(1).default("role"),
  /**
   * The key outside the database that seals second factors and signs device tokens: 32 bytes as base64 or 64 hex
   * digits (`openssl rand -base64 32`). Unset: DATA_DIR/secrets.key, made at the first start. Instances sharing a
   * database share it.
   */
  SECRETS_KEY: secretsKey.optional().or(z.literal("").transform(() => undefined)),
  /** The key before SECRETS_KEY, for one start during a rotation: what it sealed is sealed again with the new one. */
  SECRETS_KEY_PREVIOUS: secretsKey.optional().or(z.literal("").transform(() => undefined)),

  // Scheduled backups (docs/operations.md, "Backup and restore").
  /** A folder for a daily backup of the database (never the sealing key); unset: no scheduled backup. */
  BACKUP_DIR: z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** How many scheduled backups BACKUP_DIR keeps: the newest ones; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

const checked = schema.superRefine((config, context) => {
  if (!!config.ADMIN_USERNAME !== !!config.ADMIN_PASSWORD) {
    context.addIssue({
      code: "custom",
      path: [config.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
      message: "set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither",
    });
  }
  if (config.MONITOR_SHARDS > 0 && !config.DATABASE_URL) {
    context.addIssue({
      code: "custom",
      path: ["MONITOR_SHARDS"],
      message: "needs PostgreSQL (DATABASE_URL): on SQLite one server runs every check, so leave it 0 or unset",
    });
  }
  // Half a single sign-on setup would fail at the first sign-in, long after start: refuse it here.
  if (OIDC_KEYS.some((key) => config[key])) {
    for (const key of OIDC_KEYS.filter((name) => !config[name])) {
      context.addIssue({
        code: "custom",
        path: [key],
        message: `set ${key} too: single sign-on needs ${OIDC_KEYS.join(", ")}, or none of them`,
      });
    }
  }
});

type Parsed = z.infer<typeof schema>;
export type Config = Readonly<Omit<Parsed, "SITE_URL"> & { SITE_URL: string }>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = checked.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const { SITE_URL = `http://localhost:${result.data.PORT}` } = result.data;
  return Object.freeze({ ...result.data, SITE_URL });
}

/** Reads ./.env into process.env when present; variables already set win. */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** This process's configuration: ./.env under the environment, parsed. For entry points, once each. */
export function readConfig(): Config {
  loadDotEnv();
  return parseConfig(process.env);
}
