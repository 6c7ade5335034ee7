// Renewing a certificate by its server's method (ACME from here, or the
// host's own hook), under a lease so two processes never renew one target at
// once; every attempt is recorded and logged, whatever its outcome.
import { X509Certificate } from "node:crypto";
import { join } from "node:path";
import type { CertificatesConfig, CertificateTarget } from "#server/integrations/integrations-config.ts";
import type { CertificateReading } from "#server/net/tls-probe.ts";
import { renewWithAcme, writeCertificateFiles, type ChallengeStore } from "./acme-renewal.ts";
import { keyOf } from "./certificate-readings.ts";
import type { CertificatesOptions, RenewResult } from "./certificates.ts";
import { callRenewalHook } from "./renewal-hook.ts";

/** After a failed automatic renewal, wait this long before the next try. */
const AUTO_RENEW_RETRY_MS = 6 * 60 * 60_000;
const RENEW_LEASE_MS = 3 * 60_000;
const ACME_TIMEOUT_MS = 120_000;

/** Whether a fresh reading calls for an automatic renewal now (`tried`: the last attempt, if any). */
export function renewalDue(
  config: CertificatesConfig,
  target: CertificateTarget,
  reading: CertificateReading,
  tried: number | null,
  time: number,
): boolean {
  const dueForRenewal =
    reading.daysRemaining !== null && reading.daysRemaining <= config.renewWithinDays && reading.status !== "error";
  const method = config.renewal[target.server]?.method ?? "none";
  return dueForRenewal && method !== "none" && (tried === null || time - tried >= AUTO_RENEW_RETRY_MS);
}

export async function renewCertificate(
  options: CertificatesOptions,
  challenges: ChallengeStore,
  target: CertificateTarget,
  trigger: "auto" | "manual",
): Promise<RenewResult> {
  const { db, leases, now, logger } = options;
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
      result = await renewByAcme(options, challenges, target.domain, config);
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

async function renewByAcme(
  { db, now, dataDir }: CertificatesOptions,
  challenges: ChallengeStore,
  domain: string,
  config: CertificatesConfig,
): Promise<RenewResult> {
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
  const files = await writeCertificateFiles(acme.certificateDir ?? join(dataDir, "certificates"), domain, issued);
  const until = new X509Certificate(issued.certificatePem).validTo;
  return {
    success: true,
    message:
      `Certificate for ${domain} issued (valid until ${new Date(until).toISOString()}); written to ` +
      `${files.fullchain}`,
  };
}
