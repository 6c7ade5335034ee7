// The dashboard's test environment: the demo fleet (every service and peer
// simulated on loopback, each can be stopped), a real mail server, and the
// production server as its own process on a fresh database, with a staff
// account. Used by the dashboard's and the alerting's browser tests and by
// `npm run bench:dashboard`. The alerting tests make the fleet quiet and the
// checks fast, and bring channels of their own: every e-mail channel sends
// through SMTP_URL whatever its address, so the mail server here gets it all.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { demoConfig, startDemoFleet, type DemoConfigOptions } from "#scripts/demo-config.ts";
import { startTestMailServer } from "#tests/peers/mail-server.ts";
import { freePort } from "#tests/peers/ports.ts";
import { startServer, stopServer, waitUntilUp } from "./server-process.ts";

export const DASHBOARD_USER = { username: "ops-lead", password: "a long dashboard passphrase 7" };

export type DashboardEnvOptions = Pick<
  DemoConfigOptions,
  "intervalSeconds" | "integrationIntervalSeconds" | "channels" | "showcase"
> & {
  /** No chance failures or degradation in the fleet. */
  quiet?: boolean;
  /** More of the server's environment (single sign-on's settings, say). */
  env?: Record<string, string>;
};

export async function startDashboardEnv(port: number, options: DashboardEnvOptions = {}) {
  const { quiet, intervalSeconds = 10, env: extraEnv = {}, ...rest } = options;
  const dir = mkdtempSync(join(tmpdir(), "dashboard-env-"));
  const fleet = await startDemoFleet({ quiet });
  const mail = await startTestMailServer({ dir });
  const config = join(dir, "monitoring.yaml");
  writeFileSync(config, demoConfig(fleet, { intervalSeconds, ...rest }));
  const { server, origin, output } = await startServerOnFreePort(port, {
    DATA_DIR: join(dir, "data"),
    MONITORING_CONFIG: config,
    MONITORING_DEMO: "true",
    ADMIN_USERNAME: DASHBOARD_USER.username,
    ADMIN_PASSWORD: DASHBOARD_USER.password,
    SMTP_URL: mail.url,
    SMTP_CA_FILE: mail.caFile,
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
    ...extraEnv,
  }).catch(async (error: unknown) => {
    await Promise.all([fleet.stop(), mail.down()]);
    throw error;
  });
  return {
    origin,
    /** The server's process (the bench reads its CPU). */
    pid: server.pid!,
    fleet,
    mail,
    /** The monitoring configuration the server watches: a test may edit it. */
    configFile: config,
    /** The server's DATA_DIR: `npm run admin` there manages its staff accounts. */
    dataDir: join(dir, "data"),
    output,
    async stop() {
      await stopServer(server);
      await fleet.stop();
      await mail.down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the server on the port, or on another free one if that was taken
 * between choosing and listening (parallel tests start peers on ports of
 * their own choosing all the time).
 */
async function startServerOnFreePort(firstPort: number, env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 ? firstPort : await freePort();
    const server: ChildProcess = startServer(port, env);
    let output = "";
    server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitUntilUp(origin, 60_000, server);
      return { server, origin, output: () => output };
    } catch (error) {
      await stopServer(server);
      if (attempt === 3 || !output.includes("EADDRINUSE"))
        throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
    }
  }
}

/** Signs in through the form (as the dashboard's owner unless told) and waits for the dashboard. */
export async function signInToDashboard(page: Page, origin: string, user = DASHBOARD_USER) {
  await page.goto(`${origin}/admin`);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${origin}/admin/dashboard`);
}

/**
 * Holds the page's next request to the URL until released, then sends it to
 * the server as it was: Test Email and Test Failure deliver in well under a
 * second, too quickly to look at the buttons while one runs.
 */
export async function holdNextRequest(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}
