// The dashboard's panels in German: the header, the overall state, active alerts, maintenance (banner, state, form and
// history), certificates, nginx, HAProxy, AI services and the metrics, for a staff member who chose German. At 390
// and 1280 px wide, light and dark, with axe; nothing wider than the screen (long German words included).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { DASHBOARD_USER, signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations } from "./helpers.ts";

const SHOTS = join("test-results", "german-dashboard-screens");
/** Each theme at each width, a phone first (where long German words would overflow). */
const LOOKS: { scheme: "light" | "dark"; width: number }[] = [
  { scheme: "dark", width: 390 },
  { scheme: "light", width: 1280 },
  { scheme: "dark", width: 1280 },
  { scheme: "light", width: 390 },
];

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 10, quiet: true });
});
test.afterAll(async () => env?.stop());

/** A signed-in dashboard in a browser of its own that prefers English (the account's choice decides). */
async function signedIn(browser: Browser, look: (typeof LOOKS)[number]): Promise<Page> {
  const viewport = { width: look.width, height: 900 };
  const page = await (await browser.newContext({ colorScheme: look.scheme, viewport, locale: "en-US" })).newPage();
  await signInToDashboard(page, env.origin);
  return page;
}

/** axe finds nothing, no German word pushes the page wider than the screen, and a screenshot to look at. */
async function checkAndShoot(page: Page, name: string) {
  expect(await axeViolations(page)).toEqual([]);
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.screenshot({ fullPage: true, path: `${SHOTS}/${name}.png` });
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });

/** The overview in German, once its panels have their data. */
async function overviewSpeaksGerman(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Admin-Dashboard" })).toBeVisible();
  await expect(page.getByTestId("dashboard-hosts")).toContainText("Zustand der Dienste, Alarme und Infrastruktur");
  await expect(page.getByRole("heading", { name: /Überwachung der Dienste/ })).toBeVisible();
  await expect(page.getByText(/Zuletzt aktualisiert: vor \d+ s/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: /^Aktive Alarme \(\d+\)$/ })).toBeVisible();
  await expect(page.getByTestId("nginx-metrics")).toContainText("Aktive Verbindungen", { timeout: 15_000 });
  await expect(page.getByTestId("nginx-metrics")).toContainText(/48\d\.\d{3}/);
  await expect(page.getByTestId("certificate-counts")).toContainText("22 insgesamt", { timeout: 15_000 });
  await expect(page.getByTestId("certificate-counts")).toContainText("kritisch");
  await expect(page.getByTestId("maintenance-state")).toHaveText("Normalbetrieb");
  await expect(page.getByRole("heading", { name: "Erweiterte Messwerte" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Antwortzeit von / })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Angemeldet als ${DASHBOARD_USER.username}.`)).toBeVisible();
}

test("a staff member switches the dashboard to German: every panel speaks it, maintenance included", async ({
  browser,
}) => {
  const page = await signedIn(browser, { scheme: "light", width: 1280 });
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Show the staff area in German" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await overviewSpeaksGerman(page);
  await expect(page).toHaveTitle("Admin-Dashboard");
  const certificates = page.getByRole("table", { name: "Zertifikate" });
  await expect(certificates.getByRole("row", { name: /^www\.example\.com/ })).toContainText("kritisch");
  await expect(certificates.getByRole("button", { name: /^www\.example\.com auf .+ prüfen$/ }).first()).toBeVisible();

  const panel = page.getByRole("region", { name: "Wartungsmodus" });
  await panel.getByRole("button", { name: "Wartungsmodus einschalten" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Zum Einschalten des Wartungsmodus ist ein Grund nötig");
  await panel.getByLabel("Grund", { exact: true }).fill("Kernel-Aktualisierung");
  await panel.getByLabel("Geschätzte Dauer (Minuten)").fill("30");
  await panel.getByRole("button", { name: "Wartungsmodus einschalten" }).click();
  await expect(page.getByTestId("maintenance-state")).toHaveText("Wartungsmodus AKTIV");
  const banner = page.getByTestId("maintenance-banner");
  await expect(banner).toContainText(`Wartungsmodus: Kernel-Aktualisierung — von ${DASHBOARD_USER.username}, bis`);
  await expect(banner).toContainText("(endet von selbst)");
  await expect(panel).toContainText("(Schätzung: 30 min)");
  await expect(panel.getByLabel("Grund für das Ende")).toHaveValue("Wartung abgeschlossen");
  await expect(page.getByText("Wartungsmodus eingeschaltet")).toBeVisible();
  // A toast's <li> sits in an <ol role="status">, which axe does not count as a list: let the toasts go first.
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  await checkAndShoot(page, "maintenance-de-light-1280");
  await panel.getByRole("button", { name: "Wartungsmodus ausschalten" }).click();
  await expect(page.getByTestId("maintenance-state")).toHaveText("Normalbetrieb");
  const history = panel.getByRole("list", { name: "Verlauf der Wartung" });
  await expect(history.getByRole("listitem").first()).toContainText("ausgeschaltet");
  await expect(history.getByRole("listitem").first()).toContainText("Wartung abgeschlossen");

  await tab(page, "HAProxy-Statistik").click();
  await expect(page.getByRole("table", { name: "Frontends" })).toContainText("https-in", { timeout: 15_000 });
  const servers = page.getByRole("table", { name: "Server" });
  await expect(servers.getByRole("columnheader", { name: "Letzte Prüfung" })).toBeVisible();
  await expect(servers.locator('[data-server="ai-local"]')).toContainText("DOWN");

  await tab(page, "Zustand der Dienste").click();
  await expect(page.getByRole("heading", { name: "Zustand der Infrastruktur" })).toBeVisible();
  const ollama = page.locator('[data-ai-service="Ollama (centron)"]');
  await expect(ollama).toContainText("+2 weitere", { timeout: 15_000 });
  await expect(ollama).toContainText(/Geprüft: vor \d+ (s|min)/);
  await expect(page.getByRole("heading", { name: "Zustand der KI-Dienste" })).toBeVisible();
  await page.context().close();
});

test("the saved choice: the dashboard's panels in German at 390 and 1280 px, light and dark, with axe", async ({
  browser,
}) => {
  // Four looks, three panels each, every one checked by axe and shot: about a minute on an idle machine.
  test.setTimeout(180_000);
  for (const look of LOOKS) {
    const page = await signedIn(browser, look);
    const suffix = `${look.scheme}-${look.width}`;
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await overviewSpeaksGerman(page);
    await page.getByRole("button", { name: "Daten als Tabelle zeigen" }).click();
    await expect(page.getByRole("columnheader", { name: "Mittel" })).toBeVisible();
    await checkAndShoot(page, `overview-de-${suffix}`);
    await tab(page, "HAProxy-Statistik").click();
    await expect(page.getByText("https-in").filter({ visible: true }).first()).toBeVisible({ timeout: 15_000 });
    await checkAndShoot(page, `haproxy-de-${suffix}`);
    await tab(page, "Zustand der Dienste").click();
    await expect(page.locator('[data-ai-service="Ollama (centron)"]')).toContainText("+2 weitere", {
      timeout: 15_000,
    });
    await checkAndShoot(page, `services-de-${suffix}`);
    await page.context().close();
  }
});
