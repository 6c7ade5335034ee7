// Details of the public pages a visitor on a phone or a laptop meets, in both
// languages and both themes, each checked with axe: the legal pages' single
// language switch, the contact form's length rules said up front, and the
// floating cookie button that never covers the status pages' back link, nor
// the page's last line once scrolled to the end. Screenshots in test-results/public-details/.
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations, LANGS, skipDialogs, waitForIslands } from "./helpers.ts";

const SHOTS = join("test-results", "public-details");
const THEMES = ["light", "dark"] as const;
const WIDTHS = [390, 1280];

const WORDS = {
  en: {
    otherLanguage: "Deutsch",
    subjectHint: "5 to 200 characters",
    back: "Back to the status page",
    cookie: "Cookie settings",
  },
  de: {
    otherLanguage: "English",
    subjectHint: "5 bis 200 Zeichen",
    back: "Zurück zur Statusseite",
    cookie: "Cookie-Einstellungen",
  },
} as const;

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  if (!(await a.isVisible()) || !(await b.isVisible())) return false;
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  return !!x && !!y && x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** Scrolls the page from top to bottom; at each step the floating button is hidden or clear of `target`. */
async function neverCovered(page: Page, target: Locator, where: string, cookie: string) {
  const floating = page.locator(`button[title="${cookie}"]`);
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let top = 0; top <= bottom + 60; top += 60) {
    await page.evaluate((y) => window.scrollTo(0, y), Math.min(top, bottom));
    await expect.poll(() => overlaps(floating, target), `${where}, scrolled to ${top}`).toBe(false);
  }
}

for (const lang of LANGS) {
  for (const theme of THEMES) {
    test(`public page details in ${lang}, ${theme} theme, at ${WIDTHS.join(" and ")} px`, async ({ page }) => {
      test.setTimeout(180_000);
      const words = WORDS[lang];
      await skipDialogs(page);
      await page.emulateMedia({ colorScheme: theme });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 700 });
        const tag = `${lang}-${theme}-${width}`;

        for (const legal of ["/imprint", "/privacy-policy", "/terms-of-service"]) {
          await page.goto(`/${lang}${legal}`);
          await expect(page.getByRole("link", { name: words.otherLanguage, exact: true })).toHaveCount(1);
          expect(await axeViolations(page), `${legal} ${tag}`).toEqual([]);
        }
        await page.screenshot({ path: join(SHOTS, `terms-${tag}.png`) });

        await page.goto(`/${lang}/contact`);
        await waitForIslands(page);
        const subject = page.locator("#contact-subject");
        await expect(subject).toHaveAttribute("minlength", "5");
        await expect(subject).toHaveAttribute("maxlength", "200");
        const hint = page.locator("#contact-subject-hint");
        await expect(hint).toHaveText(words.subjectHint);
        await expect(subject).toHaveAttribute("aria-describedby", "contact-subject-hint");
        await expect(page.locator("#contact-name")).toHaveAttribute("minlength", "2");
        await expect(page.locator("#contact-message")).toHaveAttribute("minlength", "10");
        expect(await axeViolations(page), `contact ${tag}`).toEqual([]);
        await subject.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `contact-${tag}.png`) });

        for (const step of ["/status/subscribe", "/status/confirm?token=x"]) {
          await page.goto(`/${lang}${step}`);
          await waitForIslands(page);
          // axe first, at the top: scrolled, the sticky bar partly hides links, which axe counts as small targets.
          expect(await axeViolations(page), `${step} ${tag}`).toEqual([]);
          const back = page.getByRole("link", { name: words.back });
          await neverCovered(page, back, `${step} ${tag}`, words.cookie);
          // Scrolled to the end, the page's last words sit above the button's corner.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const floating = page.locator(`button[title="${words.cookie}"]`);
          await expect(floating).toBeVisible();
          for (const line of await page.locator("footer p").all())
            expect(await overlaps(floating, line), `${step} footer ${tag}`).toBe(false);
        }
        await page.screenshot({ path: join(SHOTS, `confirm-${tag}.png`) });
      }
    });
  }
}
