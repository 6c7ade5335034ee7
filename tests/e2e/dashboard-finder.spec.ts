// Finding a service on Services Health: a service's id typed in the search
// shows that one card; "Problems only" shows exactly the failing services; a
// copied URL opens the same view; the filters work by keyboard and pass axe;
// a fleet larger than a page is shown a page at a time, the DOM staying
// small; grouped by tag, all-green groups stay closed and unrendered
// (screenshots in test-results/dashboard-finder/).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { dump, load } from "js-yaml";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations } from "./helpers.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;
const SHOTS = join("test-results", "dashboard-finder");

// In order in one worker around one environment; a failure does not skip the tests after it.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { quiet: true, intervalSeconds: 5 });
});
test.afterAll(async () => env?.stop());

type Listed = { serviceId: string; status: string };
const listed = async (page: Page, query = "") =>
  ((await (await page.request.get(`${env.origin}/api/admin/services${query}`)).json()) as { services: Listed[] })
    .services;

async function servicesTab(page: Page, query = "", { signedIn = false } = {}) {
  if (!signedIn) await signInToDashboard(page, env.origin);
  await page.goto(`${env.origin}/admin/dashboard${query}#services`);
  await expect(page.getByRole("tab", { name: "Services Health" })).toHaveAttribute("aria-selected", "true");
}

/** The ids of the cards the list shows, in order. */
const cards = (page: Page) =>
  page
    .getByRole("region", { name: /Services$/ })
    .locator("[data-service]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-service")));

const finder = (page: Page) => page.getByRole("search", { name: "Find services" });

test("typing a service's id shows that one card", async ({ page }) => {
  await servicesTab(page);
  await expect(page.getByRole("heading", { name: "Application Services" })).toBeVisible();
  await finder(page).getByLabel("Search services").fill("twitter-antispam");
  await expect(page.getByRole("heading", { name: "Matching Services" })).toBeVisible();
  await expect.poll(() => cards(page)).toEqual(["twitter-antispam"]);
  await expect(page.getByTestId("list-summary")).toHaveText("Showing 1–1 of 1 service, problems first.");
  // A host's name finds every service on it, the infrastructure's too.
  await finder(page).getByLabel("Search services").fill("centron3");
  await expect.poll(() => cards(page)).toEqual(["datacenter-centron3"]);
  await finder(page).getByLabel("Search services").fill("no-such-service");
  await expect(page.getByTestId("list-summary")).toHaveText("No services match these filters.");
  await expect.poll(() => cards(page)).toEqual([]);
  await finder(page).getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("heading", { name: "Infrastructure Health" })).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
});

test("Problems only shows exactly the failing services", async ({ page }) => {
  test.setTimeout(90_000);
  await servicesTab(page);
  const failing = ["sentiment-service", "twitter-antispam"];
  for (const id of failing) await env.fleet.setStopped(id, true);
  try {
    await expect
      .poll(async () => (await listed(page, "?state=problems")).map((service) => service.serviceId).sort(), {
        timeout: 45_000,
      })
      .toEqual(failing);
    await finder(page).getByLabel("State").selectOption("problems");
    await expect.poll(async () => ((await cards(page)) as string[]).sort(), { timeout: 15_000 }).toEqual(failing);
    await expect(finder(page).getByLabel("State")).toContainText("Problems only (2)");
    await page.screenshot({ path: join(SHOTS, "problems-only.png"), fullPage: true });
  } finally {
    for (const id of failing) await env.fleet.setStopped(id, false);
  }
});

