// The dashboard says what the monitoring configuration is: which entries are
// placeholders (documentation hosts, never checked) and which file to edit, a
// placeholder host as such rather than "not checked yet", and an edit of the
// file that was refused, with its problems, while the last good one runs
// (a screenshot of the notice in test-results/dashboard-configuration/).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { load, dump } from "js-yaml";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;

// In order in one worker around one environment; a failure does not skip the tests after it.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { quiet: true, intervalSeconds: 10 });
});
test.afterAll(async () => env?.stop());

type Configuration = { placeholders: { path: string; target: string }[]; rejected: { problems: string[] } | null };
const configuration = async (page: Page) =>
  (await (await page.request.get(`${env.origin}/api/admin/monitoring-configuration`)).json()) as Configuration;

test(
  "placeholders with the file to edit, a placeholder host not " + "checked, and a refused edit with its problems",
  async ({ page }) => {
    test.setTimeout(90_000);
    const good = readFileSync(env.configFile, "utf8");
    await signInToDashboard(page, env.origin);
    await expect(page.getByRole("region", { name: "Monitoring configuration" })).toHaveCount(0);

    const config = load(good) as { services: Record<string, unknown>[] };
    config.services.push({
      id: "edge-cache",
      name: "Edge cache",
      profile: "standard",
      hosts: { edge: { url: "https://edge.example.com/health" } },
    });
    const path = `services[${config.services.length - 1}].hosts.edge`;
    try {
      writeFileSync(env.configFile, dump(config));
      await expect
        .poll(async () => (await configuration(page)).placeholders, { timeout: 20_000 })
        .toEqual([{ path, target: "https://edge.example.com/health" }]);
      await page.reload();
      const notice = page.getByRole("region", { name: "Monitoring configuration" });
      await expect(notice).toContainText("1 entry is a placeholder");
      await expect(notice).toContainText(env.configFile);
      await expect(notice.getByRole("listitem")).toHaveText([`${path}: https://edge.example.com/health`]);
      await page.getByRole("tab", { name: "Services Health" }).click();
      const edge = page.locator('[data-service="edge-cache"] [data-host="edge"]');
      await expect(edge).toContainText("Placeholder: not checked");
      await expect(edge).not.toContainText("Not checked yet");

      // An edit with a mistake: refused, and the configuration before it runs on.
      (config.services.at(-1)!.hosts as { edge: { url: string } }).edge.url = "not a url";
      writeFileSync(env.configFile, dump(config));
      await expect
        .poll(async () => (await configuration(page)).rejected?.problems, { timeout: 20_000 })
        .toEqual([`${path}.url: Invalid URL`]);
      await page
        .getByRole("navigation", { name: "Dashboard actions" })
        .getByRole("button", { name: "Refresh", exact: true })
        .click();
      const refused = page.getByRole("alert").filter({ hasText: "was refused" });
      await expect(refused).toContainText(`${path}.url: Invalid URL`, { timeout: 30_000 });
      await expect(refused).toContainText("The last good configuration is still running");
      await expect(refused).toContainText(env.configFile);
      await page
        .getByRole("region", { name: "Monitoring configuration" })
        .screenshot({ path: join("test-results", "dashboard-configuration", "refused.png") });
    } finally {
      writeFileSync(env.configFile, good);
    }
    await expect.poll(async () => (await configuration(page)).rejected, { timeout: 20_000 }).toBeNull();
  },
);
