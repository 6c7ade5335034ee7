// For the status subscription tests: an app whose public services' checks
// answer as the test says, mailing through a real SMTP server on loopback,
// with the steps a visitor and staff take (subscribe, confirm, post an
// update) and the look-ups the tests share.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { Kysely } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { CONFIRM_VALID_MS, SUBSCRIPTION_CONSENT_VERSION } from "#shared/status/subscription.ts";
import type { Database } from "#server/db/schema.ts";
import type { CheckTarget } from "#server/monitor/checks/check-types.ts";
import { createSmtpSender } from "#server/mail/smtp-sender.ts";
import { parseMonitoringConfig, type MonitoringConfig } from "#server/monitoring-config.ts";
import { startHttpReceiver, type HttpReceiver } from "#tests/peers/http-receiver.ts";
import { parseMail, startTestMailServer, type ParsedMail, type TestMailServer } from "#tests/peers/mail-server.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";
import type { TestDatabase } from "#tests/support/test-databases.ts";

const PASSWORD = "correct horse battery staple";

export const SUBSCRIPTION_CONFIG = `alerts: { to: ops@example.com }
defaults: { staggerSeconds: 0, retries: 0 }
services:
  - { id: api, name: Api internal, public: true, publicName: { en: Public API, de: Öffentliche API },
      hosts: { fra: { url: "http://fra.api.test/health" } } }
  - { id: shop, name: Shop, public: true, hosts: { fra: { url: "http://fra.shop.test/health" } } }
  - { id: billing, name: Billing, hosts: { vault: { url: "http://vault.billing.test/health" } } }
`;

/** A confirmed subscriber as a test writes it: services left out or null for all. */
export type TestSubscriber = { email: string; language: "en" | "de"; services?: string[] | null };

export let mail: TestMailServer;
let dir: string;

/** One mail server for the whole file: call at its top level. */
export function withSubscriptionMailServer() {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "subscription-test-"));
    mail = await startTestMailServer({ dir });
  });
  afterAll(async () => {
    await mail.down();
    rmSync(dir, { recursive: true, force: true });
  });
}

/** A webhook subscribers' receiver on loopback for the whole file (call at its top level), reset for each test. */
export function withWebhookReceiver(): { receiver: HttpReceiver } {
  const peer = {} as { receiver: HttpReceiver };
  beforeAll(async () => {
    peer.receiver = await startHttpReceiver();
  });
  afterAll(() => peer.receiver.close());
  beforeEach(() => peer.receiver.reset());
  return peer;
}

/** Mail received so far, read, for one address. */
export const mailTo = (address: string): ParsedMail[] =>
  mail.received.filter((entry) => entry.to.includes(address)).map((entry) => parseMail(entry.raw));

/** The link in a mail's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return found;
}

/** Writes subscribers as confirmed at `time`: tests that need many skip the mail round trip. */
async function insertSubscribers(db: Kysely<Database>, time: number, list: readonly TestSubscriber[]) {
  const rows = list.map(({ email, language, services = null }) => {
    const ids = services === null ? null : JSON.stringify(services);
    return {
      email,
      language,
      services: ids,
      confirmed_at: time,
      confirmed_ip: "test",
      consent_version: SUBSCRIPTION_CONSENT_VERSION,
      consent_requested_at: time,
      consent_requested_ip: "test",
      requested_at: time,
      requested_ip: "test",
      requested_language: language,
      requested_services: ids,
      requested_consent_version: SUBSCRIPTION_CONSENT_VERSION,
      confirm_hash: null,
      confirm_sent_at: time,
      confirm_expires_at: time + CONFIRM_VALID_MS,
      // The unsubscribe link signs it: 16 characters, as the intake makes them.
      nonce: randomBytes(12).toString("base64url"),
    };
  });
  // A few hundred rows a statement: SQLite takes a limited number of parameters.
  for (let start = 0; start < rows.length; start += 200)
    await db
      .insertInto("status_subscribers")
      .values(rows.slice(start, start + 200))
      .execute();
}

/** A logger whose lines (JSON, one each) land in `log`. */
function logCapture() {
  const log: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  return { log, logger: pino({ level: "info" }, sink) };
}

