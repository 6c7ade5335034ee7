// Starting the server's services: database (migrated), logger, accounts.
// Shared by the production entry (index.ts) and the development server.
import { randomUUID } from "node:crypto";
import { verifyPassword } from "./auth/passwords.ts";
import { StaffInputError } from "./auth/staff.ts";
import { ConfigError, type Config } from "./config.ts";
import { openDatabase, type DatabaseHandle } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import type { Logger } from "pino";
import { createLogger } from "./logger.ts";
import { purgeRateWindows } from "./contact/rate-limits.ts";
import { createLeases } from "./db/leases.ts";
import { startScheduledBackups } from "./backup/scheduled-backup.ts";
import { deriveKey, loadServerSecret } from "./db/secrets.ts";
import { prepareSealedSecrets, SealingKeyMismatch } from "./auth/sealed-secrets.ts";
import { keysOf, loadSecretsKey, parseSecretsKey, SecretsKeyError, type SecretsKey } from "./auth/secrets-key.ts";
import { createSmtpSender } from "./mail/smtp-sender.ts";
import {
  MonitorConfigError,
  readMonitoringConfig,
  watchMonitoringConfig,
  type MonitoringConfig,
} from "./monitoring-config.ts";
import { createServices, type Services } from "./services.ts";
import type { AuditTrail } from "./audit/audit-trail.ts";

const PURGE_INTERVAL_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Sent and failed alert notices are kept this long for the record. */
const OUTBOX_KEEP_MS = 30 * DAY_MS;
/** Resolved incidents are kept this long (the status page's 90 days). */
const INCIDENTS_KEEP_MS = 90 * DAY_MS;

export type Running = { services: Services; stop: () => Promise<void> };

