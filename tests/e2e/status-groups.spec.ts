// The public status page with its services in groups (publicGroup): a fleet of
// 20 public services in 4 groups on loopback, one failing; each group's
// <details> is open exactly when it is not all operational, in both languages,
// and the page stays accessible and keyboard-usable. Screenshots in
// test-results/status-page/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { groupedFleetConfig, groupedPublicServices, startGroupHosts } from "#tests/support/public-groups.ts";
import { axeViolations, skipDialogs, waitForIslands } from "./helpers.ts";
import { startServer, stopServer, waitUntilUp } from "./server-process.ts";

const SHOTS = join("test-results", "status-page");
/** A check round or two at the fleet's interval, on a busy machine. */
const SHOWN_WITHIN_MS = 45_000;

test("20 public services in 4 groups, one failing: only its group is open, in both languages, accessible", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const groups = ["Websites", "Kundenportale", "APIs & Schnittstellen", "E-Mail"];
  const failing = new Set<string>();
  const hosts = await startGroupHosts(failing);
  const fleet = groupedPublicServices({ groups, perGroup: 5, url: hosts.url });
  failing.add(fleet.groups.get("Kundenportale")![2]!);
  const dir = mkdtempSync(join(tmpdir(), "status-groups-"));
  writeFileSync(join(dir, "monitoring.yaml"), groupedFleetConfig(fleet));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(port, {
    DATA_DIR: join(dir, "data"),
    MONITORING_CONFIG: join(dir, "monitoring.yaml"),
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
  });
  try {
    await waitUntilUp(origin, 60_000, server);
    const expected = groups.map((name) => ({
      name,
      state: name === "Kundenportale" ? "outage" : "operational",
      serviceIds: fleet.groups.get(name),
    }));
    await expect
      .poll(
        async () => ((await (await page.request.get(`${origin}/api/status`)).json()) as { groups: unknown }).groups,
        {
          timeout: SHOWN_WITHIN_MS,
        },
      )
      .toEqual(expected);
    await skipDialogs(page);
    for (const [lang, operational, outage] of [
      ["en", "Operational", "Outage"],
      ["de", "Betriebsbereit", "Ausfall"],
    ] as const) {
      await page.goto(`${origin}/${lang}/status`);
      const details = page.locator("details[data-status-group]");
      await expect(details).toHaveCount(4);
      for (const [index, name] of groups.entries()) {
        const group = details.nth(index);
        const open = name === "Kundenportale";
        await expect(group.locator("summary")).toHaveText(`${name} ${open ? outage : operational}`);
        await expect(group).toHaveJSProperty("open", open);
        await expect(group.locator("[data-status-service]").first()).toBeVisible({ visible: open });
      }
      await expect(page.getByRole("heading", { level: 3, name: "E-Mail" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
    // A folded group opens from the keyboard, and each service's 90 days are still one tab stop.
    await waitForIslands(page);
    await expect(page.locator('[data-status-service] [role="img"][tabindex="0"]')).toHaveCount(20);
    const websites = page.locator("details[data-status-group]").first();
    await websites.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(websites).toHaveJSProperty("open", true);
    await page.keyboard.press("Tab");
    await expect(websites.locator("[data-status-service]").first().locator('[role="img"]').last()).toBeFocused();
    await page.screenshot({ path: join(SHOTS, "status-groups-de.png"), fullPage: true });
  } finally {
    await stopServer(server);
    await hosts.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
