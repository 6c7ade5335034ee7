import { expect, test, type Page } from "@playwright/test";
import { waitForIslands } from "./helpers.ts";

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
  await page
    .getByRole("dialog", { name: "Ihre Datenschutz-Einstellungen" })
    .getByRole("button", { name: "Alle ablehnen" })
    .click();
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
      JSON.stringify({
        necessary: true,
        analytics: true,
        marketing: true,
        timestamp: "2025-01-01T00:00:00.000Z",
        version: 0,
      }),
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
      JSON.stringify({
        necessary: true,
        analytics: false,
        marketing: false,
        timestamp: new Date().toISOString(),
        version: 1,
      }),
    ),
  );
  await page.reload();
  await expect(banner(page)).toBeHidden();
});

test("says the optional categories are not in use, and names everything the site stores", async ({ page, context }) => {
  await page.goto("/en");
  await expect(banner(page)).toContainText("We use no analytics and no marketing services today");
  await banner(page).getByRole("button", { name: "Customize" }).click();
  await expect(banner(page).getByRole("switch", { name: "Analytics" })).toHaveAccessibleDescription(
    /^Not in use: this site runs no analytics/,
  );
  await expect(banner(page).getByRole("switch", { name: "Marketing" })).toHaveAccessibleDescription(
    /^Not in use: this site runs no marketing/,
  );
  await banner(page).getByRole("button", { name: "Save preferences" }).click();

  // Use the site as a visitor does: theme, language, a contact message.
  await page
    .getByRole("button", { name: /Switch to (dark|light) theme/ })
    .first()
    .click();
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(/\/de$/);
  await page.clock.install();
  await page.goto("/de/contact");
  await waitForIslands(page);
  await page.getByLabel("Ihr Name", { exact: true }).fill("Erika Mustermann");
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill("erika@example.org");
  await page.getByLabel("Betreff", { exact: true }).fill("Frage zur Speicherung");
  await page.getByLabel("Nachricht", { exact: true }).fill("Was speichert die Website in meinem Browser?");
  await page.clock.fastForward(3_000); // the form's time trap in the browser (the test server's is off)
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByText("Nachricht gesendet")).toBeVisible();

  // Everything that visit left in the browser...
  const stored = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  expect(stored).toEqual(
    expect.arrayContaining(["preferredLanguage", "theme", "cookieConsent", "welcomePopupShown", "contactSubmissions"]),
  );
  expect(cookies).toEqual(expect.arrayContaining(["preferredLanguage", "form-token"]));
  // ...is named in the dialog (over HTTPS the cookies carry the __Host- prefix).
  await page.locator("footer").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  const dialog = page.getByRole("dialog", { name: "Ihre Datenschutz-Einstellungen" });
  await expect(dialog.getByRole("switch", { name: "Analyse" })).toHaveAccessibleDescription(/^Nicht im Einsatz/);
  await expect(dialog.getByRole("switch", { name: "Marketing" })).toHaveAccessibleDescription(/^Nicht im Einsatz/);
  const named = (await dialog.locator("code").allTextContents()).map((name) => name.replace(/^__Host-/, ""));
  for (const name of [...stored, ...cookies]) expect(named, name).toContain(name);
  expect(named).toEqual(expect.arrayContaining(["session", "device"]));
});
