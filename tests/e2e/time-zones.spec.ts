// Every time is the company's, named by its zone, and a reader elsewhere gets
// their own beside it: the dashboard's maintenance banner and panel (state,
// scheduled windows, history), the alerts page, the audit trail, the account's
// sessions and the public status page (last update, incidents, maintenance),
// for a browser in New York, in Kolkata and in Berlin itself, at phone and
// desktop width, light and dark, with axe. The server's HTML carries only the
// company's zone; the visitor's comes after hydration, without a hydration
// warning. Screenshots in test-results/time-zones/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { groupedFleetConfig, groupedPublicServices, startGroupHosts } from "#tests/support/public-groups.ts";
import { signInToDashboard } from "./dashboard-env.ts";
import { axeViolations, skipDialogs, waitForIslands } from "./helpers.ts";
import { startServer, stopServer, waitUntilUp } from "./server-process.ts";

const OWNER = { username: "zone-owner", password: "a long zone test passphrase 9" };
const HOUR = 3_600_000;
/** A Berlin wall time as the configuration writes it ("2026-11-27 09:00"), on the hour. */
const berlinWall = (at: number) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
  }).format(at) + ":00";

/** A company time: "27 Nov 2026, 10:26 CET", "Fri 27 Nov, 10:26 CEST", "27. Nov. 2026, 10:26 MEZ". */
const COMPANY = /\d\d[:.]\d\d (CES?T|MES?Z)/;
const VISITORS = {
  "America/New_York": { en: /\(your time: [^)]*\d\d:\d\d GMT-[45]\)/, de: /\(Ihre Zeit: [^)]*\d\d:\d\d GMT-[45]\)/ },
  "Asia/Kolkata": { en: /\(your time: [^)]*\d\d:\d\d GMT\+5:30\)/, de: /\(Ihre Zeit: [^)]*\d\d:\d\d GMT\+5:30\)/ },
} as const;
type Zone = keyof typeof VISITORS | "Europe/Berlin";
type Look = { zone: Zone; width: 390 | 1280; scheme: "light" | "dark" };

let origin: string;
let stop: () => Promise<void>;

test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  // The second service fails from the first check on: an open incident on the alerts page and the status page.
  const hosts = await startGroupHosts(new Set(["service-2"]));
  const fleet = groupedPublicServices({ groups: ["Websites"], perGroup: 2, url: hosts.url });
  const [covered] = fleet.groups.get("Websites")!;
  const dir = mkdtempSync(join(tmpdir(), "time-zones-"));
  // One window in force now (the banner) and one announced for tomorrow (the panel's list, the status page).
  writeFileSync(
    join(dir, "monitoring.yaml"),
    groupedFleetConfig(fleet).replace("retries: 0", "retries: 0, failureThreshold: 1") +
      `maintenance:\n  windows:\n` +
      `    - { name: Router swap, start: "${berlinWall(Date.now() - HOUR)}", duration: 3h, services: [${covered}] }\n` +
      `    - { name: Datenbank-Umzug, start: "${berlinWall(Date.now() + 26 * HOUR)}", duration: 2h }\n`,
  );
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const server = startServer(port, {
    DATA_DIR: join(dir, "data"),
    MONITORING_CONFIG: join(dir, "monitoring.yaml"),
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
  });
  stop = async () => {
    await stopServer(server);
    await hosts.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  await waitUntilUp(origin, 60_000, server);
});
test.afterAll(async () => stop?.());

/** A browser in the zone, at the width, in the scheme; what React says about hydration is kept. */
async function open(browser: Browser, look: Look) {
  const context = await browser.newContext({
    timezoneId: look.zone,
    colorScheme: look.scheme,
    viewport: { width: look.width, height: look.width === 390 ? 844 : 900 },
  });
  const page = await context.newPage();
  const warnings: string[] = [];
  // Development builds name a mismatch; production ones report React's minified errors 418-425 (to the console or
  // as an uncaught error, depending on the version).
  const hydration = /hydrat|did not match|Minified React error #4(1[89]|2[0-5])/i;
  page.on("console", (message) => {
    if (hydration.test(message.text())) warnings.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (hydration.test(error.message)) warnings.push(error.message);
  });
  await skipDialogs(page);
  return { context, page, warnings };
}

/** What the test looked at, for a person to look at too. */
const shoot = (scope: Locator, name: string) =>
  scope.screenshot({ path: join("test-results", "time-zones", `${name}.png`) });

/** The page's cumulative layout shift so far (what the Web Vitals call CLS), from the browser's own record. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/** Every company time on screen is followed by the visitor's, or (in Berlin) by nothing. */
async function expectZones(scope: Locator, zone: Zone, lang: "en" | "de") {
  await expect(scope).toContainText(COMPANY);
  if (zone === "Europe/Berlin") await expect(scope.locator("[data-visitor-time]")).toHaveCount(0);
  else await expect(scope).toContainText(VISITORS[zone][lang]);
}

