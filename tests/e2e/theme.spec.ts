import { expect, test } from "@playwright/test";
import { skipDialogs } from "./helpers.ts";

test.beforeEach(async ({ page }) => skipDialogs(page));

test("follows the system setting while nothing is saved", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/en");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("the toggle switches, saves, and wins over the system setting", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/en/about");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});

test("the saved theme is applied by the head script before any bundle loads (no flash)", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  // Block the islands bundle: only the inline head script can set the theme.
  await page.route("**/islands/**", (route) => route.abort());
  let darkAtFirstParse = false;
  page.on("domcontentloaded", async () => {
    darkAtFirstParse = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  });
  await page.goto("/de", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgb(255, 255, 255)");
  expect(darkAtFirstParse).toBe(true);
});
