import { expect, test } from "@playwright/test";
import { skipDialogs } from "./helpers.ts";

test.beforeEach(async ({ page }) => skipDialogs(page));

test("shows a skeleton for 1 s, then six headlines, and reloads every 5 minutes", async ({ page }) => {
  await page.clock.install();
  await page.goto("/en");
  const ticker = page.locator("section", { has: page.getByRole("heading", { name: "AI News" }) });
  const box = await ticker.boundingBox();
  await expect(ticker.getByTestId("ticker-skeleton")).toBeVisible();
  await page.clock.runFor(1_000);
  const track = ticker.getByTestId("ticker-track");
  await expect(track).toBeVisible();
  // Two copies for a seamless loop; the second is hidden from assistive technology.
  await expect(track.locator("ul").first().locator("li")).toHaveCount(6);
  await expect(track.locator('ul[aria-hidden="true"]')).toHaveCount(1);
  await expect(track.locator("li time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  // No layout shift between skeleton and list.
  expect(await ticker.boundingBox()).toEqual(box);

  // The refresh comes 5 minutes after the ticker mounted: step through that
  // moment in small steps, so its 1 s skeleton is seen, then let it finish.
  await page.clock.runFor(297_000);
  let seen = false;
  for (let step = 0; step < 50 && !seen; step += 1) {
    await page.clock.runFor(100);
    await page.waitForTimeout(30);
    seen = await ticker.getByTestId("ticker-skeleton").isVisible();
  }
  expect(seen).toBe(true);
  await page.clock.runFor(1_000);
  await expect(track).toBeVisible();
});

test("can be paused and resumed (WCAG 2.2.2)", async ({ page }) => {
  await page.goto("/de");
  const pause = page.getByRole("button", { name: "Nachrichtenticker anhalten" });
  const track = page.getByTestId("ticker-track");
  await expect(track).toBeVisible();
  await expect(track).toHaveAttribute("data-paused", "false");
  await pause.click();
  await expect(pause).toHaveAttribute("aria-pressed", "true");
  await expect(track).toHaveAttribute("data-paused", "true");
  expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("paused");
  await pause.click();
  await expect(track).toHaveAttribute("data-paused", "false");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the headlines are readable", async ({ page }) => {
    await page.goto("/en");
    await expect(page.getByText("German SMEs double their investment in AI projects")).toBeVisible();
  });
});
