import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findTestChromium } from "./tests/chromium.ts";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The staff account the browser tests sign in with (created at server start). */
export const E2E_ADMIN = { username: "e2e-admin", password: "a long test passphrase 42" };
/** The public origin the server is started with: not where the tests reach it, so pages must name this one. */
export const E2E_SITE_URL = "https://www.muster-digital.example";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on two cores: the longest tests wait on real timers (retries, intervals), and the headless shell leaves
  // room beside them.
  workers: 3,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Generous: tests wait for events, and on a machine busy with other work (npm run test:stress) those take longer.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: "node build/server/index.js",
    url: `http://localhost:${E2E_PORT}/healthz`,
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      // A fresh SQLite database for every run.
      DATA_DIR: mkdtempSync(join(tmpdir(), "e2e-data-")),
      DATABASE_URL: "",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      SITE_URL: E2E_SITE_URL,
      // Every browser test comes from one address; the per-IP limit has API tests of its own.
      CONTACT_LIMIT_PER_IP: "1000",
      CONTACT_LIMIT_GLOBAL: "1000",
      // The server's time trap off, so that tests need not wait 3 s before each post; the browser's own trap
      // is passed on the page's clock (page.clock), and the server's has a test with a server of its own
      // (contact.spec.ts).
      CONTACT_MIN_FORM_AGE_MS: "0",
    },
    reuseExistingServer: false,
    // The workers start, build nothing and migrate: seconds, or a minute on a busy machine.
    timeout: 60_000,
  },
});
