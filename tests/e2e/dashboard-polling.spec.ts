// Time on the dashboard is true: service health is read when the engine's
// round is due, so the countdown restarts with each round; the health card
// turns Stale when the engine stops checking; and with auto-refresh off only
// services, nginx and HAProxy stop being read (maintenance, AI health and
// certificates go on).
import { expect, test, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

const INTERVAL_SECONDS = 30;
let env: Awaited<ReturnType<typeof startDashboardEnv>>;

// In order in one worker around one environment; a failure does not skip the tests after it.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { quiet: true, intervalSeconds: INTERVAL_SECONDS });
});
test.afterAll(async () => env?.stop());

async function openDashboard(page: Page) {
  await signInToDashboard(page, env.origin);
  await expect(page.getByTestId("summary-cards")).toContainText(/Last Update\s*\d+s ago/, { timeout: 30_000 });
}

const nextCheckAt = async (page: Page) =>
  Date.parse(
    ((await (await page.request.get(`${env.origin}/api/admin/services`)).json()) as { nextCheckAt: string })
      .nextCheckAt,
  );

test("the countdown restarts when the engine starts its round, however the page's timers run", async ({ page }) => {
  test.setTimeout(180_000);
  await openDashboard(page);
  const countdown = page.getByTestId("next-check");
  await expect(countdown).toHaveText(/Next check in 1[0-5]s/, { timeout: 60_000 });
  // Auto-refresh turned on half an interval before the round: a timer of the page's own would read that round half an
  // interval late.
  const autoRefresh = page
    .getByRole("navigation", { name: "Dashboard actions" })
    .getByRole("button", { name: /^Auto-refresh/ });
  await autoRefresh.click();
  await expect(autoRefresh).toHaveText("Auto-refresh OFF");
  await autoRefresh.click();
  await expect(autoRefresh).toHaveText("Auto-refresh ON");
  const due = await nextCheckAt(page);
  await expect.poll(() => nextCheckAt(page), { timeout: 45_000 }).toBeGreaterThan(due);
  // The engine has started that round: within seconds the page counts down to the one after it.
  await expect(countdown).toHaveText(/Next check in (1[6-9]|2\d|30)s/, { timeout: 12_000 });
});

test("the health card is marked Stale when the engine has not checked for two intervals", async ({ page }) => {
  await openDashboard(page);
  const card = page.getByRole("region", { name: /^Service Health Monitoring/ });
  await expect(card.getByText("Stale", { exact: true })).toHaveCount(0);
  // Service health as an engine gives it that stopped ten minutes ago.
  // The health poll (its fleet figures: the list of services reads the same URL with other parameters).
  await page.route(/\/api\/admin\/services\?profile=infrastructure$/, async (route) => {
    // The whole answer, not a 304 for the ETag the page keeps: the test rewrites it.
    const { "if-none-match": _etag, ...headers } = route.request().headers();
    const response = await route.fetch({ headers });
    const stopped = Date.now() - 10 * 60_000;
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...body,
        lastCheckedAt: new Date(stopped).toISOString(),
        nextCheckAt: new Date(stopped + INTERVAL_SECONDS * 1000).toISOString(),
      },
    });
  });
  await card.getByRole("button", { name: "Refresh" }).click();
  await expect(card.getByText("Stale", { exact: true })).toBeVisible({ timeout: 30_000 });
  // A read still routed when the page closes would fail after the test, in the name of the worker's next one.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test(
  "with auto-refresh off, maintenance, AI health and certificates " +
    "are still read; services, nginx and HAProxy are not",
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.clock.install();
    await openDashboard(page);
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page
      .getByRole("navigation", { name: "Dashboard actions" })
      .getByRole("button", { name: "Auto-refresh ON" })
      .click();
    const asked = new Map<string, number>();
    const inFlight = new Set<object>();
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith("/api/admin/")) return;
      asked.set(path, (asked.get(path) ?? 0) + 1);
      inFlight.add(request);
    });
    page.on("requestfinished", (request) => inFlight.delete(request));
    page.on("requestfailed", (request) => inFlight.delete(request));
    const count = (path: string) => asked.get(path) ?? 0;
    // Five minutes, thirty seconds at a time, each step's reads answered before the next (a read still under way
    // when the next is due is not asked twice).
    for (let step = 1; step <= 10; step += 1) {
      await page.clock.runFor(30_000);
      await expect.poll(() => count("/api/admin/maintenance"), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      await expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0);
    }
    // Every 30 s, 120 s and 5 minutes.
    expect(count("/api/admin/maintenance")).toBeGreaterThanOrEqual(8);
    expect(count("/api/admin/maintenance/history")).toBeGreaterThanOrEqual(8);
    expect(count("/api/admin/ai-services-health")).toBeGreaterThanOrEqual(2);
    expect(count("/api/admin/certificates")).toBeGreaterThanOrEqual(1);
    expect(
      [...asked.keys()].filter((path) =>
        ["/api/admin/services", "/api/admin/nginx", "/api/admin/haproxy"].includes(path),
      ),
    ).toEqual([]);
  },
);
