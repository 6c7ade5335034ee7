// [CERTIFICATE_EXPIRATION] on an https check: the certificate of the connection
// the check really used, on a full handshake and on a resumed TLS session
// (which carries no certificate of its own). The checks run in a child process
// that trusts the test CA, as an operator's NODE_EXTRA_CA_CERTS would.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestCa, type TestCa } from "#scripts/fleet/certificates.ts";
import { targetSchema } from "./check-types.ts";

let ca: TestCa;
let server: Server;
let expired: Server;
let base = "";
let expiredBase = "";
let handshakes = { full: 0, resumed: 0 };

beforeAll(async () => {
  ca = createTestCa();
  const leaf = ca.validFor("leaf", 20, ["localhost"]);
  // Each answer closes its connection, so every check after the first resumes the TLS session.
  server = createServer({ key: leaf.key, cert: leaf.cert }, (_, response) =>
    response.setHeader("connection", "close").end('{"status":"UP"}'),
  );
  server.on("secureConnection", (socket: TLSSocket) =>
    socket.isSessionReused() ? handshakes.resumed++ : handshakes.full++,
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}`;
  const day = 24 * 60 * 60 * 1000;
  const old = ca.issue("expired", ["localhost"], new Date(Date.now() - 30 * day), new Date(Date.now() - day), -1);
  expired = createServer({ key: old.key, cert: old.cert }, (_, response) => response.end('{"status":"UP"}'));
  await new Promise<void>((resolve) => expired.listen(0, "127.0.0.1", resolve));
  expiredBase = `https://localhost:${(expired.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
  expired?.close();
  ca?.cleanup();
});

/** Runs the hosts' checks one after the other in a child process (the server here keeps answering meanwhile). */
async function runChecks(hosts: unknown[]): Promise<{ status: string; errorMessage: string | null }[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "tests/support/run-checks.ts", JSON.stringify(hosts)],
    {
      encoding: "utf8",
      env: { ...process.env, NODE_EXTRA_CA_CERTS: ca.ca.certFile },
      timeout: 60_000,
    },
  );
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { status: string; errorMessage: string | null });
}

it("reads the days left from the connection, and on resumed sessions from the handshake they resume", async () => {
  handshakes = { full: 0, resumed: 0 };
  const url = `${base}/health`;
  // 20 days and an hour left: above 479 hours, below 481 and 30 days.
  const outcomes = await runChecks([
    { url, conditions: ["[CERTIFICATE_EXPIRATION] > 479h"] },
    { url, conditions: ["[CERTIFICATE_EXPIRATION] > 479h", "[STATUS] == 200"] },
    { url, conditions: ["[CERTIFICATE_EXPIRATION] < 481h"] },
    { url, conditions: ["[CERTIFICATE_EXPIRATION] > 720h"] },
  ]);
  expect(outcomes.slice(0, 3)).toEqual([
    { status: "healthy", errorMessage: null },
    { status: "healthy", errorMessage: null },
    { status: "healthy", errorMessage: null },
  ]);
  expect(outcomes[3]!.status).toBe("unhealthy");
  expect(outcomes[3]!.errorMessage).toMatch(/^Condition failed: \[CERTIFICATE_EXPIRATION\] \(20d5\dm\d+s\) > 30d$/);
  expect(handshakes.full).toBe(1);
  expect(handshakes.resumed).toBe(3);
});

it("names what is wrong with a certificate the check cannot trust", async () => {
  const outcomes = await runChecks([
    { url: `${expiredBase}/health` },
    // The CA is trusted, but the leaf names localhost only.
    { url: `${base.replace("localhost", "127.0.0.1")}/health` },
  ]);
  expect(outcomes).toEqual([
    { status: "unhealthy", errorMessage: "CERT_HAS_EXPIRED: certificate has expired" },
    { status: "unhealthy", errorMessage: expect.stringMatching(/^ERR_TLS_CERT_ALTNAME_INVALID: .*127\.0\.0\.1/) },
  ]);
});

it("refuses [CERTIFICATE_EXPIRATION] on a plain http URL when the configuration loads, naming the condition", () => {
  const parsed = targetSchema.safeParse({
    url: "http://127.0.0.1:8080/health",
    conditions: ["[STATUS] == 200", "[CERTIFICATE_EXPIRATION] > 48h"],
  });
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
    ["conditions.1", "[CERTIFICATE_EXPIRATION] needs an https URL"],
  ]);
  expect(
    targetSchema.safeParse({ url: "https://127.0.0.1:8443/health", conditions: ["[CERTIFICATE_EXPIRATION] > 48h"] })
      .success,
  ).toBe(true);
});