export function useSubscriptionApp(
  open: TestDatabase["open"],
  env: Record<string, string> = {},
  configText = SUBSCRIPTION_CONFIG,
) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let cookie = "";
  const answers: Record<string, "healthy" | "unhealthy"> = {};
  const state = { config: parseMonitoringConfig(configText, {}) as MonitoringConfig };
  const { log, logger } = logCapture();

  beforeEach(async () => {
    mail.received.length = 0;
    // A test may have replaced the configuration: each starts from the one given.
    state.config = parseMonitoringConfig(configText, {});
    await mail.up();
    const db = await open();
    Object.assign(answers, { api: "healthy", shop: "healthy", billing: "healthy" });
    const check: CheckTarget = async (target) => {
      const id = /\.(\w+)\.test/.exec(String(target.url))?.[1] ?? "api";
      const status = answers[id]!;
      return {
        status,
        responseTime: 20,
        errorMessage: status === "unhealthy" ? "HTTP 503" : null,
        retryAttempt: 0,
        basic: false,
      };
    };
    const sender = createSmtpSender({
      url: mail.url,
      from: "Muster Digital <noreply@example.com>",
      caFile: mail.caFile,
    });
    log.length = 0;
    t = await createTestApp(
      db.handle,
      { SITE_URL: "https://status.example.com", TRUST_PROXY: "true", ...env },
      { send: sender.send, monitoring: { config: () => state.config, check }, logger },
    );
    await t.services.staff.create("ops", PASSWORD);
    cookie = cookieFrom(
      await t.app.request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders(),
        body: JSON.stringify({ username: "ops", password: PASSWORD }),
      }),
    );
    await t.services.status!.source.refresh();
    cleanup = async () => {
      await t.services.delivery?.stop();
      sender.close();
      await db.cleanup();
    };
  });
  afterEach(() => cleanup());

  const subscriptions = () => t.services.subscriptions!;
  return {
    get t() {
      return t;
    },
    answers,
    state,
    /** What the app logged, line by line. */
    log,
    subscriptions,
    /** One check round. */
    async round() {
      await t.services.probes!.lead();
      await t.services.monitor!.engine.runCycle();
      await t.services.status!.source.refresh();
    },
    /** A visitor's subscription, with a form token old enough for the time trap. */
    async subscribe(input: Record<string, unknown>, client: { ip?: string; language?: "en" | "de" } = {}) {
      const token = t.services.formTokens.issue();
      t.advance(4_000);
      return subscriptions().intake.subscribe(
        { token, ...input },
        { ip: client.ip ?? "127.0.0.9", language: client.language ?? "en" },
      );
    },
    /** Requests sent at once, each with a form token old enough for the time trap (the clock moves once). */
    async atOnce(requests: readonly ({ ip: string } & Record<string, unknown>)[]) {
      const token = t.services.formTokens.issue();
      t.advance(4_000);
      return Promise.all(
        requests.map(({ ip, ...input }) =>
          subscriptions().intake.subscribe({ token, ...input }, { ip, language: "en" }),
        ),
      );
    },
    /** Sends what the outbox holds. */
    deliver: () => t.services.delivery!.runOnce(),
    /** The announcer's look at the page. */
    look: () => subscriptions().lookNow(),
    async postUpdate(incidentId: number, body: Record<string, string>) {
      return t.app.request(`http://localhost/api/admin/incidents/${incidentId}/status-updates`, {
        method: "POST",
        headers: browserHeaders({ cookie }),
        body: JSON.stringify(body),
      });
    },
    staff: (path: string, init: RequestInit = {}) =>
      t.app.request(`http://localhost${path}`, { ...init, headers: browserHeaders({ cookie }) }),
    /** Confirmed subscribers written straight into their table, as if each had followed their confirmation link. */
    addSubscribers: (list: readonly TestSubscriber[]) => insertSubscribers(t.services.database.db, t.clock.now, list),
    async incidentOf(serviceId: string) {
      const row = await t.services.database.db
        .selectFrom("incidents")
        .select("id")
        .where("service_id", "=", serviceId)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
