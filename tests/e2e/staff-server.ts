// A server of its own for staff-area browser tests that need accounts the shared one lacks (a viewer, an owner
// with an authenticator app): a fresh database with an owner made at start, more accounts made by
// `npm run admin` on it, and a real mail receiver for invitations.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { totpCode } from "#server/auth/totp.ts";
import { startTestMailServer } from "#tests/peers/mail-server.ts";
import { freePort } from "#tests/peers/ports.ts";
import { adminProcess } from "#tests/support/admin-cli.ts";
import { startServer, stopServer, waitUntilUp } from "./server-process.ts";

export const OWNER = { username: "first-owner", password: "a long owner passphrase 11" };

export type Account = { username: string; password: string };

export async function startStaffServer() {
  const dir = mkdtempSync(join(tmpdir(), "staff-server-"));
  const dataDir = join(dir, "data");
  const mail = await startTestMailServer({ dir });
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const server = startServer(port, {
      DATA_DIR: dataDir,
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      SMTP_URL: mail.url,
      SMTP_CA_FILE: mail.caFile,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
    });
    let output = "";
    server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // Passkeys and cookies want the site's own name: the server's SITE_URL host is localhost.
    const origin = `http://localhost:${port}`;
    try {
      await waitUntilUp(`http://127.0.0.1:${port}`, 60_000, server);
    } catch (error) {
      await stopServer(server);
      if (attempt < 3 && output.includes("EADDRINUSE")) continue;
      await mail.down();
      throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
    }
    return {
      origin,
      mail,
      /** Makes an account with `npm run admin -- create` on the server's database. */
      create(account: Account, role: string) {
        const made = adminProcess(
          dataDir,
          ["create", account.username, "--role", role, "--password-stdin"],
          `${account.password}\n`,
        );
        if (made.code !== 0) throw new Error(`npm run admin -- create: ${made.err}`);
      },
      async stop() {
        await stopServer(server);
        await mail.down();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}

/** Signs in through the form and waits for the page the sign-in leads to. */
export async function signIn(page: Page, origin: string, account: Account, landing = "/admin/dashboard") {
  await page.goto(`${origin}/admin`);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${origin}${landing}`);
}

/** Adds an authenticator app to the signed-in account through the API; its secret and recovery codes. */
export async function enrolAuthenticator(page: Page) {
  const setup = await page.evaluate(async () => {
    const response = await fetch("/api/admin/account/totp/setup", { method: "POST" });
    return (await response.json()) as { setupId: string; secret: string };
  });
  const code = totpCode(setup.secret, Date.now());
  const added = await page.evaluate(
    async (body) => {
      const response = await fetch("/api/admin/account/totp", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { recoveryCodes: string[] };
    },
    { setupId: setup.setupId, code, label: "Phone" },
  );
  return { secret: setup.secret, recoveryCodes: added.recoveryCodes };
}

export const VIEWS = [
  { scheme: "light", width: 390 },
  { scheme: "dark", width: 390 },
  { scheme: "light", width: 1280 },
  { scheme: "dark", width: 1280 },
] as const;

export type View = (typeof VIEWS)[number];

/** Screenshots to look at (not compared): under the run's test results. */
export const SHOTS = join("test-results", "staff-pages");

/** A context in the view's theme and width; the page's theme follows the system's until one is chosen. */
export function viewContext(browser: { newContext: (options: object) => Promise<BrowserContext> }, view: View) {
  return browser.newContext({ colorScheme: view.scheme, viewport: { width: view.width, height: 900 } });
}
