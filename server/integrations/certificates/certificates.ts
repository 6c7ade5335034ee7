// The monitored certificates: each configured domain at its server is probed
// on a schedule and its reading stored (the integrations hand each new
// reading to alerting); one within `renewWithinDays` is renewed by its
// server's method: ACME from here, or the host's own hook.
import { X509Certificate } from "node:crypto";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#server/db/schema.ts";
import type { Leases } from "#server/db/leases.ts";
import { limiter } from "#server/scheduling/limiter.ts";
import type { CertificatesConfig, CertificateTarget } from "#server/integrations/integrations-config.ts";
import { createChallengeStore } from "./acme-challenges.ts";
import { renewWithAcme, writeCertificateFiles } from "./acme-renewal.ts";
import { callRenewalHook } from "./renewal-hook.ts";
import { failedReading, loadExtraCa, probeCertificate, type CertificateReading } from "#server/net/tls-probe.ts";

const PROBES_IN_FLIGHT = 8;
/** After a failed automatic renewal, wait this long before the next try. */
const AUTO_RENEW_RETRY_MS = 6 * 60 * 60_000;
const RENEW_LEASE_MS = 3 * 60_000;
const ACME_TIMEOUT_MS = 120_000;

export type CertificateEntry = CertificateReading & {
  server: "centron" | "local";
  renewal: string;
  lastChecked: string | null;
};
export type RenewResult = { success: boolean; message: string };

export type CertificatesOptions = {
  db: Kysely<Database>;
  leases: Leases;
  now: () => number;
  logger: Logger;
  config: () => CertificatesConfig | undefined;
  dataDir: string;
  /** Tests may swap the handshake; the default is the real one. */
  probe?: typeof probeCertificate;
};

const keyOf = (target: { domain: string; serverIP: string; port: number }) =>
  `${target.domain}@${target.serverIP}:${target.port}`;

function pendingReading(target: CertificateTarget): CertificateReading {
  return failedReading({ domain: target.domain, serverIP: target.serverIP, port: target.port }, "Not checked yet", 0);
}

