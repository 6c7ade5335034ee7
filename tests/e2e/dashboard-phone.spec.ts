// Every dashboard tab on a 390 px phone: all tabs in view, no table that has
// to be scrolled sideways (cards, status first), domains broken only between
// their labels. And every tab in both themes at 1440 and 390 px, as
// screenshots to look at (test-results/dashboard-screens/).
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;
const SHOTS = join("test-results", "dashboard-screens");
const TABS = ["System Overview", "HAProxy Stats", "Services Health"] as const;
const STATUSES = /^(healthy|warning|critical|error|degraded|unhealthy|unknown|UP|DOWN|MAINT|DRAIN|NO CHECK|UNKNOWN)/;

// In order in one worker around one environment; a failure does not skip the tests after it.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 10, showcase: true });
});
test.afterAll(async () => env?.stop());

async function openDashboard(page: Page) {
  await signInToDashboard(page, env.origin);
  await expect(page.getByTestId("summary-cards")).toContainText(/Last Update\s*\d+s ago/, { timeout: 30_000 });
  await expect(page.getByTestId("certificate-counts")).toContainText("22 total", { timeout: 30_000 });
}

/** Shown, and not to the right of a 390 px screen. */
async function withinWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

/** Elements in the page's main part whose content is wider than they are and scrolls sideways. */
const sidewaysScrollers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter(
        (element) =>
          ["auto", "scroll"].includes(getComputedStyle(element).overflowX) &&
          element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => element.getAttribute("aria-label") ?? element.tagName),
  );

/** Domain names shown broken inside a label (a line ends other than after a dot or a hyphen). */
const domainsBrokenMidWord = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("[data-domain]")) {
      if (!element.checkVisibility()) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let previous: { top: number; char: string } | null = null;
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let index = 0; index < node.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = range.getBoundingClientRect().top;
          if (previous && top > previous.top + 2 && !".-".includes(previous.char))
            broken.push(element.textContent ?? "");
          previous = { top, char: node.data[index]! };
        }
      }
    }
    return broken;
  });

test("at 390 px: every tab in view, tables as cards with the status first, nothing scrolls sideways", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await openDashboard(page);
    for (const name of TABS) {
      const box = (await page.getByRole("tab", { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    const certificates = page.getByRole("list", { name: "Certificates" });
    await expect(certificates.getByRole("listitem")).toHaveCount(22);
    for (const card of await certificates.getByRole("listitem").all()) await expect(card).toHaveText(STATUSES);
    await withinWidth(
      certificates
        .getByRole("listitem")
        .first()
        .getByRole("button", { name: /^Check / }),
    );
    await withinWidth(certificates.getByRole("listitem").first().getByText("Days left"));
    const uptime = page
      .getByRole("list", { name: "Uptime per service" })
      .getByRole("listitem")
      .filter({ hasText: "Sentiment analysis" });
    await withinWidth(uptime.getByText("30 d", { exact: true }));
    expect(await sidewaysScrollers(page)).toEqual([]);
    expect(await domainsBrokenMidWord(page)).toEqual([]);

    await page.getByRole("tab", { name: "HAProxy Stats" }).click();
    const servers = page.getByRole("list", { name: "Servers" });
    await expect(servers.locator('[data-server="ai-local"]')).toHaveText(/^DOWN/, { timeout: 15_000 });
    expect(await sidewaysScrollers(page)).toEqual([]);

    await page.getByRole("tab", { name: "Services Health" }).click();
    await expect(page.locator('[data-service="search-api"]')).toBeVisible();
    expect(await sidewaysScrollers(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
});

for (const scheme of ["light", "dark"] as const) {
  for (const width of [1440, 390]) {
    test(`screenshots of every tab (${scheme}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        await openDashboard(page);
        await expect(page.getByRole("img", { name: /^Response time of/ })).toBeVisible({ timeout: 30_000 });
        for (const name of TABS) {
          await page.getByRole("tab", { name }).click();
          await expect(page.getByRole("tabpanel", { name })).toBeVisible();
          if (name === "HAProxy Stats")
            await expect(page.locator('[data-server="web1"]').filter({ visible: true })).toBeVisible({
              timeout: 15_000,
            });
          if (name === "Services Health")
            await expect(page.locator('[data-ai-service="Ollama (centron)"]')).toBeVisible({ timeout: 15_000 });
          await page.screenshot({
            path: join(SHOTS, `${name.toLowerCase().replaceAll(" ", "-")}-${scheme}-${width}.png`),
            fullPage: true,
          });
        }
      } finally {
        await context.close();
      }
    });
  }
}
