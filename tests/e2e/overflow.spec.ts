// No public page scrolls sideways: every page the build prerenders, and the
// pages rendered per request (status, subscription steps), in both languages,
// at the narrowest phone, a common phone and a laptop. One page is reused,
// only the viewport and the address change, so the walk stays quick.
import { expect, test } from "@playwright/test";
import { prerenderPaths } from "#app/routing/pages.ts";
import { LANGS, skipDialogs } from "./helpers.ts";

const WIDTHS = [320, 390, 1280];
const PER_REQUEST = ["/status", "/status/subscribe", "/status/confirm?token=x", "/status/unsubscribe?token=x"];

function pagesOf(lang: string): string[] {
  const built = prerenderPaths().filter((path) => path.startsWith(`/${lang}`) && !/\.(xml|txt)$/.test(path));
  return [...built, ...PER_REQUEST.map((path) => `/${lang}${path}`)];
}

for (const lang of LANGS) {
  test(`no ${lang} page is wider than the screen at ${WIDTHS.join(", ")} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await skipDialogs(page);
    const pages = pagesOf(lang);
    expect(pages.length).toBeGreaterThan(10);
    const overflowing: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBeLessThan(500);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        const excess = scrollWidth - clientWidth;
        if (excess > 0) overflowing.push(`${path} at ${width} px: ${excess} px too wide`);
      }
    }
    expect(overflowing).toEqual([]);
  });
}
