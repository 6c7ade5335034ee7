// Test fixtures for certificate checks: a throwaway CA and leaf certificates
// made with the openssl CLI (not with Node's own crypto), so the probe is
// tested against certificates as real tools make them, and TLS servers on
// 127.0.0.1 that present them. For tests only; reusable by any test that
// needs a certificate in a known state (valid, expiring, expired, wrong name,
// self-signed).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";

/** The name the fixtures are issued for; `.internal` is reserved for private use, so it never resolves publicly. */
export const TEST_DOMAIN = "svc.test.internal";
export const OTHER_DOMAIN = "other.test.internal";
export const TEST_CA_NAME = "Probe Test CA";
export const TEST_CA_ORGANIZATION = "Muster Test";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type TestCertificate = {
  /** DNS names in the subjectAltName. */
  names: string[];
  /** PEM private key and certificate (the leaf alone). */
  key: string;
  cert: string;
  keyFile: string;
  certFile: string;
  /** What openssl itself says about the certificate, for comparing with what a TLS client reads. */
  notAfter: Date;
  /** `openssl x509 -fingerprint -sha256`: colon-separated upper-case hex. */
  fingerprint: string;
  /** Whole days remaining as the fixture was meant (valid for the hour after it was made). */
  daysRemaining: number;
};

export type TestCertificates = {
  dir: string;
  ca: { key: string; cert: string; certFile: string };
  /** Signed by the test CA for TEST_DOMAIN, expiring in 90, 20 and 3 days. */
  valid90: TestCertificate;
  valid20: TestCertificate;
  valid3: TestCertificate;
  /** Signed by the test CA, valid from 60 days ago until 10 days ago. */
  expired: TestCertificate;
  /** Signed by the test CA, valid from 10 days ahead. */
  notYetValid: TestCertificate;
  /** Signed by the test CA for OTHER_DOMAIN only. */
  wrongName: TestCertificate;
  /** Self-signed for TEST_DOMAIN, 90 days. */
  selfSigned: TestCertificate;
  /** Removes the temporary directory (keys included). */
  cleanup: () => void;
};

// A config of our own, so the results do not depend on the machine's openssl.cnf.
const OPENSSL_CONFIG = `
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused

[ ca ]
default_ca = test_ca
[ test_ca ]
dir = .
database = ./index.txt
new_certs_dir = ./issued
serial = ./serial
default_md = sha256
policy = policy_any
unique_subject = no
copy_extensions = none
email_in_dn = no
[ policy_any ]
commonName = supplied
organizationName = optional
`;

const leafExtensions = (names: string[]) => `
[ leaf ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
subjectAltName = ${names.map((name) => `DNS:${name}`).join(", ")}
`;

/** OpenSSL's GeneralizedTime form, as `openssl ca -startdate/-enddate` take it: 20240101000000Z. */
function asn1Time(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;
}

export type TestCa = {
  dir: string;
  ca: { key: string; cert: string; certFile: string };
  /** A leaf signed by the CA; `openssl ca` takes explicit dates, so it can make expired certificates too. */
  issue: (name: string, names: string[], notBefore: Date, notAfter: Date, daysRemaining: number) => TestCertificate;
  /** A leaf valid from an hour ago for `days` whole days (plus an hour). */
  validFor: (name: string, days: number, names: string[]) => TestCertificate;
  /** Runs the openssl CLI in the CA's folder. */
  openssl: (...args: string[]) => string;
  describe: (name: string, names: string[], daysRemaining: number) => TestCertificate;
  cleanup: () => void;
};

/** A test CA in a fresh temporary directory, ready to issue leaves (the demo fleet uses it too). */
export function createTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), "cert-probe-"));
  const openssl = (...args: string[]) =>
    execFileSync("openssl", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const read = (file: string) => readFileSync(join(dir, file), "utf8");
  const newKey = (file: string) =>
    openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", file);
  const cleanup = () => rmSync(dir, { recursive: true, force: true });

  try {
    writeFileSync(join(dir, "openssl.cnf"), OPENSSL_CONFIG);
    writeFileSync(join(dir, "index.txt"), "");
    writeFileSync(join(dir, "serial"), "1000\n");
    mkdirSync(join(dir, "issued"));

    newKey("ca.key");
    openssl(
      "req",
      "-config",
      "openssl.cnf",
      "-x509",
      "-new",
      "-key",
      "ca.key",
      "-sha256",
      "-days",
      "3650",
      "-subj",
      `/CN=${TEST_CA_NAME}/O=${TEST_CA_ORGANIZATION}`,
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
      "-out",
      "ca.pem",
    );
  } catch (error) {
    cleanup();
    throw opensslFailure(error);
  }

  const describe = (name: string, names: string[], daysRemaining: number): TestCertificate => {
    const certFile = join(dir, `${name}.pem`);
    const fingerprintLine = openssl("x509", "-in", `${name}.pem`, "-noout", "-fingerprint", "-sha256").trim();
    const notAfterLine = openssl("x509", "-in", `${name}.pem`, "-noout", "-enddate").trim();
    return {
      names,
      key: read(`${name}.key`),
      cert: read(`${name}.pem`),
      keyFile: join(dir, `${name}.key`),
      certFile,
      notAfter: new Date(notAfterLine.slice(notAfterLine.indexOf("=") + 1)),
      fingerprint: fingerprintLine.slice(fingerprintLine.indexOf("=") + 1),
      daysRemaining,
    };
  };

  const issue = (name: string, names: string[], notBefore: Date, notAfter: Date, daysRemaining: number) => {
    newKey(`${name}.key`);
    openssl(
      "req",
      "-config",
      "openssl.cnf",
      "-new",
      "-key",
      `${name}.key`,
      "-subj",
      `/CN=${names[0]}`,
      "-out",
      `${name}.csr`,
    );
    writeFileSync(join(dir, `${name}.ext`), leafExtensions(names));
    openssl(
      "ca",
      "-config",
      "openssl.cnf",
      "-batch",
      "-notext",
      "-in",
      `${name}.csr`,
      "-out",
      `${name}.pem`,
      "-cert",
      "ca.pem",
      "-keyfile",
      "ca.key",
      "-startdate",
      asn1Time(notBefore),
      "-enddate",
      asn1Time(notAfter),
      "-extfile",
      `${name}.ext`,
      "-extensions",
      "leaf",
    );
    return describe(name, names, daysRemaining);
  };

  // Valid from an hour ago (a little clock skew is normal); expiring an hour past the
  // whole day, so "days remaining" is exactly the number asked for during that hour.
  const validFor = (name: string, days: number, names: string[]) => {
    const now = Date.now();
    return issue(name, names, new Date(now - HOUR_MS), new Date(now + days * DAY_MS + HOUR_MS), days);
  };

  return {
    dir,
    ca: { key: read("ca.key"), cert: read("ca.pem"), certFile: join(dir, "ca.pem") },
    issue,
    validFor,
    openssl,
    describe,
    cleanup,
  };
}

