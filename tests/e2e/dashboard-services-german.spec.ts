// The dashboard's services in German: summary cards, the uptime table (cards on a phone) with its measured share,
// the service finder, a service's card and the groups, each worded in German with German numbers. At 390 and
// 1280 px wide, light and dark, with axe; nothing wider than the screen (German words are long).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations } from "./helpers.ts";

const SHOTS = join("test-results", "german-dashboard-services-screens");
const LOOKS = [
  ["light", 1280],
  ["dark", 390],
  ["dark", 1280],
  ["light", 390],
] as const;

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 5, quiet: true });
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => env?.stop());

/** Signed in, the staff area in German: the first look presses the switch, which saves it on the account. */
async function germanDashboard(browser: Browser, scheme: "light" | "dark", width: number): Promise<Page> {
  const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 }, locale: "en-US" });
  const page = await context.newPage();
  await signInToDashboard(page, env.origin);
  if (scheme === LOOKS[0][0] && width === LOOKS[0][1]) {
    await page.getByRole("button", { name: "Show the staff area in German" }).click();
  }
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  return page;
}

/** Nothing wider than the screen, and nothing axe finds. */
async function looksRight(page: Page, shot: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

for (const [scheme, width] of LOOKS) {
  test(`services in German at ${width} px, ${scheme}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await germanDashboard(browser, scheme, width);
    const look = `${scheme}-${width}`;

    const summary = page.getByTestId("summary-cards");
    await expect(summary).toContainText("Gesamtstatus");
    await expect(summary).toContainText("Endpunkte gesamt");
    // The demo fleet's certificates and HAProxy have open alerts: their sources are named in German too.
    await expect(summary).toContainText(/offene Alarme aus Zertifikaten und HAProxy/);
    await expect(summary).toContainText(/Letzte Aktualisierung(vor \d+\u00a0(s|Min\.)|nie)/);
    // The table from 640 px on, a card per service below: each share in German, with how much of 30 days it covers.
    const uptime =
      width < 640
        ? page.getByRole("list", { name: "Verfügbarkeit je Dienst" })
        : page.getByRole("table", { name: "Verfügbarkeit je Dienst" });
    await expect(uptime).toBeVisible();
    if (width >= 640) await expect(uptime.getByRole("columnheader", { name: "30 Tage" })).toBeVisible();
    await expect(uptime.getByText(/^\d{1,3},\d\d\u00a0%$/).first()).toBeVisible({ timeout: 30_000 });
    await expect(uptime.getByText(/^gemessen: \d+\u00a0(Min|Std)\. von 30\u00a0T\.$/).first()).toBeVisible();
    await expect(uptime.getByText(/\d\.\d\d%/)).toHaveCount(0);
    await looksRight(page, `overview-de-${look}`);

    await page.goto(`${env.origin}/admin/dashboard#services`);
    const finder = page.getByRole("search", { name: "Dienste finden" });
    await expect(finder.getByLabel("Zustand")).toContainText(/Nur Probleme \(\d+\)/);
    await finder.getByLabel("Dienste durchsuchen").fill("twitter-antispam");
    await expect(page.getByTestId("list-summary")).toHaveText("1–1 von 1 Dienst, Probleme zuerst.");
    const card = page.locator('article[data-service="twitter-antispam"]');
    await expect(card).toContainText("Profil: ");
    await expect(card).toContainText(/Zuletzt geprüft: vor \d+\u00a0(s|Min\.)/);
    await expect(card).toContainText(/Antwortzeit\d+\u00a0ms/);
    await expect(card).toContainText(/Letzte Prüfung aller Hosts: vor \d+\u00a0(s|Min\.)/);
    await looksRight(page, `finder-de-${look}`);

    await finder.getByLabel("Dienste durchsuchen").fill("no-such-service");
    await expect(page.getByTestId("list-summary")).toHaveText("Kein Dienst passt zu diesen Filtern.");
    await finder.getByRole("button", { name: "Filter zurücksetzen" }).click();
    await finder.getByLabel("Gruppieren nach").selectOption("host");
    const groups = page.getByRole("list", { name: "Dienste nach Host" });
    await expect(groups.locator("summary").first()).toContainText(
      /^Host: \S+\d+ Dienste?, (alle in Ordnung|in Ordnung|\d+ mit Problemen?)$/,
    );
    await looksRight(page, `groups-de-${look}`);
    await page.context().close();
  });
}
