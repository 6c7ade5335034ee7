// Everything the HTTP layer and the command line work with, built once from
// the configuration. Tests build it with a fake clock and cheap hashing.
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { createSignIn, type SignInDeps } from "./auth/sign-in.ts";
import { PRODUCTION_HASH_OPTIONS, type HashOptions } from "./auth/passwords.ts";
import { createSessionStore } from "./auth/sessions.ts";
import { createStaffStore } from "./auth/staff.ts";
import { createDeviceTokens } from "./auth/device-token.ts";
import { createKeyGuard } from "./auth/key-guard.ts";
import { createThrottle } from "./auth/throttle.ts";
import { createChallenges } from "./auth/challenges.ts";
import { createFactors } from "./auth/factors.ts";
import { keysOf } from "./auth/secrets-key.ts";
import { createInvitations } from "./auth/invitations.ts";
import { relyingParty } from "./auth/passkeys.ts";
import { createRecoveryCodes } from "./auth/recovery-codes.ts";
import { createSecondFactor } from "./auth/second-factor.ts";
import { createStaffSettings } from "./auth/staff-settings.ts";
import { company } from "#shared/company.ts";
import { clientNetwork } from "./net/client-address.ts";
import { ipPseudonym } from "./net/ip-pseudonym.ts";
import type { Config } from "./config.ts";
import { createContactInbox } from "./contact/contact-inbox.ts";
import { createContactIntake } from "./contact/contact-intake.ts";
import { createFormTokens } from "./contact/form-token.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { saveStaffLanguage } from "./auth/staff-language.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { Database } from "./db/schema.ts";
import { deriveKey } from "./db/secrets.ts";
import { createAlerting, type Alerting } from "./alerting/alerting.ts";
import { createTellOnce } from "./alerting/storage-alarm-gate.ts";
import { createAuditTrail } from "./audit/audit-trail.ts";
import { CONTACT_CHANNEL } from "./contact/contact-mail.ts";
import { STAFF_MAIL_CHANNEL } from "./mail/invitation-mail.ts";
import { createLeases } from "./db/leases.ts";
import type { EmailMessage, SendMail } from "./mail/smtp-sender.ts";
import { runTarget, type CheckTarget } from "./monitor/checks/check-types.ts";
import { createIntegrations } from "./integrations/integrations.ts";
import { createProbeLease } from "./scheduling/probe-lease.ts";
import { createProbeScheduler } from "./scheduling/probe-scheduler.ts";
import { createShardLeases } from "./scheduling/shard-leases.ts";
import { shardLeaseMsOf } from "./monitor/engine-shards.ts";
import { createMonitor, type Monitor } from "./monitor/monitor.ts";
import type { ConfigFileStatus, MonitoringConfig } from "./monitoring-config.ts";
import { placeholderEntries } from "./monitoring-placeholders.ts";
import { createStatusSource } from "./status/status-source.ts";
import { createStatusStore } from "./status/status-store.ts";
import { createStatusUpdates } from "./status/status-updates.ts";
import { createDelivery, type SenderFor } from "./outbox/delivery.ts";
import { createOutbox, type Outbox } from "./outbox/outbox.ts";
import type { Leases } from "./db/leases.ts";
import type { FormTokens } from "./contact/form-token.ts";
import type { ContactRateLimits } from "./contact/rate-limits.ts";
import { createSubscriptions } from "./subscriptions/subscriptions.ts";
import { SUBSCRIBER_MAIL_CHANNEL } from "./subscriptions/subscription-mail.ts";
import { COMPANY_TIME_ZONE } from "#shared/time/zoned-time.ts";

export type Services = ReturnType<typeof createServices>;

/** Staff accounts, their sessions, the sign-in and its throttle, and the guard on keys presented in requests. */
function createStaffAuth(
  db: Kysely<Database>,
  secret: Buffer,
  secretsKey: Buffer,
  config: Config,
  hashOptions: HashOptions,
  now: () => number,
) {
  const staff = createStaffStore(db, hashOptions, now);
  const sessions = createSessionStore(db, now);
  const throttle = createThrottle(db, now);
  // Keyed from outside the database: a copy of it alone neither opens a second factor nor forges a trusted device.
  const keys = keysOf(secretsKey);
  const devices = createDeviceTokens(keys.deviceTokens, now);
  const factors = createFactors(db, keys.sealing, now);
  const recoveryCodes = createRecoveryCodes(db, now);
  const challenges = createChallenges(db, now);
  const signInIpKey = deriveKey(secret, "sign-in-ip");
  const auditIpKey = deriveKey(secret, "ip-pseudonym");
  const signInDeps: SignInDeps = {
    staff,
    sessions,
    throttle,
    devices,
    factors,
    hashOptions,
    pseudonym: (ip) => ipPseudonym(auditIpKey, ip),
    networkPseudonym: (ip) => ipPseudonym(signInIpKey, clientNetwork(ip)),
  };
  const rp = relyingParty(config.SITE_URL, company.brand);
  return {
    staff,
    sessions,
    throttle,
    factors,
    recoveryCodes,
    challenges,
    /** The site as passkeys know it (WebAuthn's relying party): SITE_URL's host. */
    rp,
    staffSettings: createStaffSettings(db, now),
    invitations: createInvitations(db, hashOptions, now),
    /** Saves a person's choice of the staff area's language. */
    saveStaffLanguage: (userId: number, language: Language) => saveStaffLanguage(db, userId, language, now),
    /** Counts wrong push tokens and bearers per client network (key-guard.ts). */
    keyGuard: createKeyGuard(throttle, deriveKey(secret, "key-miss-ip")),
    /** What every step of a sign-in works with (server/auth/sign-in.ts). */
    signInDeps,
    signIn: createSignIn(signInDeps),
    secondFactor: createSecondFactor({ ...signInDeps, recoveryCodes, challenges, rp }),
  };
}