function opensslFailure(error: unknown): Error {
  const stderr = (error as { stderr?: unknown }).stderr;
  return new Error(`openssl failed: ${stderr ? String(stderr).trim() : (error as Error).message}`, { cause: error });
}

/** Makes the test CA and every fixture certificate in a fresh temporary directory (about a second). */
export function makeTestCertificates(): TestCertificates {
  const authority = createTestCa();
  const { dir, issue, openssl, describe } = authority;
  try {
    const now = Date.now();
    const validFor = (name: string, days: number, names = [TEST_DOMAIN]) => authority.validFor(name, days, names);

    const valid90 = validFor("valid90", 90);
    const valid20 = validFor("valid20", 20);
    const valid3 = validFor("valid3", 3);
    const wrongName = validFor("wrong-name", 90, [OTHER_DOMAIN]);
    const expired = issue(
      "expired",
      [TEST_DOMAIN],
      new Date(now - 60 * DAY_MS),
      new Date(now - 10 * DAY_MS + HOUR_MS),
      -10,
    );
    const notYetValid = issue(
      "not-yet-valid",
      [TEST_DOMAIN],
      new Date(now + 10 * DAY_MS),
      new Date(now + 100 * DAY_MS),
      99,
    );

    openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "self-signed.key");
    openssl(
      "req",
      "-config",
      "openssl.cnf",
      "-x509",
      "-new",
      "-key",
      "self-signed.key",
      "-sha256",
      "-days",
      "90",
      "-subj",
      `/CN=${TEST_DOMAIN}`,
      "-addext",
      `subjectAltName=DNS:${TEST_DOMAIN}`,
      "-out",
      "self-signed.pem",
    );
    // `-days 90` counts from now: 89 whole days and some hours remain by the time it is probed.
    const selfSigned = describe("self-signed", [TEST_DOMAIN], 89);

    return {
      dir,
      ca: authority.ca,
      valid90,
      valid20,
      valid3,
      expired,
      notYetValid,
      wrongName,
      selfSigned,
      cleanup: authority.cleanup,
    };
  } catch (error) {
    authority.cleanup();
    throw opensslFailure(error);
  }
}

export type ServedCertificate = {
  key: string;
  cert: string;
  /** Sent after the leaf (intermediates, or a root to test that case). */ chain?: string[];
};

export type TestServer = { port: number; close: () => Promise<void> };

const credentials = (served: ServedCertificate) => ({
  key: served.key,
  cert: [served.cert, ...(served.chain ?? [])].join("\n"),
});

/** A TLS server on 127.0.0.1 (a free port) presenting one certificate whatever name is asked for. */
export function startTlsServer(served: ServedCertificate): Promise<TestServer> {
  return listen(tls.createServer(credentials(served)));
}

/**
 * A TLS server on 127.0.0.1 presenting a certificate per SNI name, like a
 * reverse proxy hosting several domains; `fallback` for any other name (or none).
 */
export function startSniTlsServer(
  byName: Record<string, ServedCertificate>,
  fallback: ServedCertificate,
): Promise<TestServer> {
  const contexts = new Map(
    Object.entries(byName).map(([name, served]) => [name.toLowerCase(), tls.createSecureContext(credentials(served))]),
  );
  const fallbackContext = tls.createSecureContext(credentials(fallback));
  return listen(
    tls.createServer({
      // The server's own key and certificate answer clients that send no name.
      ...credentials(fallback),
      SNICallback: (servername, callback) => callback(null, contexts.get(servername.toLowerCase()) ?? fallbackContext),
    }),
  );
}

function listen(server: tls.Server): Promise<TestServer> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Clients that hang up mid-handshake (as a probe that has read the certificate does) are expected.
  server.on("tlsClientError", () => undefined);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
