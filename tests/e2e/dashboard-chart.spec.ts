// The response-time chart shows outages as they were: a service answering
// fast 503s is marked failed (never drawn as a low response time), the
// tooltip names the time and each host's result, the same data reads as a
// table by keyboard, and 7 d has the checks the uptime figures count
// (screenshots in test-results/dashboard-chart/).
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;
/** The chart as it was, to look at. */
const SHOTS = join("test-results", "dashboard-chart");

// In order in one worker around one environment; a failure does not skip the tests after it.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { quiet: true, intervalSeconds: 5 });
});
test.afterAll(async () => env?.stop());

test("failures marked, a tooltip with time and hosts, a table by keyboard, and 7 d beside its uptime", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, env.origin);
  const panel = page.getByRole("region", { name: "Advanced Metrics" });
  await panel.getByRole("combobox", { name: "Service" }).selectOption({ label: "Twitter antispam" });
  const chart = panel.getByRole("img", { name: /^Response time of Twitter antispam over 24 h/ });
  // A dozen good checks first, so the outage has something before it.
  await expect(chart).toHaveAccessibleName(/centron and local, 0 failed checks of (1[2-9]|[2-9]\d)/, {
    timeout: 60_000,
  });

  env.fleet.setStopped("twitter-antispam", true);
  try {
    await expect(chart).toHaveAccessibleName(/[1-9]\d* failed checks?/, { timeout: 30_000 });
    // The newest checks are at the right end of the plot (uPlot's overlay): the tooltip there says they failed.
    await chart.scrollIntoViewIfNeeded();
    const plot = (await chart.locator(".u-over").boundingBox())!;
    await page.mouse.move(plot.x + plot.width - 2, plot.y + plot.height / 3);
    const tooltip = panel.getByTestId("chart-tooltip");
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(/\d{2}:\d{2}:\d{2}/);
    await expect(tooltip).toContainText("centron: failed");
    await expect(tooltip).toContainText("local: failed");
    await panel.screenshot({ path: join(SHOTS, "outage-24h.png") });
  } finally {
    env.fleet.setStopped("twitter-antispam", false);
  }

  const toggle = panel.getByRole("button", { name: "Show the data as a table" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("button", { name: "Hide the table" })).toHaveAttribute("aria-expanded", "true");
  const table = panel.getByRole("table", { name: /^Response time of Twitter antispam over 24 h/ });
  await expect(table.getByRole("row", { name: /centron/ }).first()).toContainText(/[1-9]\d* of \d+ failed/);
  await expect(table.getByRole("row", { name: /local/ }).first()).toContainText(/\d+ms/);
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("region", { name: /^Response time of Twitter antispam over 24 h/ })).toBeFocused();

  const uptime7d = panel
    .getByRole("row", { name: /^Twitter antispam/ })
    .getByRole("cell")
    .nth(1);
  await expect(uptime7d).toHaveText(/\d+\.\d{2}%/);
  await panel.getByRole("button", { name: "7d", exact: true }).click();
  await expect(
    panel.getByRole("img", {
      name: /^Response time of Twitter antispam over 7 d: centron and local, [1-9]\d* failed checks?/,
    }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(panel).not.toContainText("No checks in this range yet");
  await expect(panel.getByRole("table", { name: /^Response time of Twitter antispam over 7 d/ })).toContainText(
    /of \d+ failed/,
  );
  await panel.screenshot({ path: join(SHOTS, "outage-7d.png") });
});
