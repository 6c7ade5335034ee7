// The probe against real TLS servers presenting certificates made by the
// openssl CLI: each state a monitored certificate can be in, and the ways a
// host can fail to present one at all.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntegrationError } from "./fetch-text.ts";
import {
  makeTestCertificates,
  OTHER_DOMAIN,
  startSniTlsServer,
  startTlsServer,
  TEST_CA_NAME,
  TEST_CA_ORGANIZATION,
  TEST_DOMAIN,
  type ServedCertificate,
  type TestCertificates,
} from "#scripts/fleet/certificates.ts";
import { loadExtraCa, probeCertificate, type CertificateReading, type ProbeOptions } from "./tls-probe.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SHA256_FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

let certs: TestCertificates;

beforeAll(() => {
  certs = makeTestCertificates();
}, 60_000);
afterAll(() => certs?.cleanup());

/** Serves one certificate on a fresh server, probes it as TEST_DOMAIN, and closes the server. */
async function probeServed(
  served: ServedCertificate,
  options: Partial<ProbeOptions> = {},
  domain = TEST_DOMAIN,
): Promise<CertificateReading> {
  const server = await startTlsServer(served);
  try {
    return await probeCertificate(
      { domain, serverIP: "127.0.0.1", port: server.port },
      { timeoutMs: 5000, ca: [certs.ca.cert], ...options },
    );
  } finally {
    await server.close();
  }
}

