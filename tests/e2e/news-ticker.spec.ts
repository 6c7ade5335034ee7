import { expect, test } from "@playwright/test";
import { ARTICLES } from "#content/news/index.ts";
import { skipDialogs, waitForIslands } from "./helpers.ts";

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

test("the headlines are the newest articles, each a link to it", async ({ page }) => {
  await page.goto("/de");
  const track = page.getByTestId("ticker-track");
  const links = track.locator("ul").first().getByRole("link");
  await expect(links).toHaveText(ARTICLES.slice(0, 6).map((article) => article.de.title));
  await expect(links.first()).toHaveAttribute("href", `/de/news/${ARTICLES[0]!.id}`);
  // The copy that makes the loop seamless takes no focus.
  for (const link of await track.locator('ul[aria-hidden="true"] a').all())
    await expect(link).toHaveAttribute("tabindex", "-1");
  // A moving link is hard to hit: paused, it is followed.
  await page.getByRole("button", { name: "Nachrichtenticker anhalten" }).click();
  await links.nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/de/news/${ARTICLES[2]!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARTICLES[2]!.de.title);
});

test("on a phone the floating cookie button never covers the ticker, and comes back once it has passed", async ({
  page,
}) => {
  // A phone on which the ticker starts right at the button's height.
  await page.setViewportSize({ width: 390, height: 760 });
  await page.goto("/en");
  await waitForIslands(page);
  const ticker = page.locator("section", { has: page.getByRole("heading", { name: "AI News" }) });
  const floating = page.locator('button[title="Cookie settings"]');
  const covers = async () => {
    if (!(await floating.isVisible())) return false;
    const [a, b] = [await floating.boundingBox(), await ticker.boundingBox()];
    return !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  for (const top of [0, 30, 60, 120]) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await expect.poll(covers, `scrolled to ${top}`).toBe(false);
  }
  await page.evaluate(() => window.scrollTo(0, 1_000));
  await expect(floating).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the headlines are readable links", async ({ page }) => {
    await page.goto("/en");
    await expect(page.getByRole("link", { name: ARTICLES[0]!.en.title })).toBeVisible();
  });
});
