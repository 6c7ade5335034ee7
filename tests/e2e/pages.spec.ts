import { expect, test } from "@playwright/test";
import { axeViolations, LANGS, localized, PUBLIC_PATHS, skipDialogs, waitForIslands, watchPage } from "./helpers.ts";

// Every public page in both languages: no console error, no request to
// another origin, and zero axe violations (WCAG 2.2 AA tags) in both themes.
for (const lang of LANGS) {
  for (const path of PUBLIC_PATHS) {
    const url = localized(lang, path);
    test(`${url}: no errors, no third parties, accessible in light and dark`, async ({ page, baseURL }) => {
      const watched = watchPage(page, baseURL!);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // The consent dialog is part of the first visit: scan it too.
        await expect(page.getByRole("dialog").first()).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      }
      expect(watched.errors).toEqual([]);
      expect(watched.foreignRequests).toEqual([]);
    });
  }
}

test("pages without the consent dialog are accessible too (ticker, menus, floating button)", async ({ page }) => {
  await skipDialogs(page);
  for (const url of ["/en", "/de/about"]) {
    await page.goto(url);
    await waitForIslands(page);
    // The ticker shows its skeleton for a second after hydrating: check the headlines, not the skeleton.
    await expect(page.getByTestId("ticker-skeleton")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  }
});

test("at 1280 px the pages' headings line up with the logo", async ({ page }) => {
  await skipDialogs(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The article and the legal pages are a narrower reading column of their own.
  for (const path of [
    "/",
    "/ai-services",
    "/digital-consulting",
    "/projects",
    "/about",
    "/news",
    "/contact",
    "/careers",
  ]) {
    await page.goto(localized("en", path));
    const logo = await page.getByRole("link", { name: "Muster Digital home" }).boundingBox();
    // Every left-aligned page heading and section heading (centred ones have no left edge to keep).
    const edges = await page
      .locator("main h1, main section > div > h2")
      .evaluateAll((headings) =>
        headings
          .filter((heading) => getComputedStyle(heading).textAlign !== "center")
          .map((heading) => `${heading.textContent}: ${Math.round(heading.getBoundingClientRect().left)}`),
      );
    expect(edges.length, path).toBeGreaterThan(0);
    for (const edge of edges) expect(edge, path).toMatch(new RegExp(`: ${Math.round(logo!.x)}$`));
  }
});

test("testimonials are quoted as each language writes quotes", async ({ page }) => {
  await skipDialogs(page);
  await page.goto("/de");
  for (const text of await page.locator("figure blockquote").allTextContents()) expect(text).toMatch(/^„[^„“”]+“$/);
  await page.goto("/en");
  for (const text of await page.locator("figure blockquote").allTextContents()) expect(text).toMatch(/^“[^„“”]+”$/);
});