/** The public status page's data, and staff's words on incidents. */
function createPublicStatus(
  db: Kysely<Database>,
  now: () => number,
  config: () => MonitoringConfig,
  alerting: Alerting,
  monitor: Monitor,
) {
  const store = createStatusStore({
    db,
    monitorStore: monitor.store,
    maintenance: alerting.maintenance,
    now,
    timeZone: () => config().maintenance.timezone,
    locations: () => config().locations,
  });
  return {
    source: createStatusSource({ store, services: () => config().services, now }),
    updates: createStatusUpdates({ db, now, services: () => config().services }),
    /** Whether a service is on the public status page. */
    isPublic: (serviceId: string | null) =>
      config().services.some((service) => service.id === serviceId && service.public),
  };
}

/** What the public forms' parts (contact, status subscriptions) are made of. */
type FormParts = {
  db: Kysely<Database>;
  outbox: Outbox;
  now: () => number;
  config: Config;
  secret: Buffer;
  formTokens: FormTokens;
  limits: ContactRateLimits;
  onQueued: () => void;
};

/** The contact form's intake and the staff inbox. */
function createContact(base: FormParts) {
  const { db, outbox, config, onQueued } = base;
  return {
    contact: createContactIntake({
      db,
      outbox,
      tokens: base.formTokens,
      limits: base.limits,
      to: config.CONTACT_TO,
      ipKey: deriveKey(base.secret, "ip-pseudonym"),
      now: base.now,
      onQueued,
    }),
    inbox: createContactInbox(db, outbox, { to: config.CONTACT_TO, onQueued }),
  };
}

/** Visitors and customers' systems told of the status page's events. */
function createStatusSubscriptions(
  base: FormParts & { leases: Leases; logger: Logger },
  options: {
    monitoring: () => MonitoringConfig;
    status: ReturnType<typeof createPublicStatus>;
    lookEveryMs: number | undefined;
  },
) {
  const { secret, config, formTokens, ...rest } = base;
  return createSubscriptions({
    ...rest,
    tokens: formTokens,
    keys: {
      ip: deriveKey(secret, "ip-pseudonym"),
      links: deriveKey(secret, "status-subscription-link"),
      webhooks: deriveKey(secret, "status-webhook"),
    },
    links: () => ({ siteUrl: config.SITE_URL }),
    allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    timeZone: () => options.monitoring().maintenance.timezone,
    delayMs: () => options.monitoring().statusPage.notifyAfterMinutes * 60_000,
    status: options.status.source,
    lookEveryMs: options.lookEveryMs,
  });
}

/**
 * Every probe this server runs itself under one lease and one scheduler: the services' checks (the monitor) and the
 * integrations' readings, each a family of the scheduler; with MONITOR_SHARDS, the services' checks are split into
 * shards shared with the other instances. None without a monitoring configuration.
 */
function createProbing(base: {
  db: Kysely<Database>;
  leases: Leases;
  now: () => number;
  logger: Logger;
  config: Config;
  alerting: Alerting | undefined;
  monitoring: { config: () => MonitoringConfig; check?: CheckTarget } | undefined;
}) {
  const { db, leases, now, logger, alerting, monitoring, config } = base;
  if (!monitoring || !alerting) return { monitor: undefined, integrations: undefined, probes: undefined };
  const lease = createProbeLease(leases);
  const count = config.MONITOR_SHARDS;
  const shards = count > 0 ? createShardLeases({ leases, holder: lease.holder, count, now }) : undefined;
  const monitor = createMonitor({
    db,
    alerting,
    lease,
    check: monitoring.check ?? runTarget,
    now,
    logger,
    config: monitoring.config,
    demo: config.MONITORING_DEMO,
    shards,
  });
  const integrations = createIntegrations({
    db,
    leases,
    lease,
    now,
    logger,
    config: monitoring.config,
    tracker: alerting.tracker(["nginx", "haproxy", "ai", "certificate"]),
    dataDir: config.DATA_DIR,
  });
  const probes = createProbeScheduler({
    lease,
    families: [monitor.engine.family, integrations.family],
    leaseMs: () => monitoring.config().defaults.intervalSeconds * 1000,
    shards: shards && { leases: shards, leaseMs: () => shardLeaseMsOf(monitoring.config()) },
    now,
    logger,
  });
  return { monitor, integrations, probes };
}

