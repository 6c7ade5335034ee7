import { expect, test, type Page } from "@playwright/test";

const banner = (page: Page) => page.getByRole("dialog", { name: "Your privacy choices" });
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"));

test.beforeEach(async ({ page }) => {
  // Keep the welcome popup out of the way; it has its own tests.
  await page.addInitScript(() => sessionStorage.setItem("welcomePopupShown", "true"));
});

test("asks on the first visit with Reject all as visible as Accept all", async ({ page }) => {
  await page.goto("/en");
  await expect(banner(page)).toBeVisible();
  const reject = banner(page).getByRole("button", { name: "Reject all" });
  const accept = banner(page).getByRole("button", { name: "Accept all" });
  await expect(reject).toBeVisible();
  const style = (locator: typeof reject) =>
    locator.evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, el.getBoundingClientRect().height];
    });
  expect(await style(reject)).toEqual(await style(accept));
});

test("Accept all stores every category with a timestamp and version, and thanks", async ({ page }) => {
  await page.goto("/en");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toBeHidden();
  await expect(page.getByText("Preferences saved")).toBeVisible();
  await expect(page.getByText("Thank you for your consent preferences.")).toBeVisible();
  const record = await stored(page);
  expect(Object.keys(record).sort()).toEqual(["analytics", "marketing", "necessary", "timestamp", "version"]);
  expect(record).toMatchObject({ necessary: true, analytics: true, marketing: true, version: 1 });
  expect(Date.now() - Date.parse(record.timestamp)).toBeLessThan(60_000);
  await page.reload();
  await expect(banner(page)).toBeHidden();
});

test("Reject all stores only the necessary category", async ({ page }) => {
  await page.goto("/de");
  await page.getByRole("dialog", { name: "Ihre Datenschutz-Einstellungen" }).getByRole("button", { name: "Alle ablehnen" }).click();
  await expect(page.getByText("Ihre Cookie-Einstellungen wurden gespeichert.")).toBeVisible();
  expect(await stored(page)).toMatchObject({ necessary: true, analytics: false, marketing: false, version: 1 });
});

test("Save preferences stores the chosen categories; reopening preloads them", async ({ page }) => {
  await page.goto("/en/about");
  await banner(page).getByRole("button", { name: "Customize" }).click();
  await expect(banner(page).getByRole("switch", { name: /Necessary/ })).toBeDisabled();
  await expect(banner(page).getByRole("switch", { name: /Necessary/ })).toBeChecked();
  await banner(page).getByRole("switch", { name: "Analytics" }).check();
  await banner(page).getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your cookie preferences have been saved.")).toBeVisible();
  expect(await stored(page)).toMatchObject({ analytics: true, marketing: false });

  // The floating button reopens it with the stored choices.
  await page.getByRole("button", { name: "Cookie settings" }).first().click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toBeFocused();
  await expect(banner(page).getByRole("switch", { name: "Analytics" })).toBeChecked();
  await expect(banner(page).getByRole("switch", { name: "Marketing" })).not.toBeChecked();
  await page.keyboard.press("Escape");
  await expect(banner(page)).toBeHidden();

  // So does the footer link, after a reload.
  await page.reload();
  await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner(page).getByRole("switch", { name: "Analytics" })).toBeChecked();
  await banner(page).getByRole("switch", { name: "Analytics" }).uncheck();
  await banner(page).getByRole("switch", { name: "Marketing" }).check();
  await banner(page).getByRole("button", { name: "Save preferences" }).click();
  expect(await stored(page)).toMatchObject({ analytics: false, marketing: true });
  await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeFocused();
});

test("asks again only when the stored record has another version", async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      "cookieConsent",
      JSON.stringify({ necessary: true, analytics: true, marketing: true, timestamp: "2025-01-01T00:00:00.000Z", version: 0 }),
    ),
  );
  await page.goto("/en");
  await expect(banner(page)).toBeVisible();
});

test("the banner is in the first paint: shown by the head script before the islands load", async ({ page }) => {
  await page.route("**/islands/**", (route) => route.abort());
  await page.goto("/en/contact");
  await expect(banner(page)).toBeVisible();
  await page.evaluate(() =>
    localStorage.setItem(
      "cookieConsent",
      JSON.stringify({ necessary: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: 1 }),
    ),
  );
  await page.reload();
  await expect(banner(page)).toBeHidden();
});
