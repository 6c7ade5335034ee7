// The dashboard and the status page say what is true, against the demo fleet
// (its certificate due in 5 days and its HAProxy server down, every service
// healthy): the overall state counts every open alert and an empty problems
// list says where they come from; uptime comes with how much of its window was
// measured (both languages on the status page); badges are named for what they
// are; and integrations left as placeholders are idle and say what to edit.
// At 390 and 1280 px, light and dark, with axe; screenshots in
// the temporary directory (shots-dashboard-truth).
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { dump, load } from "js-yaml";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations, skipDialogs } from "./helpers.ts";

// Outside the project: looked at by hand, never committed.
const SHOTS = join(tmpdir(), "shots-dashboard-truth");
const VIEWS = [390, 1280].flatMap((width) => (["light", "dark"] as const).map((scheme) => ({ width, scheme })));

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

// In order, one environment; the placeholder test edits the configuration last and puts it back.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { quiet: true, intervalSeconds: 10 });
});
test.afterAll(async () => env?.stop());

async function open(browser: Browser, view: (typeof VIEWS)[number]) {
  const context = await browser.newContext({ colorScheme: view.scheme, viewport: { width: view.width, height: 900 } });
  return { context, page: await context.newPage() };
}

const shot = (page: Page, name: string, view: (typeof VIEWS)[number]) =>
  page.screenshot({ path: join(SHOTS, `${name}-${view.scheme}-${view.width}.png`), fullPage: true });

for (const view of VIEWS) {
  test(`overall state, uptime measured and named badges (${view.scheme}, ${view.width} px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await open(browser, view);
    try {
      await signInToDashboard(page, env.origin);
      // The fleet's services are healthy; its certificate due in 5 days and HAProxy server down are open alerts.
      const alerts = page.getByRole("list", { name: "Active alerts" });
      await expect(alerts).toContainText("Certificate", { timeout: 60_000 });
      await expect(page.getByTestId("overall-badge")).toHaveText("unhealthy");
      await expect(page.getByTestId("overall-status")).toHaveText("unhealthy");
      await expect(page.getByTestId("summary-cards")).toContainText(/open alerts? from certificates/);
      const hosts = page.getByTestId("dashboard-hosts");
      await expect(hosts).toContainText("centron");
      await expect(hosts).not.toContainText("both hosts");
      await expect(page.locator("header")).not.toContainText("Advanced v2.1");

      // Minutes into the fleet, no uptime claims a whole window.
      const measured = page.getByText(/^measured \d+\smin of 30\sd$/).filter({ visible: true });
      await expect(measured.first()).toBeVisible({ timeout: 30_000 });
      await expect(
        page
          .getByText(/^measured \d+\smin of 24\sh$/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);
      await shot(page, "overview", view);

      await page.getByRole("tab", { name: "Services Health" }).click();
      const card = page.locator("[data-service]").first();
      await expect(card).toContainText("Profile: ");
      await expect(card.getByText("Cooldown", { exact: true })).toHaveCount(0);
      await card.screenshot({ path: join(SHOTS, `card-${view.scheme}-${view.width}.png`) });
      await page.getByLabel("State").selectOption("problems");
      await expect(page.getByTestId("list-summary")).toHaveText(
        /^No service is failing; \d+ open alerts? comes? from certificates( and HAProxy)?\.$/,
        { timeout: 30_000 },
      );
      await expect(page.getByRole("link", { name: "See the open alerts" })).toHaveAttribute(
        "href",
        "/admin/alerts?state=open",
      );
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "problems", view);

      await page.goto(`${env.origin}/admin/alerts?state=open`);
      const state = page.locator('td[data-label="State"]').first();
      await expect(state).toHaveText("Open");
      await expect(page.getByText("Resolved: open")).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "incidents", view);
    } finally {
      await context.close();
    }
  });
}

for (const lang of ["en", "de"] as const) {
  test(`/${lang}/status gives uptime with how much was measured, at 390 and 1280 px, light and dark`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const measured = lang === "en" ? /%measured \d+\s(min|h) of 30\sd$/ : /%gemessen: \d+\s(Min|Std)\. von 30\sT\.$/;
    type Status = {
      services: { uptime: { d30: number | null }; measuredSeconds: { d30: number }; measuredSince: string | null }[];
    };
    const status = async () => (await (await fetch(`${env.origin}/api/status`)).json()) as Status;
    // Before the first check counted every figure is "–"; once counted, it stands for minutes, not 30 days.
    await expect
      .poll(async () => (await status()).services.every((service) => service.measuredSeconds.d30 > 0), {
        timeout: 60_000,
      })
      .toBe(true);
    for (const service of (await status()).services) {
      expect(service.measuredSeconds.d30).toBeLessThan(3600);
      expect(service.uptime.d30).not.toBeNull();
      expect(service.measuredSince).not.toBeNull();
    }
    for (const view of VIEWS) {
      const { context, page } = await open(browser, view);
      try {
        await skipDialogs(page);
        await page.goto(`${env.origin}/${lang}/status`);
        await expect(page.locator('[data-uptime="d30"]').first()).toContainText(measured, { timeout: 30_000 });
        await expect(page.locator('[data-uptime="d90"]').first()).toContainText(
          lang === "en" ? /of 90\sd/ : /von 90\sT\./,
        );
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);
        await shot(page, `status-${lang}`, view);
      } finally {
        await context.close();
      }
    }
  });
}

test("integrations left as placeholders are idle: the panels and the APIs say what to edit", async ({ browser }) => {
  test.setTimeout(120_000);
  const good = readFileSync(env.configFile, "utf8");
  const config = load(good) as {
    integrations: { nginx: { sources: { url: string }[] }; haproxy: { source: { url: string } } };
  };
  config.integrations.nginx.sources = config.integrations.nginx.sources.map((source) => ({
    ...source,
    url: "http://nginx.example.com/nginx_status",
  }));
  config.integrations.haproxy.source = { url: "http://192.0.2.40:8404/stats" };
  try {
    writeFileSync(env.configFile, dump(config));
    for (const view of VIEWS) {
      const { context, page } = await open(browser, view);
      try {
        await signInToDashboard(page, env.origin);
        await expect
          .poll(async () => (await page.request.get(`${env.origin}/api/admin/nginx?refresh=1`)).status(), {
            timeout: 20_000,
          })
          .toBe(200);
        const haproxy = await page.request.get(`${env.origin}/api/admin/haproxy?refresh=1`);
        expect(haproxy.status()).toBe(200);
        expect(await haproxy.json()).toMatchObject({ state: "not-configured", placeholder: true });
        await page.reload();
        await expect(page.getByTestId("not-configured-nginx")).toContainText("not configured yet");
        await expect(page.getByText(/Failed to load monitoring data/)).toHaveCount(0);
        await page.getByRole("tab", { name: "HAProxy Stats" }).click();
        await expect(page.getByTestId("not-configured-haproxy")).toContainText("integrations.haproxy");
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, "placeholders", view);
      } finally {
        await context.close();
      }
    }
  } finally {
    writeFileSync(env.configFile, good);
  }
});