/** Starts a plain TCP/HTTP server on 127.0.0.1 and gives its port and a closer that drops open connections. */
async function listenLocal(server: Server): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined); // the probe hangs up on us
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("probeCertificate: certificate states by their dates", () => {
  it("reads a 90-day certificate from a trusted CA as healthy, with what openssl says about it", async () => {
    const reading = await probeServed(certs.valid90);
    expect(reading).toMatchObject({
      domain: TEST_DOMAIN,
      serverIP: "127.0.0.1",
      status: "healthy",
      daysRemaining: 90,
      subject: TEST_DOMAIN,
      issuer: { commonName: TEST_CA_NAME, organization: TEST_CA_ORGANIZATION },
      sans: [TEST_DOMAIN],
      chainValid: true,
      nameMatches: true,
      error: null,
    });
    expect(reading.fingerprint).toMatch(SHA256_FINGERPRINT);
    expect(reading.fingerprint).toBe(certs.valid90.fingerprint);
    expect(reading.expiryDate).toBe(certs.valid90.notAfter.toISOString());
    expect(Date.parse(reading.validFrom ?? "")).toBeLessThan(Date.now());
    expect(reading.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(Math.abs(Date.parse(reading.checkedAt) - Date.now())).toBeLessThan(60_000);
  });

  it("reads a 20-day certificate as a warning", async () => {
    const reading = await probeServed(certs.valid20);
    expect(reading).toMatchObject({
      status: "warning",
      daysRemaining: 20,
      error: null,
      chainValid: true,
      nameMatches: true,
    });
    expect(reading.fingerprint).toBe(certs.valid20.fingerprint);
    expect(reading.expiryDate).toBe(certs.valid20.notAfter.toISOString());
  });

  it("reads a 3-day certificate as critical, still without an error", async () => {
    const reading = await probeServed(certs.valid3);
    expect(reading).toMatchObject({ status: "critical", daysRemaining: 3, error: null, chainValid: true });
    expect(reading.expiryDate).toBe(certs.valid3.notAfter.toISOString());
  });

  it("reports an expired certificate as critical with how long ago it expired", async () => {
    const reading = await probeServed(certs.expired);
    expect(reading).toMatchObject({
      status: "critical",
      daysRemaining: -10,
      error: "Expired 10 days ago",
      nameMatches: true,
    });
    // Validation fails for the same reason; the status stays the days-based one.
    expect(reading.chainValid).toBe(false);
    expect(reading.expiryDate).toBe(certs.expired.notAfter.toISOString());
    expect(reading.fingerprint).toBe(certs.expired.fingerprint);
  });
});

describe("probeCertificate: certificate states of trust, names and SNI", () => {
  it("reports a certificate for another name as an error naming both", async () => {
    const reading = await probeServed(certs.wrongName);
    expect(reading).toMatchObject({
      status: "error",
      nameMatches: false,
      chainValid: true,
      sans: [OTHER_DOMAIN],
      daysRemaining: 90,
    });
    expect(reading.error).toContain(TEST_DOMAIN);
    expect(reading.error).toContain(OTHER_DOMAIN);
    expect(reading.error).toMatch(/^Name mismatch/);
  });

  it("reports a self-signed certificate as an error", async () => {
    const reading = await probeServed(certs.selfSigned);
    expect(reading).toMatchObject({
      status: "error",
      error: "Self-signed certificate",
      chainValid: false,
      nameMatches: true,
      issuer: { commonName: TEST_DOMAIN, organization: null },
    });
    expect(reading.daysRemaining).toBe(certs.selfSigned.daysRemaining);
    expect(reading.fingerprint).toBe(certs.selfSigned.fingerprint);
  });

  it("reports a certificate that is not valid yet as an error", async () => {
    const reading = await probeServed(certs.notYetValid);
    expect(reading.status).toBe("error");
    expect(reading.error).toMatch(/^Not valid until \d{4}-/);
    expect(reading.chainValid).toBe(false);
  });

  it("distrusts the test CA unless it is given as an extra CA", async () => {
    const reading = await probeServed(certs.valid90, { ca: undefined });
    expect(reading).toMatchObject({ status: "error", chainValid: false, nameMatches: true, daysRemaining: 90 });
    expect(reading.error).toBe(`Untrusted issuer: ${TEST_CA_NAME} (${TEST_CA_ORGANIZATION})`);
  });

  it("distrusts an unknown root the server sends along, and trusts it when it is a known CA", async () => {
    const served = { ...certs.valid90, chain: [certs.ca.cert] };
    const untrusted = await probeServed(served, { ca: [] });
    expect(untrusted.status).toBe("error");
    expect(untrusted.error).toMatch(new RegExp(`^Untrusted issuer: ${TEST_CA_NAME}`));
    expect((await probeServed(served)).status).toBe("healthy");
  });

  it("asks for the domain by SNI and connects to the given IP, not to the domain", async () => {
    // Neither name resolves: only SNI can tell the server which certificate is wanted.
    const server = await startSniTlsServer(
      { [TEST_DOMAIN]: certs.valid90, [OTHER_DOMAIN]: certs.wrongName },
      certs.selfSigned,
    );
    try {
      const options = { timeoutMs: 5000, ca: [certs.ca.cert] };
      const other = await probeCertificate({ domain: OTHER_DOMAIN, serverIP: "127.0.0.1", port: server.port }, options);
      const main = await probeCertificate({ domain: TEST_DOMAIN, serverIP: "127.0.0.1", port: server.port }, options);
      expect(other).toMatchObject({ status: "healthy", sans: [OTHER_DOMAIN], nameMatches: true, port: server.port });
      expect(other.fingerprint).toBe(certs.wrongName.fingerprint);
      expect(main).toMatchObject({ status: "healthy", sans: [TEST_DOMAIN] });
      expect(main.fingerprint).toBe(certs.valid90.fingerprint);
    } finally {
      await server.close();
    }
  });

  it("counts days and stamps the reading by the given clock", async () => {
    const later = Date.now() + 85 * DAY_MS;
    const soon = await probeServed(certs.valid90, { now: () => later });
    expect(soon).toMatchObject({
      status: "critical",
      daysRemaining: 5,
      error: null,
      checkedAt: new Date(later).toISOString(),
    });
    const past = await probeServed(certs.valid90, { now: () => Date.now() + 95 * DAY_MS });
    expect(past).toMatchObject({ status: "critical", daysRemaining: -5, error: "Expired 5 days ago" });
  });
});

describe("probeCertificate: hosts that present no certificate", () => {
  it("reports a refused connection", async () => {
    const { port, close } = await listenLocal(createTcpServer());
    await close(); // the port was free a moment ago; now nothing listens on it
    const reading = await probeCertificate({ domain: TEST_DOMAIN, serverIP: "127.0.0.1", port }, { timeoutMs: 5000 });
    expect(reading).toMatchObject({
      status: "error",
      error: "ECONNREFUSED",
      daysRemaining: null,
      expiryDate: null,
      fingerprint: null,
      sans: [],
    });
  });

  it("gives up on a server that accepts and never answers, within the timeout", async () => {
    const silent = await listenLocal(createTcpServer(() => undefined));
    try {
      const started = performance.now();
      const reading = await probeCertificate(
        { domain: TEST_DOMAIN, serverIP: "127.0.0.1", port: silent.port },
        { timeoutMs: 300 },
      );
      const elapsed = performance.now() - started;
      expect(reading).toMatchObject({ status: "error", error: "Timed out after 300 ms" });
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(300 + 1500);
    } finally {
      await silent.close();
    }
  });

  it("reports a plain HTTP server as a failed handshake", async () => {
    const http = createHttpServer((_, response) => response.end("hello"));
    const server = await listenLocal(http);
    try {
      const reading = await probeCertificate(
        { domain: TEST_DOMAIN, serverIP: "127.0.0.1", port: server.port },
        { timeoutMs: 5000 },
      );
      expect(reading.status).toBe("error");
      expect(reading.error).toMatch(/^TLS handshake failed: \S/);
    } finally {
      http.closeAllConnections();
      await server.close();
    }
  });

  it("reports a server that hangs up at once as a failed handshake", async () => {
    const server = await listenLocal(createTcpServer((socket) => socket.destroy()));
    try {
      const reading = await probeCertificate(
        { domain: TEST_DOMAIN, serverIP: "127.0.0.1", port: server.port },
        { timeoutMs: 5000 },
      );
      expect(reading.status).toBe("error");
      expect(reading.error).toMatch(/^TLS handshake failed/);
    } finally {
      await server.close();
    }
  });

  it("resolves rather than throws on nonsense input", async () => {
    const reading = await probeCertificate(
      { domain: TEST_DOMAIN, serverIP: "127.0.0.1", port: 70_000 },
      { timeoutMs: 1000 },
    );
    expect(reading.status).toBe("error");
    expect(reading.error).toBeTruthy();
  });
});

describe("loadExtraCa", () => {
  it("is empty without a file", () => {
    expect(loadExtraCa(undefined)).toEqual([]);
  });

  it("splits a bundle into its certificates, which the probe then trusts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ca-bundle-"));
    try {
      const bundle = join(dir, "bundle.pem");
      writeFileSync(bundle, `# internal CAs\r\n${certs.ca.cert.replace(/\n/g, "\r\n")}\n${certs.selfSigned.cert}`);
      const pems = loadExtraCa(bundle);
      expect(pems.map((pem) => pem.trim())).toEqual([certs.ca.cert.trim(), certs.selfSigned.cert.trim()]);
      expect((await probeServed(certs.valid90, { ca: pems })).status).toBe("healthy");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("throws an IntegrationError for a missing, empty or broken file", () => {
    const dir = mkdtempSync(join(tmpdir(), "ca-bundle-"));
    try {
      writeFileSync(join(dir, "empty.pem"), "nothing here\n");
      writeFileSync(join(dir, "broken.pem"), "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n");
      expect(() => loadExtraCa(join(dir, "missing.pem"))).toThrow(IntegrationError);
      expect(() => loadExtraCa(join(dir, "missing.pem"))).toThrow(/ENOENT/);
      expect(() => loadExtraCa(join(dir, "empty.pem"))).toThrow(/No certificates/);
      expect(() => loadExtraCa(join(dir, "broken.pem"))).toThrow(/certificate 1 is not valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
