// The operations dashboard against the demo fleet: real data in every panel,
// a stopped service and a stopped peer seen as such, maintenance mode, the
// alert tests, and accessibility in both themes and at phone width.
import { expect, test, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { DASHBOARD_USER, holdNextRequest, signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations } from "./helpers.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

// In order in one worker around one environment; a failure does not skip the tests after it (each builds the state it
// needs).
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 10 });
});
test.afterAll(async () => env?.stop());

async function openDashboard(page: Page) {
  await signInToDashboard(page, env.origin);
  // Data from the first cycle (the engine checks at once when it starts).
  await expect(page.getByTestId("summary-cards")).toContainText(/Last Update\s*\d+s ago/, { timeout: 20_000 });
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });

test("every panel shows real data from the fleet", async ({ page }) => {
  await openDashboard(page);
  const cards = page.getByTestId("summary-cards");
  await expect(cards).toContainText("Infrastructure");
  await expect(cards).toContainText("/4");
  await expect(cards).toContainText("/8");
  await expect(page.getByTestId("nginx-metrics")).toContainText("Active connections", { timeout: 15_000 });
  await expect(page.getByTestId("nginx-metrics")).toContainText(/480,\d{3}|48\d,\d{3}/);
  await expect(page.getByTestId("certificate-counts")).toContainText("22 total", { timeout: 15_000 });
  const certificates = page.getByRole("table", { name: "Certificates" });
  await expect(certificates.getByRole("row", { name: /^www\.example\.com/ })).toContainText("critical");
  await expect(certificates.getByRole("row", { name: /^example\.com/ })).toContainText("warning");
  await expect(page.getByTestId("maintenance-state")).toHaveText("Normal Operations");
  await expect(page.getByRole("table", { name: "Uptime per service" })).toContainText("Sentiment analysis");
  await expect(page.getByRole("img", { name: /Response time/ })).toBeVisible({ timeout: 15_000 });

  await tab(page, "HAProxy Stats").click();
  await expect(page.getByRole("table", { name: "Frontends" })).toContainText("https-in", { timeout: 15_000 });
  const servers = page.getByRole("table", { name: "Servers" });
  await expect(servers.locator('[data-server="ai-local"]')).toContainText("DOWN");
  await expect(servers.locator('[data-server="ai-local"]')).toContainText("L4CON");
  await expect(servers.locator('[data-server="web3"]')).toContainText("MAINT");
  await expect(servers.locator('[data-server="api1"]')).toContainText("NO CHECK");
  await expect(servers.locator('[data-server="web1"]')).toContainText(/\d+(\.\d)? (KB|MB|GB)/);

  await tab(page, "Services Health").click();
  const infrastructure = page.locator('[data-service="datacenter-centron"]');
  await expect(infrastructure).toContainText("Infrastructure Status");
  await expect(infrastructure).toContainText("Reverse proxy");
  const ollama = page.locator('[data-ai-service="Ollama (centron)"]');
  await expect(ollama).toContainText("llama3.2:3b, mistral:7b, qwen2.5:7b", { timeout: 15_000 });
  await expect(ollama).toContainText("+2 more");
  await expect(page.locator('[data-service="sentiment-service"]')).toContainText("Central (centron)");
  await expect(page.getByTestId("next-check")).toContainText(/Next check in \d+s/);
});

test("a stopped service turns its card unhealthy after Refresh, and an alert shows", async ({ page }) => {
  await openDashboard(page);
  env.fleet.setStopped("twitter-antispam", true);
  try {
    await page
      .getByRole("navigation", { name: "Dashboard actions" })
      .getByRole("button", { name: "Refresh", exact: true })
      .click();
    await tab(page, "Services Health").click();
    const card = page.locator('[data-service="twitter-antispam"]');
    await expect(card.getByText("unhealthy").first()).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText("HTTP 503");
    await expect(page.getByTestId("active-alerts")).toContainText("Twitter antispam");
  } finally {
    env.fleet.setStopped("twitter-antispam", false);
  }
});

