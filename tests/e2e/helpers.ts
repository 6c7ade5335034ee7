import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Every public page (language-neutral path), one article standing for all. */
export const PUBLIC_PATHS = [
  "/",
  "/ai-services",
  "/digital-consulting",
  "/projects",
  "/about",
  "/news",
  "/news/1",
  "/contact",
  "/careers",
  "/imprint",
  "/privacy-policy",
  "/terms-of-service",
];

export const LANGS = ["en", "de"] as const;

export function localized(lang: string, path: string): string {
  return path === "/" ? `/${lang}` : `/${lang}${path}`;
}

/** Collects console errors, uncaught exceptions and requests that leave our origin. */
export function watchPage(page: Page, origin: string) {
  const errors: string[] = [];
  const foreignRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) foreignRequests.push(url);
  });
  return { errors, foreignRequests };
}

/** A stored consent answer and a shown welcome popup, so neither covers the page under test. */
export async function skipDialogs(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem("cookieConsent")) {
      localStorage.setItem(
        "cookieConsent",
        JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          timestamp: new Date().toISOString(),
          version: 1,
        }),
      );
    }
    sessionStorage.setItem("welcomePopupShown", "true");
  });
}

/** Waits until the page chrome's behaviours are wired and every island is hydrated, before driving it by keyboard. */
export async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-chrome-ready") &&
      [...document.querySelectorAll("[data-island]")].every((island) => island.hasAttribute("data-hydrated")),
  );
}

/**
 * What axe finds against WCAG 2.2 AA on the page as it is now, one line per rule: its id, what it asks and where.
 * Legacy mode runs axe in the page itself: the pages have no frames, and the default's extra page per scan costs a
 * second each time.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
