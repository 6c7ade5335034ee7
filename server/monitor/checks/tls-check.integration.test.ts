// The TLS check against real TLS servers presenting openssl-made certificates:
// the days left (more than 30 healthy, more than 7 degraded), the chain, the name, and conditions
// on [CERTIFICATE_EXPIRATION].
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeTestCertificates,
  startTlsServer,
  TEST_DOMAIN,
  type TestCertificate,
  type TestCertificates,
} from "#scripts/fleet/certificates.ts";
import { runTarget, targetSchema } from "./check-types.ts";

let certs: TestCertificates;
beforeAll(() => {
  certs = makeTestCertificates();
}, 60_000);
afterAll(() => certs?.cleanup());

const context = {
  timeoutMs: 3000,
  retries: 0,
  now: Date.now,
  intervalMs: 60_000,
  push: () => ({ receipt: undefined, watchedSince: Date.now() }),
};

async function checkServed(pick: (all: TestCertificates) => TestCertificate, extra: Record<string, unknown> = {}) {
  const server = await startTlsServer(pick(certs));
  try {
    return await runTarget(
      targetSchema.parse({
        tls: `127.0.0.1:${server.port}`,
        serverName: TEST_DOMAIN,
        caFile: certs.ca.certFile,
        ...extra,
      }),
      context,
    );
  } finally {
    await server.close();
  }
}

describe("TLS checks against real TLS servers", () => {
  const cases: [string, (all: TestCertificates) => TestCertificate, Record<string, unknown>, string, RegExp | null][] =
    [
      ["90 days left", (c) => c.valid90, {}, "healthy", null],
      ["20 days left is degraded", (c) => c.valid20, {}, "degraded", /^Certificate expires in (19|20) days$/],
      ["3 days left is unhealthy", (c) => c.valid3, {}, "unhealthy", /^Certificate expires in (2|3) days$/],
      ["expired", (c) => c.expired, {}, "unhealthy", /^Expired 10 days ago/],
      ["another name", (c) => c.wrongName, {}, "unhealthy", /^Name mismatch/],
      ["self-signed", (c) => c.selfSigned, {}, "unhealthy", /^Self-signed certificate$/],
      [
        "an issuer not trusted without caFile",
        (c) => c.valid90,
        { caFile: undefined },
        "unhealthy",
        /^Untrusted issuer: Probe Test CA/,
      ],
      [
        "a condition on the time left, met",
        (c) => c.valid20,
        { conditions: ["[CERTIFICATE_EXPIRATION] > 240h"] },
        "healthy",
        null,
      ],
      [
        "a condition on the time left, missed",
        (c) => c.valid20,
        { conditions: ["[CERTIFICATE_EXPIRATION] > 720h"] },
        "unhealthy",
        /^Condition failed: \[CERTIFICATE_EXPIRATION\] \(\d+d[\dhms]*\) > 30d$/,
      ],
    ];
  it.each(cases)("%s", async (_, pick, extra, status, error) => {
    const outcome = await checkServed(pick, extra);
    expect(outcome.status).toBe(status);
    if (error) expect(outcome.errorMessage).toMatch(error);
    else expect(outcome.errorMessage).toBeNull();
  });

  it("nothing listening, and a CA file that is not there, are failures with their reason", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    expect(await runTarget(targetSchema.parse({ tls: `127.0.0.1:${port}` }), context)).toMatchObject({
      status: "unhealthy",
      errorMessage: "ECONNREFUSED",
      responseTime: null,
    });
    expect(
      await runTarget(targetSchema.parse({ tls: `127.0.0.1:${port}`, caFile: `${certs.dir}/missing.pem` }), context),
    ).toMatchObject({
      status: "unhealthy",
      errorMessage: expect.stringMatching(/^Cannot read CA file .*missing\.pem: ENOENT$/),
    });
  });
});
