import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startServer as startProcess, waitUntilUp as waitForServer } from "./server-process.ts";

const PORT = 3198;
const origin = `http://127.0.0.1:${PORT}`;

function startServer(env: Record<string, string> = {}): ChildProcess {
  return startProcess(PORT, { DATA_DIR: mkdtempSync(join(tmpdir(), "lifecycle-")), LOG_LEVEL: "info", ...env });
}

const waitUntilUp = () => waitForServer(origin);

// In order (one port), but a failure does not skip the tests after it: each starts its own server.
test.describe.configure({ mode: "default" });

test("SIGTERM: requests in flight finish, then the process exits cleanly within 10 s", async () => {
  const server = startServer({ WEB_CONCURRENCY: "1" });
  let log = "";
  server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await waitUntilUp();
  // A sign-in takes a password hash or two: long enough to be in flight.
  const inFlight = fetch(`${origin}/api/auth/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ username: "nobody", password: "whatever it is" }),
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  expect((await inFlight).status).toBe(401);
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(log).toContain('"msg":"shutting down"');
  expect(log).toContain("No staff account exists yet. Create one with: npm run admin -- create <username>");
});

test("a bad configuration stops the start with a message naming each variable", async () => {
  const server = startServer({ PORT: "not-a-port", METRICS_TOKEN: "short" });
  let errors = "";
  server.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => server.on("exit", (c) => resolve(c)));
  expect(code).toBe(1);
  expect(errors).toContain("PORT:");
  expect(errors).toContain("METRICS_TOKEN:");
});

test("/metrics answers with the whole cluster's counts, only with the token", async () => {
  const token = "a-metrics-token-for-the-test";
  const server = startServer({ WEB_CONCURRENCY: "2", METRICS_TOKEN: token });
  try {
    await waitUntilUp();
    for (let i = 0; i < 20; i += 1) await fetch(`${origin}/healthz`);
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    const response = await fetch(`${origin}/metrics`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const healthz = [...text.matchAll(/^http_requests_total\{[^}]*route="\/healthz"[^}]*\} (\d+)/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
    expect(healthz).toBeGreaterThanOrEqual(20);
  } finally {
    const exited = new Promise((resolve) => server.on("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});
