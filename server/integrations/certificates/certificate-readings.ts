// A certificate's readings: probed a few at a time with the configured extra
// trust, stored a round at a time, and read back for the dashboard (a target
// never checked reads as pending).
import type { CertificatesConfig, CertificateTarget } from "#server/integrations/integrations-config.ts";
import { limiter } from "#server/scheduling/limiter.ts";
import { failedReading, loadExtraCa, probeCertificate, type CertificateReading } from "#server/net/tls-probe.ts";
import type { CertificateEntry, CertificatesOptions } from "./certificates.ts";

const PROBES_IN_FLIGHT = 8;

export const keyOf = (target: { domain: string; serverIP: string; port: number }) =>
  `${target.domain}@${target.serverIP}:${target.port}`;

function pendingReading(target: CertificateTarget): CertificateReading {
  return failedReading({ domain: target.domain, serverIP: target.serverIP, port: target.port }, "Not checked yet", 0);
}

/** What probing needs, with the extra trust of `caFile` as last read (and the setting it was read for). */
export type CertificateProber = {
  options: CertificatesOptions;
  probe: typeof probeCertificate;
  extraCa: { file: string | undefined; pems: string[] } | undefined;
};

export const createProber = (options: CertificatesOptions): CertificateProber => ({
  options,
  probe: options.probe ?? probeCertificate,
  extraCa: undefined,
});

/**
 * The extra trust of `caFile`, read again when the setting changes; a broken file fails every probe with its reason.
 */
function trustedExtras(prober: CertificateProber, config: CertificatesConfig): string[] {
  if (!prober.extraCa || prober.extraCa.file !== config.caFile)
    prober.extraCa = { file: config.caFile, pems: loadExtraCa(config.caFile) };
  return prober.extraCa.pems;
}

/** Probes these targets and stores their readings. */
export async function checkTargets(
  prober: CertificateProber,
  list: readonly CertificateTarget[],
  config: CertificatesConfig,
): Promise<CertificateReading[]> {
  const { now, logger } = prober.options;
  const limit = limiter(PROBES_IN_FLIGHT);
  let readings: CertificateReading[];
  try {
    const ca = trustedExtras(prober, config);
    readings = await Promise.all(
      list.map((target) => limit(() => prober.probe(target, { timeoutMs: config.timeoutMs, ca, now }))),
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
  await save(prober.options, readings);
  return readings;
}

/**
 * Stores one round's readings together: the lease holder decides on rows
 * checked after the last it saw, so it must see a round whole or not at all
 * (rows of one round share their time).
 */
async function save({ db, now }: CertificatesOptions, readings: readonly CertificateReading[]): Promise<void> {
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

/** Each certificate's last check, by target. */
export async function lastChecks({ db }: CertificatesOptions) {
  const rows = await db
    .selectFrom("certificates")
    .select(["domain", "server_ip", "port", "checked_at", "renewal_attempted_at"])
    .execute();
  return new Map(rows.map((row) => [`${row.domain}@${row.server_ip}:${row.port}`, row]));
}

/** Every configured certificate as last read, with how it is renewed. */
export async function certificateEntries(options: CertificatesOptions): Promise<CertificateEntry[]> {
  const config = options.config();
  const rows = await options.db
    .selectFrom("certificates")
    .select(["domain", "server_ip", "port", "reading", "checked_at"])
    .execute();
  const byKey = new Map(rows.map((row) => [`${row.domain}@${row.server_ip}:${row.port}`, row]));
  return (options.config()?.domains ?? []).map((target) => {
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

/** GET /api/admin/certificates. */
export function summarize(list: CertificateEntry[]) {
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
}
