// Roles in the browser: a viewer reads the dashboard without the controls its
// role may not use, and the API refuses it with the role's message if it asks
// anyway.
import { expect, test } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { adminProcess } from "#tests/support/admin-cli.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

const VIEWER = { username: "watcher", password: "a long viewer passphrase 3" };

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 10 });
  // The staff CLI on the server's own database, as an owner would run it.
  const created = adminProcess(
    env.dataDir,
    ["create", VIEWER.username, "--role", "viewer", "--password-stdin"],
    `${VIEWER.password}\n`,
  );
  if (created.code !== 0) throw new Error(`npm run admin -- create: ${created.err}`);
});
test.afterAll(async () => env?.stop());

test("a viewer sees the dashboard without its controls, and the API refuses it with the role's message", async ({
  page,
}) => {
  await signInToDashboard(page, env.origin, VIEWER);
  await expect(page.getByTestId("summary-cards")).toContainText(/Last Update\s*\d+s ago/, { timeout: 20_000 });
  await expect(page.getByTestId("maintenance-state")).toHaveText("Normal Operations");
  const actions = page.getByRole("navigation", { name: "Dashboard actions" });
  await expect(actions.getByRole("button", { name: "Refresh", exact: true })).toBeVisible();
  for (const name of ["Test Email", "Test Failure"]) await expect(actions.getByRole("button", { name })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enable maintenance mode" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Acknowledge/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Check|Renew) / })).toHaveCount(0);

  const refused = await page.evaluate(async () => {
    const response = await fetch("/api/admin/maintenance", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ enable: true, reason: "viewer tries" }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  expect(refused).toEqual({ status: 403, body: { error: "Your role (viewer) may not turn maintenance on or off." } });
  await page.reload();
  await expect(page.getByTestId("maintenance-state")).toHaveText("Normal Operations");
});
