// TLS checks: a handshake with the host (SNI: serverName, else the host), the
// chain judged against the system's roots (plus caFile's), the name, and the
// days left: more than 30 healthy, more than 7
// degraded, fewer or expired unhealthy. Conditions read the time left as
// [CERTIFICATE_EXPIRATION] (`[CERTIFICATE_EXPIRATION] > 720h`).
import { isIP } from "node:net";
import { loadExtraCa, probeCertificate, type CertificateReading } from "#server/net/tls-probe.ts";
import type { CheckRun, CheckRunner } from "./check-type.ts";
import { splitHostPort } from "./tcp-check.ts";

export type TlsTarget = {
  tls: string;
  /** The name the certificate must cover (and the SNI sent); default: the host. */
  serverName?: string;
  /** A PEM bundle of extra trusted CAs, for an internal CA. */
  caFile?: string;
};

const caFiles = new Map<string, string[]>();

/**
 * The extra CAs of a file, read once per process (the file is configuration; a reload with another path reads that).
 */
function extraCa(file: string | undefined): string[] {
  if (file === undefined) return [];
  let pems = caFiles.get(file);
  if (!pems) {
    pems = loadExtraCa(file);
    caFiles.set(file, pems);
  }
  return pems;
}

function verdict(reading: CertificateReading): Pick<CheckRun, "status" | "errorMessage"> {
  const days = reading.daysRemaining;
  const left = days === null ? "" : `Certificate expires in ${days} ${days === 1 ? "day" : "days"}`;
  switch (reading.status) {
    case "healthy":
      return { status: "healthy", errorMessage: null };
    case "warning":
      return { status: "degraded", errorMessage: left };
    case "critical":
      return { status: "unhealthy", errorMessage: reading.error ?? left };
    case "error":
      return { status: "unhealthy", errorMessage: reading.error ?? "TLS check failed" };
  }
}

async function run(
  target: TlsTarget,
  context: { timeoutMs: number; retries: number; now: () => number },
): Promise<CheckRun> {
  const { host, port } = splitHostPort(target.tls);
  const domain = target.serverName ?? host;
  let ca: string[];
  try {
    ca = extraCa(target.caFile);
  } catch (error) {
    return {
      status: "unhealthy",
      errorMessage: (error as Error).message,
      responseTime: null,
      retryAttempt: 0,
      basic: false,
      observation: { connected: false },
    };
  }
  const deadline = performance.now() + context.timeoutMs;
  let last: CheckRun | undefined;
  for (let retry = 0; retry <= context.retries; retry += 1) {
    const remaining = Math.floor(deadline - performance.now());
    if (remaining <= 0) break;
    const started = performance.now();
    const reading = await probeCertificate(
      { domain: isIP(domain) ? host : domain, serverIP: host, port },
      { timeoutMs: remaining, ca, now: context.now },
    );
    const responseTime = Math.round(performance.now() - started);
    const connected = reading.fingerprint !== null;
    const expiresInMs = reading.expiryDate === null ? undefined : Date.parse(reading.expiryDate) - context.now();
    last = {
      ...verdict(reading),
      responseTime: connected ? responseTime : null,
      retryAttempt: retry,
      basic: false,
      observation: {
        connected,
        ...(connected ? { responseTimeMs: responseTime } : {}),
        ...(expiresInMs === undefined ? {} : { certificateExpiresInMs: expiresInMs }),
      },
    };
    // A certificate was read: what it says stands. Only a failed connection is worth another try.
    if (connected || reading.error?.startsWith("Timed out")) break;
  }
  return (
    last ?? {
      status: "unhealthy",
      errorMessage: "Not checked",
      responseTime: null,
      retryAttempt: 0,
      basic: false,
      observation: { connected: false },
    }
  );
}

export const tlsRunner: CheckRunner<TlsTarget, "tls"> = {
  key: "tls",
  runsAt: "any-location",
  describe: (target) => `TLS ${target.tls}${target.serverName ? ` (${target.serverName})` : ""}`,
  connectsTo: (target) => splitHostPort(target.tls).host,
  run,
};
