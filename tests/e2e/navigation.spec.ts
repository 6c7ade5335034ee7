import { expect, test } from "@playwright/test";
import { skipDialogs, waitForIslands } from "./helpers.ts";

test.beforeEach(async ({ page }) => skipDialogs(page));

test("desktop navbar links every section and opens the Services menu", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/en/about");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Muster Digital home" })).toHaveAttribute("href", "/en");
  for (const [name, href] of <const>[
    ["Projects", "/en/projects"],
    ["About", "/en/about"],
    ["News", "/en/news"],
    ["Careers", "/en/careers"],
    ["Contact", "/en/contact"],
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
  const services = nav.locator("summary:visible", { hasText: "Services" });
  await services.click();
  await nav.getByRole("link", { name: "Digital Consulting" }).click();
  await expect(page).toHaveURL(/\/en\/digital-consulting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digital Consulting");
});

test("the Services menu works by keyboard and closes with Escape", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/en");
  await waitForIslands(page);
  const summary = page.locator("header details summary").first();
  await summary.focus();
  await page.keyboard.press("Enter");
  const aiLink = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "AI Services" });
  await expect(aiLink).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(aiLink).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(aiLink).toBeHidden();
  await expect(summary).toBeFocused();
});

test("mobile menu opens, expands Services, and closes when a link is clicked", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/de");
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.getByRole("link", { name: "Projekte" })).toBeHidden();
  await nav.locator("summary:visible", { hasText: "Menü" }).click();
  const menu = page.locator("#mobile-menu");
  await expect(menu.getByRole("link", { name: "Projekte" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "KI-Services" })).toBeHidden();
  await menu.locator("summary", { hasText: "Leistungen" }).click();
  await expect(menu.getByRole("link", { name: "KI-Services" })).toBeVisible();
  // Closing the menu also collapses the Services submenu.
  await nav.locator("summary:visible", { hasText: "Menü" }).click();
  await expect(menu).toBeHidden();
  await nav.locator("summary:visible", { hasText: "Menü" }).click();
  await expect(menu.getByRole("link", { name: "KI-Services" })).toBeHidden();
  await menu.getByRole("link", { name: "Karriere" }).click();
  await expect(page).toHaveURL(/\/de\/careers$/);
  await expect(page.locator("#mobile-menu")).toBeHidden();
});

test("footer links the services, company and legal pages, the social networks, mail and cookie settings", async ({
  page,
}) => {
  await page.goto("/en");
  const footer = page.locator("footer");
  for (const href of [
    "/en/ai-services",
    "/en/digital-consulting",
    "/en/about",
    "/en/careers",
    "/en/news",
    "/en/imprint",
    "/en/privacy-policy",
    "/en/terms-of-service",
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(footer.getByRole("link", { name: /on X/ })).toHaveAttribute("target", "_blank");
  await expect(footer.getByRole("link", { name: /on LinkedIn/ })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(footer.getByRole("link", { name: /Discord/ })).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(footer.getByRole("button", { name: "Cookie settings" })).toBeVisible();
});

test("a skip link leads keyboard users to the content", async ({ page }) => {
  await page.goto("/en/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});
