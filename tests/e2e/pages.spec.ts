import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { LANGS, localized, PUBLIC_PATHS, skipDialogs, watchPage } from "./helpers.ts";

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
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
        expect(results.violations, JSON.stringify(results.violations, null, 2)).toEqual([]);
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
    await page.waitForTimeout(1_200);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations, JSON.stringify(results.violations, null, 2)).toEqual([]);
  }
});
