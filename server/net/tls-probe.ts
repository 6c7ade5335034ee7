// The certificate probe: one TLS handshake to a host's IP, presenting the
// monitored domain as SNI, and a reading of the certificate the host serves
// for that name (expiry, issuer, names, fingerprint) with a status by the
// days left (shared/monitor/certificate-status.ts: more than 30, more than 7). Connecting to the configured IP, not to
// whatever the
// domain resolves to, is what lets the same domain be checked on both hosts.
//
// The handshake never rejects a certificate: an untrusted or mismatched one
// is still read, so the dashboard can say what is wrong with it. And the
// probe never throws: every failure becomes a reading with status "error".
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import tls, { type DetailedPeerCertificate, type PeerCertificate } from "node:tls";
import { certificateStatus, daysUntil, type CertificateStatus } from "#shared/monitor/certificate-status.ts";
import { IntegrationError } from "./fetch-text.ts";

export type ProbeTarget = { domain: string; serverIP: string; port: number };

export type ProbeOptions = {
  /** One deadline for connect and handshake together. */
  timeoutMs: number;
  /** Extra trusted CA certificates (PEM), for an internal CA; the system's roots stay trusted. */
  ca?: string[];
  /** The clock for days remaining and checkedAt (tests). */
  now?: () => number;
};

export type CertificateIssuer = { commonName: string | null; organization: string | null };

export type CertificateReading = {
  domain: string;
  serverIP: string;
  port: number;
  status: CertificateStatus;
  /** Whole days until expiry, rounded down; negative once expired; null when no certificate was read. */
  daysRemaining: number | null;
  /** ISO timestamps. */
  expiryDate: string | null;
  validFrom: string | null;
  /** The subject's common name. */
  subject: string | null;
  issuer: CertificateIssuer | null;
  /** DNS names of the subjectAltName extension. */
  sans: string[];
  /** SHA-256 of the DER certificate, colon-separated upper-case hex (as `openssl x509 -fingerprint -sha256`). */
  fingerprint: string | null;
  serialNumber: string | null;
  /** The chain leads to a trusted root and every certificate in it is within its dates. */
  chainValid: boolean;
  /** The certificate covers the domain. */
  nameMatches: boolean;
  /** Why the status is "error" (or "Expired N days ago"); null otherwise. */
  error: string | null;
  checkedAt: string;
};

type Handshake =
  { ok: true; cert: DetailedPeerCertificate; authorizationError: string | null } | { ok: false; error: string };

export async function probeCertificate(target: ProbeTarget, options: ProbeOptions): Promise<CertificateReading> {
  const now = options.now ?? Date.now;
  let handshakeResult: Handshake;
  try {
    handshakeResult = await handshake(target, options);
  } catch (error) {
    // handshake() resolves on every path it knows of; this is the "never throws" backstop.
    handshakeResult = { ok: false, error: `TLS handshake failed: ${errorReason(error)}` };
  }
  if (!handshakeResult.ok) return failedReading(target, handshakeResult.error, now());
  try {
    return readCertificate(target, handshakeResult.cert, handshakeResult.authorizationError, now());
  } catch (error) {
    return failedReading(target, `Unreadable certificate: ${errorReason(error)}`, now());
  }
}

