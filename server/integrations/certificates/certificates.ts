// The monitored certificates: each configured domain at its server is probed
// on a schedule and its reading stored (the integrations hand each new
// reading to alerting); one within `renewWithinDays` is renewed by its
// server's method: ACME from here, or the host's own hook. Its steps: the
// readings (certificate-readings.ts) and renewal (certificate-renewal.ts).
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "#server/db/schema.ts";
import type { Leases } from "#server/db/leases.ts";
import type { CertificatesConfig } from "#server/integrations/integrations-config.ts";
import type { CertificateReading, probeCertificate } from "#server/net/tls-probe.ts";
import { createChallengeStore } from "./acme-challenges.ts";
import {
  certificateEntries,
  checkTargets,
  createProber,
  keyOf,
  lastChecks,
  summarize,
} from "./certificate-readings.ts";
import { renewalDue, renewCertificate } from "./certificate-renewal.ts";

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

export function createCertificates(options: CertificatesOptions) {
  const { db, now } = options;
  const prober = createProber(options);
  const challenges = createChallengeStore(db, now);
  const targets = () => options.config()?.domains ?? [];

  return {
    challenges,

    /**
     * Probes every certificate whose last check is an interval old (the scheduler calls this), then renews what is due.
     */
    async checkDue(): Promise<void> {
      const config = options.config();
      if (!config || config.domains.length === 0) return;
      const byKey = await lastChecks(options);
      const time = now();
      const due = config.domains.filter((target) => {
        const row = byKey.get(keyOf(target));
        return !row || time - row.checked_at >= config.intervalSeconds * 1000;
      });
      if (due.length === 0) return;
      const readings = await checkTargets(prober, due, config);
      for (const [index, reading] of readings.entries()) {
        const target = due[index]!;
        const tried = byKey.get(keyOf(target))?.renewal_attempted_at ?? null;
        if (renewalDue(config, target, reading, tried, time)) {
          const result = await renewCertificate(options, challenges, target, "auto");
          if (result.success) await checkTargets(prober, [target], config);
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
      const byKey = await lastChecks(options);
      const stale = config.domains.filter((target) => (byKey.get(keyOf(target))?.checked_at ?? -Infinity) < time);
      if (stale.length > 0) await checkTargets(prober, stale, config);
    },

    /** Checks one domain now (every server that has it). */
    async check(domain: string): Promise<CertificateEntry[] | undefined> {
      const config = options.config();
      const list = targets().filter((target) => target.domain === domain);
      if (!config || list.length === 0) return undefined;
      await checkTargets(prober, list, config);
      return (await certificateEntries(options)).filter((entry) => entry.domain === domain);
    },

    async renew(domain: string, serverIP: string): Promise<RenewResult> {
      const target = targets().find((entry) => entry.domain === domain && entry.serverIP === serverIP);
      if (!target) return { success: false, message: `${domain} at ${serverIP} is not a monitored certificate` };
      const result = await renewCertificate(options, challenges, target, "manual");
      const config = options.config();
      if (result.success && config) await checkTargets(prober, [target], config);
      return result;
    },

    /** GET /api/admin/certificates. */
    summary: async () => summarize(await certificateEntries(options)),

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
