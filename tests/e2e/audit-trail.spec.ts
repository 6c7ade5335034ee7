// The audit trail in the browser: the owner's sign-in, a maintenance change and
// a reload of the monitoring configuration are on /admin/audit with who and
// when, and the GET form filters them.
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { DASHBOARD_USER, signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 10, quiet: true });
});
test.afterAll(async () => env?.stop());

test("the owner's audit page shows their sign-in, a maintenance change and a configuration reload", async ({
  page,
}) => {
  const before = Date.now();
  await signInToDashboard(page, env.origin);
  const changed = await page.evaluate(async () => {
    const response = await fetch("/api/admin/maintenance", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ enable: true, reason: "Audit trail test" }),
    });
    return response.status;
  });
  expect(changed).toBe(200);
  // The same file written again: the server reloads it, and the trail says so.
  writeFileSync(env.configFile, readFileSync(env.configFile, "utf8"));

  await page.getByRole("navigation", { name: "Staff pages" }).getByRole("link", { name: "Audit trail" }).click();
  await page.waitForURL(`${env.origin}/admin/audit`);
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  const row = (action: string) => page.getByRole("row").filter({ hasText: action });
  await expect(row("sign-in.succeeded")).toContainText(DASHBOARD_USER.username);
  await expect(row("maintenance.on")).toContainText(DASHBOARD_USER.username);
  await expect(row("maintenance.on")).toContainText("reason: Audit trail test");
  const when = await row("maintenance.on").locator("time").getAttribute("datetime");
  expect(Date.parse(when!)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(when!)).toBeLessThanOrEqual(Date.now());
  await expect(async () => {
    await page.reload();
    await expect(row("configuration.reloaded").first()).toContainText("system", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });

  await page.getByLabel("Action").fill("maintenance.on");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/\/admin\/audit\?action=maintenance\.on/);
  await expect(row("maintenance.on")).toHaveCount(1);
  await expect(row("sign-in.succeeded")).toHaveCount(0);
});
