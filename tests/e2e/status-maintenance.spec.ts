// Planned maintenance before it starts: a one-off window on a public service,
// three days ahead, is on the status page under "Planned maintenance" with its
// time in the company's zone, and a visitor in New York also sees theirs; the
// same window is in /api/status and in each language's feed. Screenshots in
// test-results/status-page/maintenance-*.png.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { groupedFleetConfig, groupedPublicServices, startGroupHosts } from "#tests/support/public-groups.ts";
import { axeViolations, skipDialogs, waitForIslands } from "./helpers.ts";
import { startServer, stopServer, waitUntilUp } from "./server-process.ts";

/** The Berlin date three days from now, as the configuration writes a wall-clock day. */
const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(Date.now() + 3 * 86_400_000);

test("a window announced for a public service: page (both languages, the visitor's zone), JSON and feeds", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const hosts = await startGroupHosts(new Set());
  const fleet = groupedPublicServices({ groups: ["Websites"], perGroup: 2, url: hosts.url });
  const [covered] = fleet.groups.get("Websites")!;
  const dir = mkdtempSync(join(tmpdir(), "status-maintenance-"));
  writeFileSync(
    join(dir, "monitoring.yaml"),
    groupedFleetConfig(fleet) +
      `maintenance:\n  windows:\n    - { name: Datenbank-Umzug, start: "${day} 22:00", duration: 3h, ` +
      `services: [${covered}] }\n`,
  );
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
    const json = (await (await fetch(`${origin}/api/status`)).json()) as { upcomingMaintenance: unknown[] };
    expect(json.upcomingMaintenance).toEqual([
      { name: "Datenbank-Umzug", startsAt: expect.any(String), endsAt: expect.any(String), serviceIds: [covered] },
    ]);
    for (const [lang, zone, heading, own, local] of [
      [
        "de",
        "America/New_York",
        "Geplante Wartung",
        /Angekündigt: Datenbank-Umzug.*22:00 MEZ.*01:00 MEZ/,
        /Ihre Zeit: .*16:00/,
      ],
      ["en", "Europe/Berlin", "Planned maintenance", /Announced: Datenbank-Umzug.*22:00 CET.*01:00 CET/, null],
    ] as const) {
      // German in the dark on a phone, English in the light on a desktop.
      const context = await browser.newContext({
        timezoneId: zone,
        colorScheme: lang === "de" ? "dark" : "light",
        viewport: lang === "de" ? { width: 390, height: 844 } : { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      await skipDialogs(page);
      await page.goto(`${origin}/${lang}/status`);
      const section = page.locator("section[aria-labelledby=status-maintenance]");
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(heading);
      await expect(section.locator("li")).toHaveText(own);
      await waitForIslands(page);
      if (local) await expect(section.locator("li")).toHaveText(local);
      else await expect(section.locator("[data-visitor-time]")).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await section.screenshot({ path: join("test-results", "status-page", `maintenance-${lang}.png`) });
      await context.close();
    }
    const feed = await (await fetch(`${origin}/de/status/rss.xml`)).text();
    expect(feed).toContain("<title>Geplante Wartung: Datenbank-Umzug (angekündigt)</title>");
    expect(await (await fetch(`${origin}/en/status/rss.xml`)).text()).toContain(
      "<title>Planned maintenance: Datenbank-Umzug (announced)</title>",
    );
  } finally {
    await stopServer(server);
    await hosts.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