function handshake(target: ProbeTarget, options: ProbeOptions): Promise<Handshake> {
  return new Promise((resolve) => {
    let socket: tls.TLSSocket | undefined;
    let connected = false;
    let settled = false;
    const finish = (result: Handshake) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: `Timed out after ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    const extra = options.ca ?? [];
    try {
      socket = tls.connect({
        host: target.serverIP,
        port: target.port,
        // SNI must be a host name (RFC 6066); an IP-literal "domain" is checked without it.
        ...(isIP(target.domain) ? {} : { servername: target.domain }),
        // Read whatever is served; trust and name are judged afterwards.
        rejectUnauthorized: false,
        // `authorized` then speaks of the chain alone; the name is checked on its own (nameMatches).
        checkServerIdentity: () => undefined,
        ...(extra.length > 0 ? { secureContext: contextWithExtraCa(extra) } : {}),
      });
    } catch (error) {
      // Options the socket layer refuses (a port out of range, say) throw synchronously.
      finish({ ok: false, error: `Cannot connect: ${errorReason(error)}` });
      return;
    }
    const opened = socket;
    opened.once("connect", () => (connected = true));
    // A listener stays attached after settling: a late error must not become an uncaught one.
    opened.on("error", (error) =>
      finish({ ok: false, error: connected ? `TLS handshake failed: ${errorReason(error)}` : connectReason(error) }),
    );
    opened.once("close", () =>
      finish({ ok: false, error: connected ? "TLS handshake failed: connection closed" : "Connection closed" }),
    );
    opened.once("secureConnect", () => {
      const cert = opened.getPeerCertificate(true);
      if (!cert || !cert.raw) return finish({ ok: false, error: "No certificate presented" });
      finish({
        ok: true,
        cert,
        authorizationError: opened.authorized ? null : authorizationCode(opened.authorizationError),
      });
    });
  });
}

let cachedContext: { key: string; context: tls.SecureContext } | undefined;

/**
 * Trust for the probe with extra CAs: the bundled roots plus the extras, since a
 * `ca` option replaces the default store rather than adding to it. (Without
 * extras the probe keeps Node's default trust, which also honours
 * NODE_EXTRA_CA_CERTS and --use-openssl-ca.) Parsing the 100-odd roots takes a
 * good part of a second of blocked event loop, so the context is made once per
 * CA list rather than per probe; the list comes from the config and rarely changes.
 */
function contextWithExtraCa(extra: string[]): tls.SecureContext {
  const key = extra.join("\n");
  if (cachedContext?.key !== key)
    cachedContext = { key, context: tls.createSecureContext({ ca: [...tls.rootCertificates, ...extra] }) };
  return cachedContext.context;
}

function readCertificate(
  target: ProbeTarget,
  cert: DetailedPeerCertificate,
  authorizationError: string | null,
  nowMs: number,
): CertificateReading {
  const expiry = parseDate(cert.valid_to);
  const validFrom = parseDate(cert.valid_from);
  const sans = dnsNames(cert.subjectaltname);
  const subject = firstValue(cert.subject?.CN);
  const nameMatches = tls.checkServerIdentity(target.domain, cert) === undefined;
  const daysRemaining = expiry === null ? null : daysUntil(expiry.getTime(), nowMs);

  const names = sans.length > 0 ? sans : subject ? [subject] : [];
  const nameProblem = nameMatches
    ? null
    : `Name mismatch: certificate is for ${names.length > 0 ? names.join(", ") : "no names"}, not ${target.domain}`;
  const trustProblem = authorizationError === null ? null : describeTrustError(authorizationError, cert, validFrom);

  let status: CertificateStatus;
  let error: string | null;
  if (expiry !== null && daysRemaining !== null && expiry.getTime() <= nowMs) {
    // Expired wins over the other problems: it is what needs doing first, and the
    // days-based status (critical) says so. Validation fails for the same reason, so
    // CERT_HAS_EXPIRED adds nothing; any other problem is appended.
    status = "critical";
    const ago = -daysRemaining;
    const others = [nameProblem, authorizationError === "CERT_HAS_EXPIRED" ? null : trustProblem].filter(
      (text) => text !== null,
    );
    error = [`Expired ${ago} ${ago === 1 ? "day" : "days"} ago`, ...others].join("; ");
  } else if (nameProblem !== null) {
    status = "error";
    error = nameProblem;
  } else if (trustProblem !== null) {
    status = "error";
    error = trustProblem;
  } else if (daysRemaining === null) {
    status = "error";
    error = `Unreadable expiry date "${cert.valid_to}"`;
  } else {
    status = certificateStatus(daysRemaining);
    error = null;
  }

  return {
    ...target,
    status,
    daysRemaining,
    expiryDate: expiry?.toISOString() ?? null,
    validFrom: validFrom?.toISOString() ?? null,
    subject,
    issuer: { commonName: firstValue(cert.issuer?.CN), organization: firstValue(cert.issuer?.O) },
    sans,
    fingerprint: cert.fingerprint256 || null,
    serialNumber: cert.serialNumber || null,
    chainValid: authorizationError === null,
    nameMatches,
    error,
    checkedAt: new Date(nowMs).toISOString(),
  };
}

/** A reading with no certificate: the reason says why (also "Not checked yet"). */
export function failedReading(target: ProbeTarget, error: string, nowMs: number): CertificateReading {
  return {
    ...target,
    status: "error",
    daysRemaining: null,
    expiryDate: null,
    validFrom: null,
    subject: null,
    issuer: null,
    sans: [],
    fingerprint: null,
    serialNumber: null,
    chainValid: false,
    nameMatches: false,
    error,
    checkedAt: new Date(nowMs).toISOString(),
  };
}

/** OpenSSL's verification codes in words. The leaf's own expiry is handled before this is asked. */
function describeTrustError(code: string, cert: DetailedPeerCertificate, validFrom: Date | null): string {
  switch (code) {
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
      return "Self-signed certificate";
    case "SELF_SIGNED_CERT_IN_CHAIN":
      return `Untrusted issuer: ${topIssuer(cert)}; the chain ends in a self-signed root`;
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "UNABLE_TO_GET_ISSUER_CERT":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
      return `Untrusted issuer: ${topIssuer(cert)}`;
    case "CERT_HAS_EXPIRED":
      return "A certificate in the chain has expired";
    case "CERT_NOT_YET_VALID":
      return validFrom ? `Not valid until ${validFrom.toISOString()}` : "A certificate in the chain is not valid yet";
    case "CERT_REVOKED":
      return "Certificate revoked";
    case "CERT_SIGNATURE_FAILURE":
      return "Invalid certificate signature";
    case "INVALID_CA":
      return `Untrusted issuer: ${topIssuer(cert)}; not a valid CA`;
    default:
      return `Untrusted certificate: ${code}`;
  }
}

/**
 * The issuer at the top of the chain the server sent: the CA a client would
 * have to trust. With an intermediate, the leaf's own issuer is not the one missing.
 */
function topIssuer(cert: DetailedPeerCertificate): string {
  let current: DetailedPeerCertificate = cert;
  const seen = new Set<DetailedPeerCertificate>([cert]);
  // A self-signed root is its own issuerCertificate; the set ends the walk there.
  while (current.issuerCertificate && !seen.has(current.issuerCertificate) && seen.size < 16) {
    current = current.issuerCertificate;
    seen.add(current);
  }
  return issuerName(current);
}

function issuerName(cert: PeerCertificate): string {
  const commonName = firstValue(cert.issuer?.CN);
  const organization = firstValue(cert.issuer?.O);
  if (commonName && organization && organization !== commonName) return `${commonName} (${organization})`;
  return commonName ?? organization ?? "unknown issuer";
}

/** Node types authorizationError as an Error, but sets it to OpenSSL's code string. */
function authorizationCode(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return (value as NodeJS.ErrnoException).code ?? value.message;
  return "UNKNOWN_VERIFY_ERROR";
}

/** Before the TCP connection: the system's code (ECONNREFUSED, ENOTFOUND, EHOSTUNREACH). */
function connectReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? errorReason(error);
}

/** OpenSSL errors carry a short `reason` ("wrong version number"); the message repeats library internals. */
function errorReason(error: unknown): string {
  if (error instanceof Error) return (error as { reason?: unknown }).reason?.toString() || error.message;
  return String(error);
}

/** The DNS entries of Node's subjectaltname string ("DNS:a.example, IP Address:10.0.0.1, ..."). */
function dnsNames(subjectAltName: string | undefined): string[] {
  if (!subjectAltName) return [];
  return subjectAltName
    .split(", ")
    .filter((entry) => entry.startsWith("DNS:"))
    .map((entry) => unquote(entry.slice(4)));
}

/** Node JSON-quotes a name holding characters that would make the list ambiguous. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  try {
    return String(JSON.parse(value));
  } catch {
    return value;
  }
}

function firstValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first : null;
}

/** Node gives dates as OpenSSL prints them ("Feb  1 00:00:00 2024 GMT"), which Date parses. */
function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM bundle (the config's caFile), one PEM each; an
 * empty list without a file. A missing, empty or broken file throws an
 * IntegrationError: a wrong CA file is a configuration error, better found at
 * start than as every internal certificate turning "untrusted".
 */
export function loadExtraCa(file?: string): string[] {
  if (file === undefined) return [];
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new IntegrationError(`Cannot read CA file ${file}: ${connectReason(error)}`);
  }
  const pems = (text.match(PEM_CERTIFICATE) ?? []).map((pem) => `${pem.replace(/\r\n/g, "\n")}\n`);
  if (pems.length === 0) throw new IntegrationError(`No certificates in CA file ${file}`);
  pems.forEach((pem, index) => {
    try {
      new X509Certificate(pem);
    } catch (error) {
      throw new IntegrationError(`CA file ${file}: certificate ${index + 1} is not valid: ${errorReason(error)}`);
    }
  });
  return pems;
}
