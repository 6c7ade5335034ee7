// Services on one, two and three hosts, checked by conditions and by a push
// monitor, as the dashboard shows them: each host's name, what it checks, and
// on failure which host and which condition failed; a machine that dies and
// the services affected by it; at 1440 and 390 px, with screenshots to look
// at (test-results/dashboard-hosts/).
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PUSH_TOKEN } from "#scripts/demo-config.ts";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;
const SHOTS = join("test-results", "dashboard-hosts");

// In order in one worker around one environment; a failure does not skip the tests after it.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { quiet: true, intervalSeconds: 5, showcase: true });
});
test.afterAll(async () => env?.stop());

async function servicesTab(page: Page) {
  await signInToDashboard(page, env.origin);
  await page.getByRole("tab", { name: "Services Health" }).click();
}

/** Waits for the engine to have checked again since now (the next round of a 5 s interval). */
async function nextRound(page: Page) {
  const since = Date.now();
  await expect
    .poll(
      async () =>
        Date.parse(
          ((await (await page.request.get(`${env.origin}/api/admin/services`)).json()) as { lastCheckedAt: string })
            .lastCheckedAt,
        ),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(since);
}

for (const width of [1440, 390]) {
  test(`one, two and three hosts per service at ${width} px, a failed condition named by host`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await servicesTab(page);
    const search = page.locator('[data-service="search-api"]');
    for (const host of ["fra", "muc", "ber"]) {
      const block = search.locator(`[data-host="${host}"]`);
      await expect(block).toContainText(host);
      await expect(block).toContainText(/\/spring\/search-api\//);
      await expect(block.getByText("healthy", { exact: true })).toBeVisible({ timeout: 30_000 });
    }
    const relay = page.locator('[data-service="mail-relay"]');
    await expect(relay.locator("[data-host]")).toHaveCount(2);
    await expect(relay).toContainText("Central (centron)");
    await expect(relay).toContainText("Local");
    const datacenter = page.locator('[data-service="datacenter-local"]');
    await expect(datacenter.locator("[data-host]")).toHaveCount(1);
    await expect(datacenter).toContainText("Infrastructure Status");
    await expect(datacenter).toContainText(/TCP 127\.0\.0\.1:\d+/);
    // Long URLs are cut, never widen the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(SHOTS, `hosts-${width}.png`), fullPage: true });

    env.fleet.setStopped("search-api/muc", true);
    try {
      await nextRound(page);
      const muc = search.locator('[data-host="muc"]');
      await expect(muc).toContainText("Condition failed: [STATUS] (503) == 200; [BODY].status (DOWN) == UP", {
        timeout: 30_000,
      });
      await expect(search.locator('[data-host="fra"]')).not.toContainText("Condition failed");
      await expect(page.getByTestId("active-alerts")).toContainText("Search API on muc");
      await page.screenshot({ path: join(SHOTS, `hosts-failed-${width}.png`), fullPage: true });
    } finally {
      env.fleet.setStopped("search-api/muc", false);
    }
    await expect(search.locator('[data-host="muc"]')).not.toContainText("Condition failed", { timeout: 30_000 });
  });
}

test("a push monitor waits for its first call, then shows the job's word", async ({ page }) => {
  await servicesTab(page);
  const backup = page.locator('[data-service="nightly-backup"]');
  await expect(backup.locator('[data-host="backup"]')).toContainText("Push: POST /api/push/…");
  await expect(backup.locator('[data-host="backup"]')).toContainText("Waiting for the first push");
  await expect(backup).not.toContainText(DEMO_PUSH_TOKEN);
  const pushed = await fetch(`${env.origin}/api/push/${DEMO_PUSH_TOKEN}?status=down&msg=tape%20full`, {
    method: "POST",
  });
  expect(pushed.status).toBe(200);
  // Its own interval is 60 s: Refresh checks it now.
  await page
    .getByRole("navigation", { name: "Dashboard actions" })
    .getByRole("button", { name: "Refresh", exact: true })
    .click();
  await expect(backup).toContainText("The job reported a failure: tape full", { timeout: 30_000 });
});

test("a machine that dies: its services say what they are affected by, and its one alert counts them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await servicesTab(page);
  const services = [
    "sentiment-service",
    "twitter-antispam",
    "mail-relay",
    "wordcloud-generation",
    "google-trends",
    "ollama-service",
    "word-normalization",
    "yahoo-stock",
  ];
  const stopped = ["datacenter-local", ...services.map((id) => `${id}/local`)];
  for (const name of stopped) await env.fleet.setStopped(name, true);
  try {
    const relay = page.locator('[data-service="mail-relay"]');
    await expect(relay.getByTestId("affected-by")).toContainText("Affected by Local virtualization host on local", {
      timeout: 30_000,
    });
    const alert = page
      .getByTestId("active-alerts")
      .locator("li[data-incident]")
      .filter({ hasText: "Local virtualization host on local" });
    await expect(alert.getByTestId("affected")).toContainText("8 services affected");
    // The machine has its incident; none of the services on it has one of its own.
    const open = (await (await page.request.get(`${env.origin}/api/admin/incidents/open`)).json()) as {
      incidents: { target: string }[];
    };
    const targets = open.incidents.map((incident) => incident.target);
    expect(targets).toContain("service:datacenter-local/local");
    expect(targets.filter((target) => services.some((id) => target.startsWith(`service:${id}/`)))).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "machine-down-1440.png"), fullPage: true });
  } finally {
    for (const name of stopped) await env.fleet.setStopped(name, false);
  }
  await expect(page.locator('[data-service="mail-relay"]').getByTestId("affected-by")).toHaveCount(0, {
    timeout: 30_000,
  });
});
