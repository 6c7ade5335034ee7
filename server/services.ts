// Everything the HTTP layer and the command line work with, built once from
// the configuration. Tests build it with a fake clock and cheap hashing.
import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { createSignIn } from "./auth/sign-in.ts";
import { PRODUCTION_HASH_OPTIONS, type HashOptions } from "./auth/passwords.ts";
import { createSessionStore } from "./auth/sessions.ts";
import { createStaffStore } from "./auth/staff.ts";
import { createThrottle } from "./auth/throttle.ts";
import type { Config } from "./config.ts";
import { createContactInbox } from "./contact/contact-inbox.ts";
import { createContactIntake } from "./contact/contact-intake.ts";
import { createFormTokens } from "./contact/form-token.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { deriveKey } from "./db/secrets.ts";
import { createDelivery } from "./mail/delivery.ts";
import { createOutbox } from "./mail/outbox.ts";
import type { SendMail } from "./mail/smtp-sender.ts";
import { checkTarget } from "./monitor/checks/check-target.ts";
import type { CheckTarget } from "./monitor/checks/check.ts";
import { createIntegrations } from "./integrations/integrations.ts";
import { createMonitor } from "./monitor/monitor.ts";
import { createLeases } from "./db/leases.ts";
import type { MonitoringConfig } from "./monitor/monitor-config.ts";

export type Services = ReturnType<typeof createServices>;

export function createServices(options: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  now?: () => number;
  hashOptions?: HashOptions;
  /** The server secret (server_secrets); one per process when left out (tests, command line). */
  secret?: Buffer;
  /** How mail leaves; without it, mail waits in the outbox. */
  send?: SendMail;
  deliveryPollMs?: number;
  /** The monitoring configuration (current one: it may be reloaded); without it there is no monitor. */
  monitoring?: { config: () => MonitoringConfig; check?: CheckTarget };
}) {
  const now = options.now ?? Date.now;
  const hashOptions = options.hashOptions ?? PRODUCTION_HASH_OPTIONS;
  const { db } = options.database;
  const staff = createStaffStore(db, hashOptions, now);
  const sessions = createSessionStore(db, now);
  const throttle = createThrottle(db, now);
  const { config, logger } = options;
  const secret = options.secret ?? randomBytes(32);
  const outbox = createOutbox(db, now, config.SMTP_FROM.replace(/^.*@|>$/g, ""));
  const delivery = options.send ? createDelivery({ outbox, send: options.send, logger, pollMs: options.deliveryPollMs }) : undefined;
  const onQueued = () => delivery?.kick();
  const limits = { perIp: config.CONTACT_LIMIT_PER_IP, global: config.CONTACT_LIMIT_GLOBAL };
  const formTokens = createFormTokens(deriveKey(secret, "contact-form-token"), now);
  const dashboardUrl = `${config.SITE_URL}/admin/dashboard`;
  const monitor = options.monitoring
    ? createMonitor({
        db,
        outbox,
        delivery,
        check: options.monitoring.check ?? checkTarget,
        now,
        logger,
        config: options.monitoring.config,
        dashboardUrl,
        demo: config.MONITORING_DEMO,
      })
    : undefined;
  return {
    config: options.config,
    database: options.database,
    logger: options.logger,
    now,
    staff,
    sessions,
    throttle,
    signIn: createSignIn({ staff, sessions, throttle, hashOptions }),
    outbox,
    delivery,
    formTokens,
    contact: createContactIntake({ db, outbox, tokens: formTokens, limits, to: config.CONTACT_TO, ipKey: deriveKey(secret, "ip-pseudonym"), now, onQueued }),
    inbox: createContactInbox(db, outbox, { to: config.CONTACT_TO, onQueued }),
    monitor,
    integrations:
      monitor && options.monitoring
        ? createIntegrations({
            db,
            outbox,
            leases: createLeases(db, now),
            isMaintenance: () => monitor.maintenance.isActive(),
            now,
            logger,
            config: options.monitoring.config,
            alertSettings: () => ({ to: options.monitoring!.config().alerts.to, cooldownMinutes: options.monitoring!.config().alerts.cooldownMinutes, dashboardUrl }),
            dataDir: config.DATA_DIR,
            onMail: onQueued,
          })
        : undefined,
  };
}