test("the maintenance banner, state and history, alerts, the audit trail and sessions name their zones", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const looks: Look[] = [
    { zone: "America/New_York", width: 1280, scheme: "light" },
    { zone: "Asia/Kolkata", width: 390, scheme: "dark" },
    { zone: "Europe/Berlin", width: 390, scheme: "light" },
    { zone: "Europe/Berlin", width: 1280, scheme: "dark" },
  ];
  for (const [index, look] of looks.entries()) {
    const { context, page, warnings } = await open(browser, look);
    await signInToDashboard(page, origin, OWNER);
    const panel = page.getByRole("region", { name: "Maintenance Mode" });
    if (index === 0) {
      await panel.getByLabel("Reason").fill("Kernel update");
      await panel.getByLabel("Estimated duration (minutes)").fill("90");
      await panel.getByRole("button", { name: "Enable maintenance mode" }).click();
      await expect(page.getByTestId("maintenance-state")).toHaveText("Maintenance Mode ACTIVE");
      // A leaving toast is briefly a list item outside its list (the toast library): let it go first.
      await expect(page.getByText("Maintenance mode enabled")).toHaveCount(0);
    }
    const banner = page.getByTestId("maintenance-banner");
    await expect(banner).toContainText("Maintenance mode: Kernel update");
    await expect(banner).toContainText("Scheduled maintenance “Router swap” until");
    await expectZones(banner, look.zone, "en");
    const state = panel.locator("p", { hasText: "Kernel update — by" });
    await expect(state).toContainText(/since .*(CES?T).*ends by itself at .*(CES?T)/);
    await expectZones(state, look.zone, "en");
    await expectZones(panel.getByRole("list", { name: "Next scheduled maintenance windows" }), look.zone, "en");
    await expectZones(panel.getByRole("list", { name: "Maintenance history" }), look.zone, "en");
    expect(await axeViolations(page)).toEqual([]);
    expect(warnings).toEqual([]);
    const name = `${look.zone.replace("/", "-")}-${look.width}-${look.scheme}`;
    await shoot(banner, `dashboard-banner-${name}`);
    await shoot(panel, `dashboard-panel-${name}`);
    // The other staff pages write their times the same way: the audit trail and the account's sessions.
    await page.goto(`${origin}/admin/audit`);
    await expectZones(page.getByRole("row").filter({ hasText: "maintenance" }).first(), look.zone, "en");
    await page.goto(`${origin}/admin/alerts`);
    const incident = page.getByRole("row").filter({ hasText: "Service 2" }).first();
    await expectZones(incident, look.zone, "en");
    await shoot(incident, `alerts-${name}`);
    await page.goto(`${origin}/admin/account`);
    await expectZones(
      page.getByRole("row").filter({ has: page.getByRole("cell", { name: "this session", exact: true }) }),
      look.zone,
      "en",
    );
    expect(warnings).toEqual([]);
    await context.close();
  }
});

test("the server writes the company's zone only: the visitor's is the browser's to add", async ({ request }) => {
  const html = await (await request.get(`${origin}/en/status`)).text();
  expect(html).toMatch(/Updated <time[^>]*>[^<]*\d\d:\d\d CES?T<\/time>/);
  expect(html).not.toContain("data-visitor-time");
});

test("the status page names the zone of every time, in both languages", async ({ browser }) => {
  test.setTimeout(120_000);
  const looks: (Look & { lang: "en" | "de" })[] = [
    { lang: "en", zone: "America/New_York", width: 1280, scheme: "light" },
    { lang: "de", zone: "America/New_York", width: 390, scheme: "dark" },
    { lang: "en", zone: "Asia/Kolkata", width: 390, scheme: "dark" },
    { lang: "de", zone: "Europe/Berlin", width: 1280, scheme: "light" },
  ];
  for (const look of looks) {
    const { context, page, warnings } = await open(browser, look);
    await page.goto(`${origin}/${look.lang}/status`);
    await waitForIslands(page);
    const updated = page.locator("p", { hasText: look.lang === "en" ? "Updated" : "Aktualisiert" }).first();
    await expectZones(updated, look.zone, look.lang);
    const incidents = page.locator("#status-open");
    await expect(incidents.getByRole("heading", { level: 3 })).toHaveCount(1);
    await expectZones(incidents, look.zone, look.lang);
    await shoot(incidents, `status-incidents-${look.lang}-${look.zone.replace("/", "-")}-${look.width}`);
    const maintenance = page.locator("section[aria-labelledby=status-maintenance]");
    await expect(maintenance).toContainText("Datenbank-Umzug");
    await expectZones(maintenance, look.zone, look.lang);
    if (look.zone !== "Europe/Berlin") {
      // Every time the server wrote got the visitor's beside it, and no other.
      const times = await page.locator("time[data-local-time]").count();
      expect(times).toBeGreaterThan(1);
      await expect(page.locator("[data-visitor-time]")).toHaveCount(times);
    }
    // The visitor's times come after the first paint: at phone width a line they lengthen can wrap and push what
    // is below by a line (measured 0.009 at 390 px), far under what Web Vitals call good (0.1); in Berlin, nothing.
    const shift = await layoutShift(page);
    if (look.zone === "Europe/Berlin") expect(shift).toBe(0);
    else expect(shift).toBeLessThan(0.05);
    expect(await axeViolations(page)).toEqual([]);
    expect(warnings).toEqual([]);
    const name = `${look.lang}-${look.zone.replace("/", "-")}-${look.width}-${look.scheme}`;
    await shoot(updated, `status-updated-${name}`);
    await shoot(maintenance, `status-maintenance-${name}`);
    await context.close();
  }
});