export async function bootServices(config: Config): Promise<Running> {
  const logger = createLogger(config.LOG_LEVEL);
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  if (database.tightened.length > 0) {
    logger.warn(
      { paths: database.tightened },
      "the data directory was readable by other users: its modes are now 0700 (folder) and 0600 (files)",
    );
  }
  const applied = await migrate(database);
  logger.info({ database: database.description, applied }, "database ready");
  const secret = await loadServerSecret(database.db, "server");
  const secretsKey = await openSealedSecrets(config, database, logger, secret);
  const smtp = config.SMTP_URL
    ? createSmtpSender({ url: config.SMTP_URL, from: config.SMTP_FROM, caFile: config.SMTP_CA_FILE })
    : undefined;
  let monitoring: MonitoringConfig;
  try {
    monitoring = await readMonitoringConfig(config.MONITORING_CONFIG, process.env);
  } catch (error) {
    if (error instanceof MonitorConfigError)
      throw new ConfigError(error.problems.map((problem) => `${config.MONITORING_CONFIG}: ${problem}`));
    throw error;
  }
  // Set once the services exist; the watcher reports edits only after its 200 ms wait, long after that.
  const late: { audit?: AuditTrail } = {};
  const file = config.MONITORING_CONFIG;
  const watcher = watchMonitoringConfig(
    file,
    process.env,
    logger,
    (next) => {
      monitoring = next;
      void late.audit?.record({ actor: "system", action: "configuration.reloaded", target: file });
    },
    Date.now,
    (problems) =>
      void late.audit?.record({ actor: "system", action: "configuration.refused", target: file, detail: { problems } }),
  );
  const services = createServices({
    config,
    database,
    logger,
    secret,
    secretsKey,
    ...(smtp ? { send: smtp.send } : {}),
    monitoring: { config: () => monitoring, fileStatus: watcher.status },
  });
  late.audit = services.audit;
  services.alerting?.start();
  services.probes?.start();
  services.monitor?.heartbeat.start();
  services.delivery?.start();
  services.subscriptions?.start();
  if (!services.mailConfigured) {
    logger.warn(
      "SMTP_URL is not set: contact messages and e-mail alerts are stored and wait as pending. To " +
        "deliver them, set SMTP_URL (smtp://user:pass@host:587), SMTP_FROM and CONTACT_TO.",
    );
  }

  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD)
    await ensureAdmin(services, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  if ((await services.staff.count()) === 0) {
    logger.warn("No staff account exists yet. Create one with: npm run admin -- create <username>");
  }

  const purge = setInterval(() => {
    void services.sessions
      .purgeExpired()
      .catch((error: unknown) => logger.error({ err: error }, "session purge failed"));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  // Once a day across every worker and instance: whoever takes the day's lease purges.
  const leases = createLeases(database.db, services.now);
  const purgeDaily = async () => {
    if (await leases.acquire("daily-purge", randomUUID(), DAY_MS - 60_000).catch(() => false))
      await purgeOldMessages(services);
  };
  void purgeDaily();
  const dailyPurge = setInterval(() => void purgeDaily(), 60 * 60_000);
  dailyPurge.unref();
  const stopBackups = startScheduledBackups(
    config.BACKUP_DIR
      ? { source: config, backupDir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, leases, logger, now: services.now }
      : undefined,
  );

  return {
    services,
    stop: async () => {
      clearInterval(purge);
      clearInterval(dailyPurge);
      stopBackups();
      watcher.close();
      services.alerting?.stop();
      services.monitor?.heartbeat.stop();
      await Promise.all([services.probes?.stop(), services.subscriptions?.stop()]);
      await services.delivery?.stop();
      smtp?.close();
      await database.close();
    },
  };
}

/**
 * The key outside the database (SECRETS_KEY or DATA_DIR/secrets.key), checked against what the database was sealed
 * with; what an earlier key sealed is sealed again with it. A key that does not fit stops the start with a clear
 * message rather than failing every authenticator code later.
 */
export async function openSealedSecrets(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  serverSecret: Buffer,
): Promise<Buffer> {
  const parse = (text: string | undefined) => (text ? parseSecretsKey(text) : undefined);
  let loaded: SecretsKey;
  try {
    loaded = loadSecretsKey({ fromEnvironment: parse(config.SECRETS_KEY), dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof SecretsKeyError) throw new ConfigError([`SECRETS_KEY: ${error.message}`]);
    throw error;
  }
  if (loaded.tightened) logger.warn({ path: loaded.file }, "the secrets key file was readable by others: now 0600");
  if (loaded.origin === "new key file")
    logger.warn({ path: loaded.file }, "made a new secrets key: back it up apart from the database");
  const previous = parse(config.SECRETS_KEY_PREVIOUS);
  const keys = {
    current: keysOf(loaded.key).sealing,
    // The database's own secret sealed second factors before the key moved out of it: read once, then sealed anew.
    previous: [...(previous ? [keysOf(previous).sealing] : []), deriveKey(serverSecret, "totp-secret")],
  };
  try {
    const report = await prepareSealedSecrets(database.db, keys);
    if (report.resealed > 0 || report.rotated) logger.info({ ...report }, "sealed secrets sealed again with the key");
    if (report.unreadable > 0)
      logger.warn({ unreadable: report.unreadable }, "authenticator apps that no key opens: reset those factors");
  } catch (error) {
    if (error instanceof SealingKeyMismatch) throw new ConfigError([error.message]);
    throw error;
  }
  logger.info({ origin: loaded.origin }, "secrets key ready");
  return loaded.key;
}

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD: create the account as an owner, or set its password when it changed. An existing
 * account keeps the role and state an owner gave it.
 */
async function ensureAdmin(services: Services, username: string, password: string): Promise<void> {
  try {
    const existing = await services.staff.findWithHash(username);
    if (!existing) {
      try {
        await services.staff.create(username, password, "owner");
        services.logger.info({ user: username }, "created staff account from ADMIN_USERNAME");
        await services.audit.record({
          actor: "system",
          action: "account.created",
          target: username,
          detail: { role: "owner", via: "ADMIN_USERNAME" },
        });
      } catch (error) {
        // Another worker or instance created it at the same moment.
        if (!(await services.staff.find(username))) throw error;
      }
    } else if (!(await verifyPassword(existing.password_hash, password))) {
      await services.staff.resetPassword(username, password);
      services.logger.info({ user: username }, "updated staff password from ADMIN_PASSWORD");
      await services.audit.record({
        actor: "system",
        action: "account.password-reset",
        target: username,
        detail: { via: "ADMIN_PASSWORD" },
      });
    }
  } catch (error) {
    if (error instanceof StaffInputError) throw new ConfigError([`ADMIN_USERNAME/ADMIN_PASSWORD: ${error.message}`]);
    throw error;
  }
}

/** Retention: contact messages older than CONTACT_RETENTION_DAYS go, with their mail. */
export async function purgeOldMessages(services: Services): Promise<void> {
  const { config, logger, now } = services;
  try {
    const purged = await services.inbox.purgeOlderThan(now() - config.CONTACT_RETENTION_DAYS * DAY_MS);
    await services.outbox.purgeFinished(now() - OUTBOX_KEEP_MS);
    await services.alerting?.incidents.purgeResolved(now() - INCIDENTS_KEEP_MS);
    await purgeRateWindows(services.database.db, now());
    if (purged > 0)
      logger.info({ purged, retentionDays: config.CONTACT_RETENTION_DAYS }, "purged old contact messages");
  } catch (error) {
    logger.error({ err: error }, "contact message purge failed");
  }
  try {
    const pruned = await services.audit.prune(now());
    if (pruned > 0) logger.info({ pruned }, "pruned audit entries older than a year");
  } catch (error) {
    logger.error({ err: error }, "audit trail prune failed");
  }
  try {
    // Guesses long over hold nothing: their rows (of any key format, older ones too) go.
    await services.throttle.purgeIdle();
  } catch (error) {
    logger.error({ err: error }, "sign-in throttle purge failed");
  }
}
