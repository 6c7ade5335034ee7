import { expect, test } from "@playwright/test";
import { ARTICLES } from "#content/news/index.ts";
import { about } from "#content/pages/about.ts";
import { aiServices } from "#content/pages/ai-services.ts";
import { careers } from "#content/pages/careers.ts";
import { contact } from "#content/pages/contact.ts";
import { digitalConsulting } from "#content/pages/digital-consulting.ts";
import { home } from "#content/pages/home.ts";
import { imprint } from "#content/pages/imprint.ts";
import { news } from "#content/pages/news.ts";
import { privacyPolicy } from "#content/pages/privacy-policy.ts";
import { projects } from "#content/pages/projects.ts";
import { termsOfService } from "#content/pages/terms-of-service.ts";
import { LANGS, localized, skipDialogs, watchPage } from "./helpers.ts";

type Lang = (typeof LANGS)[number];

// Texts each page must show, straight from its content module.
const KEY_TEXTS: Record<string, (lang: Lang) => string[]> = {
  "/": (l) => [home[l].hero.title, home[l].founder.heading, home[l].testimonials.items[2].author, home[l].cta.heading],
  "/ai-services": (l) => [
    aiServices[l].hero.title,
    aiServices[l].capabilities.items[5]!.title,
    aiServices[l].process.steps[3]!.title,
  ],
  "/digital-consulting": (l) => [
    digitalConsulting[l].hero.title,
    digitalConsulting[l].services.items[3]!.bullets[3],
    digitalConsulting[l].cta.button,
  ],
  "/projects": (l) => [projects[l].heading, ...projects[l].projects.map((p) => p.title)],
  "/about": (l) => [about[l].heading, about[l].mission.bullets[2], about[l].team.ceo.position],
  "/news": (l) => [news[l].heading, ARTICLES[0]![l].title, ARTICLES[5]![l].title],
  "/news/7": (l) => [ARTICLES.find((a) => a.id === 7)![l].title],
  "/contact": (l) => [
    contact[l].heading,
    contact[l].info.hoursWeekdays,
    contact[l].info.hoursWeekend,
    contact[l].map.button,
  ],
  "/careers": (l) => [careers[l].heading, careers[l].openings.jobs[3]!.title, careers[l].openApplication.button],
  "/imprint": (l) => [imprint[l].heading, imprint[l].sections.at(-1)!.heading],
  "/privacy-policy": (l) => [privacyPolicy({ contactRetentionDays: 180 })[l].heading],
  "/terms-of-service": (l) => [termsOfService[l].heading, termsOfService[l].sections[9]!.heading],
};

for (const lang of LANGS) {
  test(`every page in ${lang}: key texts, working links and images, no console error`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await skipDialogs(page);
    const watched = watchPage(page, baseURL!);
    const links = new Set<string>();
    const images = new Set<string>();
    for (const [path, texts] of Object.entries(KEY_TEXTS)) {
      const response = await page.goto(localized(lang, path));
      expect(response?.status(), path).toBe(200);
      for (const text of texts(lang))
        await expect(page.getByText(text, { exact: false }).first(), `${path}: ${text}`).toBeAttached();
      for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!)))
        links.add(href);
      const sources = await page.evaluate(() => [
        ...[...document.images].map((img) => img.getAttribute("src")!),
        ...[...document.querySelectorAll("source[srcset]")].flatMap((s) =>
          s
            .getAttribute("srcset")!
            .split(",")
            .map((part) => part.trim().split(" ")[0]!),
        ),
      ]);
      for (const source of sources) images.add(source);
    }
    for (const href of links) {
      const response = await request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBe(200);
    }
    expect(images.size).toBeGreaterThan(20);
    for (const src of images) {
      const response = await request.get(src);
      expect(response.status(), src).toBe(200);
      expect(response.headers()["content-type"], src).toMatch(/^image\//);
    }
    expect(watched.errors).toEqual([]);
    expect(watched.foreignRequests).toEqual([]);
  });
}

test("images are laid out at their size before they load, and load", async ({ page }) => {
  await skipDialogs(page);
  await page.goto("/en/news/3");
  const cover = page.locator("article img").first();
  await expect(cover).toHaveAttribute("width", "1200");
  await expect(cover).toHaveAttribute("height", "630");
  expect((await cover.boundingBox())?.height).toBe(400);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
});

test("structured data: Organization on the home page, NewsArticle on articles", async ({ page }) => {
  await skipDialogs(page);
  await page.goto("/de");
  const organization = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(organization["@type"]).toBe("Organization");
  expect(organization.address.addressCountry).toBe("DE");
  await page.goto("/de/news/2");
  const article = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(article).toMatchObject({ "@type": "NewsArticle", inLanguage: "de", datePublished: "2025-04-01" });
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/og\/site\.png$/);
});
