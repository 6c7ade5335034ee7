import { expect, test, type Page } from "@playwright/test";
import { ARTICLES } from "#content/news/index.ts";
import { news } from "#content/pages/news.ts";
import { skipDialogs } from "./helpers.ts";

test.beforeEach(async ({ page }) => skipDialogs(page));

const pagination = (page: Page, name = "News pages") => page.getByRole("navigation", { name });
const cards = (page: Page) => page.locator("main li article");

test("the list shows 6 articles a page over 3 pages, each page at its own URL", async ({ page }) => {
  await page.goto("/en/news");
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).first()).toContainText(ARTICLES[0]!.en.title);
  await expect(pagination(page).getByRole("link", { name: "Previous" })).toHaveCount(0);
  await expect(pagination(page).getByRole("link", { name: "Next" })).toHaveAttribute("href", "/en/news?page=2");
  await expect(pagination(page).getByRole("link", { name: /^Page \d$/ })).toHaveCount(3);
  await expect(pagination(page).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

  await page.goto("/en/news?page=2");
  await expect(cards(page).first()).toContainText(ARTICLES[6]!.en.title);
  await expect(pagination(page).getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/en/news");
  await expect(pagination(page).getByRole("link", { name: "Next" })).toHaveAttribute("href", "/en/news?page=3");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/en\/news\?page=2$/);

  await page.goto("/en/news?page=3");
  await expect(cards(page)).toHaveCount(3);
  await expect(pagination(page).getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(pagination(page).getByRole("link", { name: "Previous" })).toBeVisible();
});

test("changing page keeps the URL, scrolls smoothly to the top, and Back returns", async ({ page }) => {
  await page.goto("/de/news");
  await page.evaluate(() => {
    (window as unknown as { smooth: boolean }).smooth = false;
    const original = window.scrollTo.bind(window);
    window.scrollTo = ((options: ScrollToOptions) => {
      if (options?.behavior === "smooth" && options.top === 0) (window as unknown as { smooth: boolean }).smooth = true;
      original(options);
    }) as typeof window.scrollTo;
  });
  const next = pagination(page, "Seiten der News").getByRole("link", { name: "Weiter" });
  await next.scrollIntoViewIfNeeded();
  await next.click();
  await expect(page).toHaveURL(/\/de\/news\?page=2$/);
  await expect(cards(page).first()).toContainText(ARTICLES[6]!.de.title);
  expect(await page.evaluate(() => (window as unknown as { smooth: boolean }).smooth)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/de\/news$/);
  await expect(cards(page).first()).toContainText(ARTICLES[0]!.de.title);
  // The language switch follows the page the visitor is on.
  await pagination(page, "Seiten der News").getByRole("link", { name: "Seite 3" }).click();
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/news\?page=3$/);
});

test("page numbers: page 1 has one URL, a page past the end shows the last one, the rest are not found", async ({
  request,
  page,
}) => {
  const first = await request.get("/en/news?page=1", { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  expect(first.headers()["location"]).toBe("/en/news");
  for (const past of ["4", "9", "100"]) {
    const response = await request.get(`/en/news?page=${past}`, { maxRedirects: 0 });
    expect(response.status(), past).toBe(302);
    expect(response.headers()["location"], past).toBe("/en/news?page=3");
  }
  for (const bad of ["0", "-1", "abc", "2.5"]) {
    expect((await request.get(`/en/news?page=${bad}`)).status(), bad).toBe(404);
  }
  await page.goto("/de/news?page=9");
  await expect(page).toHaveURL(/\/de\/news\?page=3$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aktuelle KI- und Digital-News");
});

test("the article page: back link, badge, date, read time, 400 px cover, body, promo", async ({ page }) => {
  const article = ARTICLES.find((a) => a.id === 4)!;
  await page.goto("/en/news/4");
  await expect(page.getByRole("link", { name: "Back to News" })).toHaveAttribute("href", "/en/news");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.en.title);
  await expect(page.locator("main time")).toHaveAttribute("datetime", article.date);
  await expect(page.getByText(`${article.readMinutes} min read`)).toBeVisible();
  await expect(page.locator("main article h2").first()).toBeVisible();
  await expect(page.locator("main article ul li").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready to Transform Your Business?" })).toBeVisible();
  await expect(
    page.getByText(
      "Talk to our experts about how AI-powered solutions can help your organization stay ahead of the competition.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Schedule a Consultation" })).toHaveAttribute("href", "/en/contact");
});

test("article redirects: unknown ids go to the list, no id shows article 1", async ({ request, page }) => {
  for (const [path, target] of <const>[
    ["/en/news/99", "/en/news"],
    ["/de/news/abc", "/de/news"],
    ["/news/0", "/news"],
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe(target);
  }
  await page.goto("/de/news/");
  await expect(page).toHaveURL(/\/de\/news\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARTICLES.find((a) => a.id === 1)!.de.title);
});

test("one RSS feed per language lists every article", async ({ request }) => {
  for (const lang of ["en", "de"] as const) {
    const response = await request.get(`/${lang}/news/rss.xml`);
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)).toHaveLength(15);
    expect(xml).toContain(`<language>${lang === "de" ? "de-DE" : "en-US"}</language>`);
    expect(xml).toContain(ARTICLES[0]![lang].title.replace(/&/g, "&amp;"));
    // The channel is described in the feed's language, as the news page is.
    expect(/<channel>[\s\S]*?<description>([^<]*)<\/description>/.exec(xml)?.[1]).toBe(news[lang].meta.description);
  }
});
