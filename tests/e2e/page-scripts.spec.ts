import { expect, test, type Page } from "@playwright/test";
import { skipDialogs, waitForIslands } from "./helpers.ts";

// Each public page loads the chrome script (theme, consent, menus) and only
// the code of the islands it renders, all announced in its HTML so nothing
// waits on another script to be discovered.

test.beforeEach(async ({ page }) => skipDialogs(page));

/** Loads a page and returns the names (without hash) of the scripts the browser fetched, and those its HTML names. */
async function scriptsOf(page: Page, path: string) {
  const fetched: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") fetched.push(new URL(response.url()).pathname);
  });
  const html = await (await page.goto(path))!.text();
  await waitForIslands(page);
  const announced = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const name = (url: string) => url.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, "");
  return { fetched: fetched.map(name).sort(), announced: announced.map(name).sort(), fetchedUrls: fetched, html };
}

test("a page whose only island is the navigation loads the chrome script alone", async ({ page }) => {
  for (const path of ["/de/careers", "/en/news/3", "/de/privacy-policy", "/en/about"]) {
    const { fetched, announced } = await scriptsOf(page, path);
    expect(fetched, path).toEqual(["chrome"]);
    expect(announced, path).toEqual(["chrome"]);
  }
  // The chrome still works: the theme switches and the menu closes on Escape.
  await page.setViewportSize({ width: 1280, height: 800 });
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await page.getByRole("button", { name: /Switch to (dark|light) theme/ }).click();
  await expect(page.locator("html")).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  const summary = page.locator("header details summary").first();
  await summary.click();
  await page.keyboard.press("Escape");
  await expect(page.locator("header details").first()).not.toHaveAttribute("open");
  await expect(summary).toBeFocused();
});

test("a page with islands loads their code and no other island's, every script announced in its HTML", async ({
  page,
}) => {
  const cases = [
    { path: "/en/contact", islands: ["contact-form", "map-embed"] },
    { path: "/de", islands: ["news-ticker"] },
    { path: "/en/news", islands: ["news-list"] },
    { path: "/de/status", islands: ["day-keys"] },
  ];
  const every = ["contact-form", "map-embed", "news-ticker", "news-list", "day-keys", "not-found-logger"];
  for (const { path, islands } of cases) {
    const { fetched, announced } = await scriptsOf(page, path);
    for (const island of every)
      expect(fetched.includes(island), `${path} loads ${island}`).toBe(islands.includes(island));
    expect(fetched, path).toContain("chrome");
    // Nothing is discovered late: every script the page ran was in its HTML.
    expect(
      fetched.filter((script) => !announced.includes(script)),
      path,
    ).toEqual([]);
  }
});