export function createServices(options: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  now?: () => number;
  hashOptions?: HashOptions;
  /** The server secret (server_secrets); one per process when left out (tests, command line). */
  secret?: Buffer;
  /** The key outside the database (server/auth/secrets-key.ts); one per process when left out. */
  secretsKey?: Buffer;
  /** How mail leaves; without it, mail waits in the outbox. */
  send?: SendMail;
  deliveryPollMs?: number;
  /** How often the status page is looked at for events to tell its subscribers (tests shorten it). */
  statusLookMs?: number;
  /** How long Test Email and Test Failure wait for their delivery (tests shorten it). */
  testWaitMs?: number;
  /** How long writes must work again before the disk-full all-clear (storage-alarm.ts; tests shorten it). */
  storageSettleMs?: number;
  /** The monitoring configuration (current one: it may be reloaded); without it there is no monitor. */
  monitoring?: { config: () => MonitoringConfig; check?: CheckTarget; fileStatus?: () => ConfigFileStatus };
}) {
  const now = options.now ?? Date.now;
  const hashOptions = options.hashOptions ?? PRODUCTION_HASH_OPTIONS;
  const { db } = options.database;
  const { config, logger } = options;
  const secret = options.secret ?? randomBytes(32);
  const outbox = createOutbox(db, now);
  const leases = createLeases(db, now);
  const dashboardUrl = `${config.SITE_URL}/admin/dashboard`;
  // Late-bound: delivery needs the notifier's senders, alerting needs delivery's kick.
  let kick = () => {};
  const onQueued = () => kick();
  const monitoring = options.monitoring;
  const alerting = monitoring
    ? createAlerting({
        db,
        outbox,
        leases,
        now,
        logger,
        config: monitoring.config,
        dashboardUrl,
        sendMail: options.send,
        allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
        kick: onQueued,
        testWaitMs: options.testWaitMs,
        storage: options.database.storage,
        storageSettleMs: options.storageSettleMs,
        // Every worker on this database sees its disk fill: one of them tells (storage-alarm-gate.ts).
        storageTeller: createTellOnce(config.DATABASE_URL ?? resolve(config.DATA_DIR)),
      })
    : undefined;
  const send = options.send;
  const senderFor: SenderFor = (channel) => {
    if (channel === CONTACT_CHANNEL || channel === STAFF_MAIL_CHANNEL || channel === SUBSCRIBER_MAIL_CHANNEL)
      return send ? (item) => send(item.payload as EmailMessage, item.key) : undefined;
    // Called only once delivery runs, after everything below is made.
    return subscriptions?.webhooks.senderFor(channel) ?? alerting?.notifier.senderFor(channel);
  };
  // Without SMTP or any other channel nothing could be sent: no sender runs, and everything waits.
  const delivery =
    send || monitoring ? createDelivery({ outbox, senderFor, logger, pollMs: options.deliveryPollMs }) : undefined;
  kick = () => delivery?.kick();
  const limits = { perIp: config.CONTACT_LIMIT_PER_IP, global: config.CONTACT_LIMIT_GLOBAL };
  const formTokens = createFormTokens(deriveKey(secret, "contact-form-token"), now, config.CONTACT_MIN_FORM_AGE_MS);
  const { monitor, integrations, probes } = createProbing({ db, leases, now, logger, alerting, monitoring, config });
  const status =
    monitoring && alerting && monitor ? createPublicStatus(db, now, monitoring.config, alerting, monitor) : undefined;
  const subscriptions =
    monitoring && status
      ? createStatusSubscriptions(
          { db, outbox, leases, logger, now, config, secret, formTokens, limits, onQueued },
          { monitoring: monitoring.config, status, lookEveryMs: options.statusLookMs },
        )
      : undefined;
  return {
    config: options.config,
    database: options.database,
    logger: options.logger,
    now,
    timeZone: () => monitoring?.config().maintenance.timezone ?? COMPANY_TIME_ZONE, // every page's times are in it
    ...createStaffAuth(db, secret, options.secretsKey ?? randomBytes(32), config, hashOptions, now),
    /** Who did what, when and from where (server/audit/audit-trail.ts). */
    audit: createAuditTrail({ db, now, logger, ipKey: deriveKey(secret, "ip-pseudonym") }),
    outbox,
    delivery,
    /** Whether contact mail can leave (SMTP_URL); alert channels other than e-mail do not need it. */
    mailConfigured: !!send,
    formTokens,
    ...createContact({ db, outbox, now, config, secret, formTokens, limits, onQueued }),
    alerting,
    monitor,
    /** The public status page's data, and staff's words on incidents. */
    status,
    /** Visitors and customers' systems told of the status page's events (server/subscriptions/). */
    subscriptions,
    /** What the monitoring configuration is now: its file's status (when watched) and the placeholders still in it. */
    monitoringConfiguration: monitoring
      ? () => ({ file: monitoring.fileStatus?.() ?? null, placeholders: placeholderEntries(monitoring.config()) })
      : undefined,
    integrations,
    /** The one scheduler of the checks and readings this server runs itself, and its lease. */
    probes,
  };
}