test("maintenance: the validation message, then enable and disable with a history", async ({ page }) => {
  await openDashboard(page);
  const panel = page.getByRole("region", { name: "Maintenance Mode" });
  // Who enables it is not asked: it is the signed-in account, not a name anyone could type.
  await expect(panel.getByLabel("Enabled By")).toHaveCount(0);
  await panel.getByRole("button", { name: "Enable maintenance mode" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Reason is required when enabling maintenance mode");
  await expect(page.getByTestId("maintenance-state")).toHaveText("Normal Operations");

  await panel.getByLabel("Reason").fill("Kernel update");
  await panel.getByLabel("Estimated duration (minutes)").fill("30");
  await panel.getByRole("button", { name: "Enable maintenance mode" }).click();
  await expect(page.getByTestId("maintenance-state")).toHaveText("Maintenance Mode ACTIVE");
  await expect(panel).toContainText(`Kernel update — by ${DASHBOARD_USER.username}`);
  await expect(page.getByText("Maintenance mode enabled")).toBeVisible();

  await expect(panel.getByLabel("Completion reason")).toHaveValue("Maintenance completed");
  await panel.getByRole("button", { name: "Disable maintenance mode" }).click();
  await expect(page.getByTestId("maintenance-state")).toHaveText("Normal Operations");
  await expect(panel.getByRole("listitem").first()).toContainText("Maintenance completed");
  await expect(panel.getByRole("listitem").nth(1)).toContainText("Kernel update");
});

test("Test Email and Test Failure answer with toasts; the buttons wait while a test runs", async ({ page }) => {
  await openDashboard(page);
  const actions = page.getByRole("navigation", { name: "Dashboard actions" });
  const release = await holdNextRequest(page, "**/api/admin/alerts/test-email");
  await actions.getByRole("button", { name: "Test Email" }).click();
  await expect(actions.getByRole("button", { name: "Test Failure" })).toBeDisabled();
  release();
  await expect(page.getByText("Test email sent successfully!")).toBeVisible({ timeout: 20_000 });
  expect(env.mail.received.length).toBeGreaterThan(0);
  await actions.getByRole("button", { name: "Test Failure" }).click();
  await expect(page.getByText(/^Simulated failure for /)).toBeVisible({ timeout: 10_000 });
});

test("a stopped peer gives its panel the error state; Retry recovers once it is back", async ({ page }) => {
  await openDashboard(page);
  await tab(page, "HAProxy Stats").click();
  const panel = page.getByRole("region", { name: "HAProxy Stats" });
  await expect(panel.getByRole("table", { name: "Servers" })).toBeVisible({ timeout: 15_000 });
  env.fleet.setStopped("haproxy", true);
  try {
    await panel
      .getByRole("button", { name: "Retry" })
      .or(
        page
          .getByRole("navigation", { name: "Dashboard actions" })
          .getByRole("button", { name: "Refresh", exact: true }),
      )
      .first()
      .click();
    await expect(panel.getByRole("alert")).toContainText("Failed to load HAProxy statistics", { timeout: 15_000 });
  } finally {
    env.fleet.setStopped("haproxy", false);
  }
  await panel.getByRole("button", { name: "Retry" }).click();
  await expect(panel.getByRole("alert")).toHaveCount(0, { timeout: 10_000 });
  await expect(panel.getByRole("table", { name: "Servers" })).toBeVisible();
});

test("the incident history and the contact inbox are reachable", async ({ page }) => {
  await openDashboard(page);
  await page.getByRole("link", { name: /^Incidents \(\d+ open\)$/ }).click();
  await expect(page.getByRole("heading", { name: "Incidents", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("link", { name: /Contact inbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
});

test("tabs work by keyboard", async ({ page }) => {
  await openDashboard(page);
  await tab(page, "System Overview").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "HAProxy Stats")).toBeFocused();
  await expect(tab(page, "HAProxy Stats")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(tab(page, "Services Health")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "System Overview")).toHaveAttribute("aria-selected", "true");
});

for (const [scheme, width] of [
  ["light", 1280],
  ["dark", 390],
] as const) {
  test(`no axe violations on the incident history (${scheme}, ${width} px), and nothing wider than the screen`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    try {
      await openDashboard(page);
      await page.goto(`${env.origin}/admin/alerts`);
      // The demo's expiring certificates are open incidents from the first reading on.
      await expect(page.locator("tr[data-incident]").first()).toBeVisible({ timeout: 20_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await context.close();
    }
  });
}

for (const [scheme, width] of [
  ["light", 1280],
  ["dark", 1280],
  ["dark", 390],
] as const) {
  test(`no axe violations on any tab (${scheme}, ${width} px), and nothing wider than the screen`, async ({
    browser,
  }) => {
    // Three axe runs take 15 s on an idle machine, far more on a busy one.
    test.setTimeout(90_000);
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    try {
      await openDashboard(page);
      for (const name of ["System Overview", "HAProxy Stats", "Services Health"]) {
        await tab(page, name).click();
        await page.waitForTimeout(300);
        expect(await axeViolations(page), name).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    } finally {
      await context.close();
    }
  });
}