export function createCertificates(options: CertificatesOptions) {
  const { db, leases, now, logger } = options;
  const probe = options.probe ?? probeCertificate;
  const challenges = createChallengeStore(db, now);
  let extraCa: { file: string | undefined; pems: string[] } | undefined;

  const targets = () => options.config()?.domains ?? [];
  /**
   * The extra trust of `caFile`, read again when the setting changes; a broken file fails every probe with its reason.
   */
  function trustedExtras(config: CertificatesConfig): string[] {
    if (!extraCa || extraCa.file !== config.caFile) extraCa = { file: config.caFile, pems: loadExtraCa(config.caFile) };
    return extraCa.pems;
  }

  /**
   * Stores one round's readings together: the lease holder decides on rows
   * checked after the last it saw, so it must see a round whole or not at all
   * (rows of one round share their time).
   */
  async function save(readings: readonly CertificateReading[]): Promise<void> {
    const time = now();
    await db.transaction().execute(async (trx) => {
      for (const reading of readings) {
        const row = {
          domain: reading.domain,
          server_ip: reading.serverIP,
          port: reading.port,
          reading: JSON.stringify(reading),
          checked_at: time,
        };
        await trx
          .insertInto("certificates")
          .values(row)
          .onConflict((oc) =>
            oc.columns(["domain", "server_ip", "port"]).doUpdateSet({ reading: row.reading, checked_at: time }),
          )
          .execute();
      }
    });
  }

  async function checkTargets(
    list: readonly CertificateTarget[],
    config: CertificatesConfig,
  ): Promise<CertificateReading[]> {
    const limit = limiter(PROBES_IN_FLIGHT);
    let readings: CertificateReading[];
    try {
      const ca = trustedExtras(config);
      readings = await Promise.all(
        list.map((target) => limit(() => probe(target, { timeoutMs: config.timeoutMs, ca, now }))),
      );
    } catch (error) {
      const reason = `caFile: ${(error as Error).message}`;
      logger.error({ caFile: config.caFile }, reason);
      readings = list.map((target) => ({
        ...pendingReading(target),
        error: reason,
        checkedAt: new Date(now()).toISOString(),
      }));
    }
    await save(readings);
    return readings;
  }

  /** Each certificate's last check, by target. */
  async function lastChecks() {
    const rows = await db
      .selectFrom("certificates")
      .select(["domain", "server_ip", "port", "checked_at", "renewal_attempted_at"])
      .execute();
    return new Map(rows.map((row) => [`${row.domain}@${row.server_ip}:${row.port}`, row]));
  }

  async function renew(target: CertificateTarget, trigger: "auto" | "manual"): Promise<RenewResult> {
    const config = options.config();
    const method = config?.renewal[target.server];
    if (!config || !method || method.method === "none")
      return { success: false, message: `No renewal method is configured for ${target.server}` };
    const lease = `renew:${keyOf(target)}`;
    const holder = `${process.pid}:${Math.random()}`;
    if (!(await leases.acquire(lease, holder, RENEW_LEASE_MS)))
      return { success: false, message: `A renewal of ${target.domain} is already running` };
    let result: RenewResult;
    try {
      await db
        .updateTable("certificates")
        .set({ renewal_attempted_at: now() })
        .where("domain", "=", target.domain)
        .where("server_ip", "=", target.serverIP)
        .where("port", "=", target.port)
        .execute();
      if (method.method === "hook") {
        result = await callRenewalHook(
          { url: method.url, token: method.token },
          { domain: target.domain, serverIP: target.serverIP },
          { timeoutMs: config.timeoutMs },
        );
      } else {
        result = await renewByAcme(target.domain, config);
      }
    } catch (error) {
      result = { success: false, message: `Renewal failed: ${(error as Error).message}` };
    } finally {
      await leases.release(lease, holder);
    }
    await db
      .insertInto("certificate_renewals")
      .values({
        at: now(),
        domain: target.domain,
        server_ip: target.serverIP,
        method: method.method,
        trigger,
        success: result.success ? 1 : 0,
        message: result.message,
      })
      .execute();
    logger[result.success ? "info" : "warn"](
      { domain: target.domain, serverIP: target.serverIP, trigger, method: method.method },
      result.message,
    );
    return result;
  }

  async function renewByAcme(domain: string, config: CertificatesConfig): Promise<RenewResult> {
    const acme = config.acme!;
    const account = await db
      .selectFrom("acme_accounts")
      .select("key_pem")
      .where("directory_url", "=", acme.directoryUrl)
      .executeTakeFirst();
    const issued = await renewWithAcme({
      domain,
      directoryUrl: acme.directoryUrl,
      email: acme.email,
      caFile: acme.caFile,
      challenges,
      timeoutMs: ACME_TIMEOUT_MS,
      accountKeyPem: account?.key_pem,
    });
    if (!account) {
      await db
        .insertInto("acme_accounts")
        .values({ directory_url: acme.directoryUrl, key_pem: issued.accountKeyPem, created_at: now() })
        .onConflict((oc) => oc.column("directory_url").doNothing())
        .execute();
    }
    const files = await writeCertificateFiles(
      acme.certificateDir ?? join(options.dataDir, "certificates"),
      domain,
      issued,
    );
    const until = new X509Certificate(issued.certificatePem).validTo;
    return {
      success: true,
      message:
        `Certificate for ${domain} issued (valid until ${new Date(until).toISOString()}); written to ` +
        `${files.fullchain}`,
    };
  }

  async function entries(): Promise<CertificateEntry[]> {
    const config = options.config();
    const rows = await db
      .selectFrom("certificates")
      .select(["domain", "server_ip", "port", "reading", "checked_at"])
      .execute();
    const byKey = new Map(rows.map((row) => [`${row.domain}@${row.server_ip}:${row.port}`, row]));
    return targets().map((target) => {
      const row = byKey.get(keyOf(target));
      const reading = row ? (JSON.parse(row.reading) as CertificateReading) : pendingReading(target);
      return {
        ...reading,
        server: target.server,
        renewal: config?.renewal[target.server]?.method ?? "none",
        lastChecked: row ? new Date(row.checked_at).toISOString() : null,
      };
    });
  }

  return {
    challenges,

    /**
     * Probes every certificate whose last check is an interval old (the scheduler calls this), then renews what is due.
     */
    async checkDue(): Promise<void> {
      const config = options.config();
      if (!config || config.domains.length === 0) return;
      const byKey = await lastChecks();
      const time = now();
      const due = config.domains.filter((target) => {
        const row = byKey.get(keyOf(target));
        return !row || time - row.checked_at >= config.intervalSeconds * 1000;
      });
      if (due.length === 0) return;
      const readings = await checkTargets(due, config);
      for (const [index, reading] of readings.entries()) {
        const target = due[index]!;
        const tried = byKey.get(keyOf(target))?.renewal_attempted_at ?? null;
        const dueForRenewal =
          reading.daysRemaining !== null &&
          reading.daysRemaining <= config.renewWithinDays &&
          reading.status !== "error";
        const method = config.renewal[target.server]?.method ?? "none";
        if (dueForRenewal && method !== "none" && (tried === null || time - tried >= AUTO_RENEW_RETRY_MS)) {
          const result = await renew(target, "auto");
          if (result.success) await checkTargets([target], config);
        }
      }
    },

    /**
     * Probes every certificate not checked since `time` (when maintenance ended: what is still wrong is told from a
     * fresh reading).
     */
    async checkSince(time: number): Promise<void> {
      const config = options.config();
      if (!config) return;
      const byKey = await lastChecks();
      const stale = config.domains.filter((target) => (byKey.get(keyOf(target))?.checked_at ?? -Infinity) < time);
      if (stale.length > 0) await checkTargets(stale, config);
    },

    /** Checks one domain now (every server that has it). */
    async check(domain: string): Promise<CertificateEntry[] | undefined> {
      const config = options.config();
      const list = targets().filter((target) => target.domain === domain);
      if (!config || list.length === 0) return undefined;
      await checkTargets(list, config);
      return (await entries()).filter((entry) => entry.domain === domain);
    },

    async renew(domain: string, serverIP: string): Promise<RenewResult> {
      const target = targets().find((entry) => entry.domain === domain && entry.serverIP === serverIP);
      if (!target) return { success: false, message: `${domain} at ${serverIP} is not a monitored certificate` };
      const result = await renew(target, "manual");
      const config = options.config();
      if (result.success && config) await checkTargets([target], config);
      return result;
    },

    /** GET /api/admin/certificates. */
    async summary() {
      const list = await entries();
      const count = (status: string) => list.filter((entry) => entry.status === status).length;
      const checked = list.map((entry) => entry.lastChecked).filter((at): at is string => at !== null);
      return {
        success: true,
        total: list.length,
        healthy: count("healthy"),
        warning: count("warning"),
        critical: count("critical"),
        error: count("error"),
        certificates: list,
        lastUpdated: checked.length ? checked.sort().at(-1)! : null,
      };
    },

    async renewals(limit = 50) {
      const rows = await db
        .selectFrom("certificate_renewals")
        .selectAll()
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        at: new Date(row.at).toISOString(),
        domain: row.domain,
        serverIP: row.server_ip,
        method: row.method,
        trigger: row.trigger,
        success: row.success === 1,
        message: row.message,
      }));
    },
  };
}

export type Certificates = ReturnType<typeof createCertificates>;
