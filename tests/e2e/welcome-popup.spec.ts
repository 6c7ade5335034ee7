import { expect, test, type Page } from "@playwright/test";

const popup = (page: Page) => page.getByRole("dialog", { name: /Welcome to/ });

async function answerConsent(page: Page) {
  await page.getByRole("dialog", { name: "Your privacy choices" }).getByRole("button", { name: "Reject all" }).click();
}

test("appears 1 s after consent is answered, once per session, and closes itself after 10 s", async ({ page }) => {
  await page.clock.install();
  await page.goto("/en");
  // It waits for the consent answer, however long that takes.
  await page.clock.runFor(5_000);
  await expect(popup(page)).toBeHidden();
  await answerConsent(page);
  await page.clock.runFor(900);
  await expect(popup(page)).toBeHidden();
  await page.clock.runFor(200);
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toContainText("Thank you for your interest in our AI services.");
  await expect(popup(page)).toContainText("closes automatically in 10 seconds");
  const discord = popup(page).getByRole("link", { name: /Join Discord Community/ });
  await expect(discord).toHaveAttribute("target", "_blank");
  await expect(discord).toHaveAttribute("href", /^https:\/\//);
  await expect(popup(page).locator('a[href^="mailto:"]')).toHaveCount(1);
  await page.clock.runFor(9_000);
  await expect(popup(page)).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(popup(page)).toBeHidden();

  // Once per browser session.
  await page.reload();
  await page.clock.runFor(3_000);
  await expect(popup(page)).toBeHidden();
});

test("a new browser session sees it again, and the close button closes it", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() =>
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
  await page.clock.install();
  await page.goto("/de/about");
  await page.clock.runFor(1_100);
  const dialog = page.getByRole("dialog", { name: /Willkommen bei/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});
