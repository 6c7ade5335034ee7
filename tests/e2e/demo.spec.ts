// npm run demo keeps its made-up incidents and test alerts in a data directory
// of its own, resets it on request and names the address it really serves.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { stopServer, waitUntilUp } from "./server-process.ts";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Until nothing answers on the port: the demo's wrapper may exit while its server's last worker still finishes its
 * graceful stop, and a second demo must not be taken for up while the first one answers.
 */
async function waitUntilDown(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    );
    if (!answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`something still answers on port ${port} after ${timeoutMs} ms`);
}

/**
 * The demo as `npm run demo` runs it: tsx as a loader in the demo's own process. tsx's CLI would sit between, and under
 * load it answers a SIGTERM by killing its child outright, leaving the demo's server running on the port.
 */
function startDemo(env: Record<string, string>, args: string[] = []): { demo: ChildProcess; output: () => string } {
  const demo = spawn(process.execPath, ["--import", "tsx", "scripts/demo.ts", ...args], {
    env: { ...process.env, HOST: "127.0.0.1", WEB_CONCURRENCY: "1", LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  demo.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  demo.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { demo, output: () => output };
}

test("the demo writes into its own data directory, prints its real address and resets on request", async () => {
  test.setTimeout(180_000);
  const root = mkdtempSync(join(tmpdir(), "demo-spec-"));
  const realData = join(root, "real");
  const demoData = join(root, "demo");
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: realData, DEMO_DATA_DIR: demoData };

  const first = startDemo(env);
  try {
    await waitUntilUp(`http://127.0.0.1:${port}`, 120_000, first.demo);
    expect(first.output()).toContain(`Sign in at http://127.0.0.1:${port}/admin`);
    expect(first.output()).toContain("npm run demo -- --reset");
    const services = await fetch(`http://127.0.0.1:${port}/api/status`);
    expect(services.status).toBe(200);
  } finally {
    await stopServer(first.demo);
  }
  await waitUntilDown(port, 30_000);
  expect(existsSync(join(demoData, "app.db"))).toBe(true);
  expect(existsSync(realData)).toBe(false);

  writeFileSync(join(demoData, "left-over"), "from the first run");
  const second = startDemo(env, ["--reset"]);
  try {
    await waitUntilUp(`http://127.0.0.1:${port}`, 120_000, second.demo);
    expect(existsSync(join(demoData, "left-over"))).toBe(false);
    expect(existsSync(join(demoData, "app.db"))).toBe(true);
  } finally {
    await stopServer(second.demo);
  }
  expect(existsSync(realData)).toBe(false);
});

test("the demo refuses a data directory that is the real one", async () => {
  const data = mkdtempSync(join(tmpdir(), "demo-spec-same-"));
  const run = startDemo({ PORT: String(await freePort()), DATA_DIR: data, DEMO_DATA_DIR: data });
  const code = await new Promise<number | null>((resolve) => run.demo.on("exit", resolve));
  expect(code).toBe(1);
  expect(run.output()).toContain("is the real DATA_DIR");
});
