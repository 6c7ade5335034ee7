// The staff area in German: the switch on the sign-in page turns it German before anyone signs in, the choice is
// saved on the account at sign-in's next switch and followed in any browser the person signs in with, and <html
// lang> says so. At 390 and 1280 px wide, light and dark, with axe.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { DASHBOARD_USER, signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations } from "./helpers.ts";

const SHOTS = join("test-results", "staff-language-screens");
const LOOKS = [
  ["light", 1280],
  ["dark", 390],
  ["dark", 1280],
  ["light", 390],
] as const;

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 10, quiet: true });
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => env?.stop());

async function newPage(browser: Browser, scheme: "light" | "dark", width: number): Promise<Page> {
  const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 }, locale: "en-US" });
  return context.newPage();
}

/** Nothing wider than the screen, and nothing axe finds. */
async function looksRight(page: Page, shot: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

const auditHeading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

test("an English browser's sign-in page switches to German, and the audit page follows, reload included", async ({
  browser,
}) => {
  const page = await newPage(browser, "light", 1280);
  await page.goto(`${env.origin}/admin`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "Show the staff area in German" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const back = page.getByRole("button", { name: "Den Mitarbeiterbereich auf Englisch anzeigen" });
  await expect(back).toHaveText("English");
  await looksRight(page, "sign-in-de-light-1280");

  // The sign-in page itself speaks German now.
  await page.getByLabel("Benutzername").fill(DASHBOARD_USER.username);
  await page.getByLabel("Passwort", { exact: true }).fill(DASHBOARD_USER.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL(`${env.origin}/admin/dashboard`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto(`${env.origin}/admin/audit`);
  await expect(auditHeading(page, "Protokoll")).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filtern" })).toBeVisible();
  await page.reload();
  await expect(auditHeading(page, "Protokoll")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  for (const [path, heading] of [
    ["/admin/messages", "Kontaktnachrichten"],
    ["/admin/subscribers", "Abonnenten der Statusseite"],
    ["/admin/alerts", "Störungen"],
  ] as const) {
    await page.goto(`${env.origin}${path}`);
    await expect(auditHeading(page, heading)).toBeVisible();
    await looksRight(page, `${path.slice(7)}-de-light-1280`);
  }

  // Signed in, the switch saves the choice: English, then German again, on the account.
  await page.goto(`${env.origin}/admin/audit`);
  await back.click();
  await expect(auditHeading(page, "Audit trail")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "Show the staff area in German" }).click();
  await expect(auditHeading(page, "Protokoll")).toBeVisible();
  await page.context().close();
});

test("the saved choice wins in another browser, in both themes at 390 and 1280 px", async ({ browser }) => {
  for (const [scheme, width] of LOOKS) {
    const page = await newPage(browser, scheme, width);
    // A fresh browser that prefers English: the sign-in page speaks English until the account is known.
    await page.goto(`${env.origin}/admin`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await signInToDashboard(page, env.origin);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.goto(`${env.origin}/admin/audit`);
    await expect(auditHeading(page, "Protokoll")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "language.changed" }).first()).toBeVisible();
    await looksRight(page, `audit-de-${scheme}-${width}`);
    await page.goto(`${env.origin}/admin/alerts`);
    await expect(auditHeading(page, "Störungen")).toBeVisible();
    await looksRight(page, `alerts-de-${scheme}-${width}`);
    await page.context().close();
  }
});