test("a copied URL opens the same view, and so does a reload", async ({ page, context }) => {
  await servicesTab(page);
  await finder(page).getByLabel("Search services").fill("e");
  await finder(page).getByLabel("Host").selectOption("centron");
  await finder(page).getByLabel("Profile").selectOption("critical");
  await expect(page).toHaveURL(/\?q=e&profile=critical&host=centron#services$/);
  // The last list stays on screen while the next loads: wait for this one.
  const expected = (await listed(page, "?q=e&profile=critical&host=centron")).map((service) => service.serviceId);
  expect(expected.length).toBeGreaterThan(0);
  // Compared as sets: "problems first" may reorder them while a service of an earlier test recovers.
  const sorted = async (target: typeof page) => [...(await cards(target))].sort();
  await expect.poll(() => sorted(page), { timeout: 15_000 }).toEqual([...expected].sort());
  const shown = await sorted(page);

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(finder(other).getByLabel("Search services")).toHaveValue("e");
  await expect(finder(other).getByLabel("Host")).toHaveValue("centron");
  await expect(finder(other).getByLabel("Profile")).toHaveValue("critical");
  await expect.poll(() => sorted(other)).toEqual(shown);
  await other.reload();
  await expect.poll(() => sorted(other)).toEqual(shown);
});

test("the filters work by keyboard", async ({ page }) => {
  await servicesTab(page);
  const search = finder(page).getByLabel("Search services");
  await search.focus();
  await page.keyboard.type("mail");
  await page.keyboard.press("Tab");
  await expect(finder(page).getByLabel("State")).toBeFocused();
  await expect.poll(() => cards(page)).toEqual(["mail-relay"]);
  // Escape in a search box clears it: the list is whole again.
  await search.focus();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Application Services" })).toBeVisible();
});

for (const [scheme, width] of [
  ["light", 1280],
  ["dark", 1280],
  ["dark", 390],
] as const) {
  test(`the filters and a filtered list pass axe (${scheme}, ${width} px), nothing wider than the screen`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    try {
      await servicesTab(page, "?q=a&state=healthy");
      await expect.poll(async () => (await cards(page)).length).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(SHOTS, `filters-${scheme}-${width}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  });
}

test("a fleet larger than a page: pages of 60 cards, a small DOM, the page in the URL", async ({ page }) => {
  test.setTimeout(90_000);
  const good = readFileSync(env.configFile, "utf8");
  const config = load(good) as { services: Record<string, unknown>[] };
  // Documentation hosts are never checked: 130 services that cost the engine nothing.
  for (let i = 1; i <= 130; i++) {
    config.services.push({
      id: `batch-${String(i).padStart(3, "0")}`,
      name: `Batch job ${i}`,
      profile: "standard",
      tags: ["batch"],
      location: "Nürnberg",
      hosts: { local: { url: `https://batch-${i}.example.com/health` } },
    });
  }
  try {
    await signInToDashboard(page, env.origin);
    writeFileSync(env.configFile, dump(config));
    await expect.poll(async () => (await listed(page, "?tag=batch")).length, { timeout: 20_000 }).toBe(130);
    await servicesTab(page, "", { signedIn: true });
    await finder(page).getByLabel("Tag").selectOption("batch");
    await expect(page.getByTestId("list-summary")).toHaveText("Showing 1–60 of 130 services, problems first.");
    await expect.poll(async () => (await cards(page)).length).toBe(60);
    const pages = page.getByRole("navigation", { name: "Service list pages" });
    await expect(pages).toContainText("Page 1 of 3");
    expect(await page.evaluate(() => document.getElementsByTagName("*").length)).toBeLessThan(5_000);
    await pages.getByRole("button", { name: "Next page" }).click();
    await expect(page.getByTestId("list-summary")).toHaveText("Showing 61–120 of 130 services, problems first.");
    await expect(page).toHaveURL(/\?tag=batch&page=2#services$/);
    await pages.getByRole("button", { name: "Next page" }).click();
    await expect.poll(async () => (await cards(page)).length).toBe(10);
    await expect(pages.getByRole("button", { name: "Next page" })).toBeDisabled();
    expect(await page.evaluate(() => document.getElementsByTagName("*").length)).toBeLessThan(5_000);
    // Without a filter the application services are paged too: 137 of them.
    await finder(page).getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByTestId("list-summary")).toContainText(/^Showing 1–60 of 13\d application services/);
    await expect.poll(async () => (await cards(page)).length).toBe(60);
    expect(await page.evaluate(() => document.getElementsByTagName("*").length)).toBeLessThan(5_000);
    await page.screenshot({ path: join(SHOTS, "pages.png"), fullPage: true });
  } finally {
    writeFileSync(env.configFile, good);
  }
});

test("grouped by tag: a failing group open, a green one closed until opened or until a service of it fails", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const good = readFileSync(env.configFile, "utf8");
  const config = load(good) as { services: Record<string, unknown>[] };
  // Checked for real: twelve answering services per tag, one of the red team's on a port nothing listens on.
  for (let i = 1; i <= 24; i++) {
    const id = `team-${String(i).padStart(2, "0")}`;
    config.services.push({
      id,
      name: `Team service ${i}`,
      tags: [i % 2 ? "green-team" : "red-team"],
      hosts: { local: { url: i === 2 ? "http://127.0.0.1:9/health" : env.fleet.url(id, "local") } },
    });
  }
  try {
    await signInToDashboard(page, env.origin);
    writeFileSync(env.configFile, dump(config));
    await expect
      .poll(async () => (await listed(page, "?tag=green-team&state=healthy")).length, { timeout: 30_000 })
      .toBe(12);
    await expect
      .poll(async () => (await listed(page, "?tag=red-team&state=unhealthy")).map((s) => s.serviceId), {
        timeout: 30_000,
      })
      .toEqual(["team-02"]);
    await servicesTab(page, "?group=tag", { signedIn: true });
    await expect(finder(page).getByLabel("Group by")).toHaveValue("tag");
    const group = (key: string) => page.locator(`details[data-group="${key}"]`);
    await expect(group("red-team")).toHaveAttribute("open", "");
    await expect(group("red-team").locator("summary")).toContainText("12 services, 1 with a problem");
    // Problems first: the failing one is the group's first card.
    await expect(group("red-team").locator("[data-service]").first()).toHaveAttribute("data-service", "team-02");
    await expect(group("green-team")).not.toHaveAttribute("open");
    await expect(group("green-team").locator("summary")).toContainText("12 services, all healthy");
    // A closed group's cards are not rendered at all.
    await expect(group("green-team").locator("[data-service]")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    // Opened by keyboard, it reads and shows its cards.
    await group("green-team").locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(group("green-team").locator("[data-service]")).toHaveCount(12);
    expect(await page.evaluate(() => document.getElementsByTagName("*").length)).toBeLessThan(5_000);
    await page.screenshot({ path: join(SHOTS, "groups.png"), fullPage: true });
    // The grouping is in the URL, beside any filter: a reload shows the same groups.
    await page.reload();
    await expect(group("red-team")).toHaveAttribute("open", "");
    await expect(group("green-team")).not.toHaveAttribute("open");
    // Over time: a green group whose service goes down opens by itself, and says so once it is back.
    await env.fleet.setStopped("team-03", true);
    try {
      await expect(group("green-team")).toHaveAttribute("open", "", { timeout: 30_000 });
      await expect(group("green-team").locator("summary")).toContainText("1 with a problem");
      await expect(group("green-team").locator("[data-service]").first()).toHaveAttribute("data-service", "team-03");
    } finally {
      await env.fleet.setStopped("team-03", false);
    }
    await expect(group("green-team").locator("summary")).toContainText("all healthy", { timeout: 30_000 });
    // On a phone in the dark too: accessible, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(group("red-team").locator("[data-service]")).toHaveCount(12);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, "groups-dark-390.png"), fullPage: true });
  } finally {
    writeFileSync(env.configFile, good);
  }
});
