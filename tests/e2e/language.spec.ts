import { expect, test } from "@playwright/test";
import { E2E_SITE_URL } from "../../playwright.config.ts";
import { LANGS, localized, PUBLIC_PATHS, skipDialogs } from "./helpers.ts";

test.beforeEach(async ({ page }) => skipDialogs(page));

test("the language button moves to the same page in the other language and stores the choice", async ({
  page,
  context,
}) => {
  await page.goto("/en/careers");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(/\/de\/careers$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Werden Sie Teil unseres Teams");
  expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("de");
  const cookie = (await context.cookies()).find((c) => c.name === "preferredLanguage");
  expect(cookie?.value).toBe("de");
  expect(cookie?.sameSite).toBe("Lax");

  // The stored choice now decides the language of unprefixed URLs, without a redirect.
  const response = await page.goto("/careers");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/careers$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/careers$/);
  expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("en");
});

test(
  "the language stored in the browser comes first on unprefixed pages, " +
    "without a flash of the other one, and the cookie follows it",
  async ({ page, context }) => {
    // Every document that got as far as DOMContentLoaded: its language, and whether it could be seen.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        const seen = JSON.parse(sessionStorage.getItem("seen") ?? "[]") as string[];
        seen.push(`${document.documentElement.lang} ${getComputedStyle(document.documentElement).visibility}`);
        sessionStorage.setItem("seen", JSON.stringify(seen));
      }),
    );
    await page.goto("/en/contact");
    await page.evaluate(() => {
      localStorage.setItem("preferredLanguage", "de");
      sessionStorage.removeItem("seen");
    });
    // The cookie is gone (expired, cleared); the browser asks for English.
    await context.clearCookies();
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.goto("/about", { waitUntil: "commit" });
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über uns");
    await expect(page).toHaveURL(/\/about$/);
    const cookie = (await context.cookies()).find((c) => c.name === "preferredLanguage");
    expect(cookie).toMatchObject({ value: "de", sameSite: "Lax", path: "/" });
    const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem("seen") ?? "[]") as string[]);
    expect(seen).not.toContain("en visible");
    expect(seen.at(-1)).toBe("de visible");
    expect(documents).toEqual(["/about", "/about"]);

    // From now on the server knows it: one request, German at once.
    documents.length = 0;
    await page.goto("/careers");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect(documents).toEqual(["/careers"]);
    // A URL that names its language keeps it.
    await page.goto("/en/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
  },
);

test("each page carries canonical and hreflang alternates at the origin the server was started with", async ({
  page,
}) => {
  const origin = E2E_SITE_URL;
  await page.goto("/de/about");
  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/de/about`);
  await expect(head.locator('link[hreflang="en"]')).toHaveAttribute("href", `${origin}/en/about`);
  await expect(head.locator('link[hreflang="de"]')).toHaveAttribute("href", `${origin}/de/about`);
  await expect(head.locator('link[hreflang="x-default"]')).toHaveAttribute("href", `${origin}/about`);
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}/de/about`);
  await page.goto("/about");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/about`);
  // A page rendered on request names the same origin as the prerendered ones.
  await page.goto("/en/news?page=2");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/en/news?page=2`);
  // So does the home page's structured data.
  await page.goto("/en");
  const organization = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  ) as { url?: string };
  expect(organization.url).toBe(origin);
});

test("the sitemap lists every page with its alternates and robots.txt points to it", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect((await robots.text()).split("\n")).toContain(`Sitemap: ${E2E_SITE_URL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of ["/en/about", "/de/about", "/about", "/en/privacy-policy", "/de", "/en/status", "/status"]) {
    expect(xml).toContain(`<loc>${E2E_SITE_URL}${path}</loc>`);
  }
  // 12 pages (the status page among them) and 15 articles, each at three URLs.
  expect(xml.match(/<url>/g)?.length).toBe(27 * 3);
  expect(xml.match(/hreflang="x-default"/g)?.length).toBe(27 * 3);
  expect(xml).toContain("/de/news/15</loc>");
  expect(xml).not.toContain("site-origin.invalid");
});

test("the feeds link to the articles at the server's origin, compressed or not", async ({ request }) => {
  for (const encoding of ["br", "gzip", "identity"]) {
    const feed = await request.get("/de/news/rss.xml", { headers: { "accept-encoding": encoding } });
    const xml = await feed.text();
    expect(xml).toContain(`<link>${E2E_SITE_URL}/de/news</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">${E2E_SITE_URL}/de/news/1</guid>`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every public page shows its content in its language", async ({ page }) => {
    for (const lang of LANGS) {
      for (const path of PUBLIC_PATHS) {
        const response = await page.goto(localized(lang, path));
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
    }
  });

  test("prefixed pages show their language", async ({ page }) => {
    await page.goto("/de/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über uns");
    await page.goto("/en/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
  });

  test("unprefixed pages follow the stored cookie, then Accept-Language", async ({ browser, baseURL }) => {
    const german = await browser.newContext({ javaScriptEnabled: false, locale: "de-DE" });
    const page = await german.newPage();
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über uns");
    await german.addCookies([{ name: "preferredLanguage", value: "en", url: baseURL! }]);
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await german.close();

    const english = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
    const second = await english.newPage();
    await second.goto("/");
    await expect(second.locator("html")).toHaveAttribute("lang", "en");
    await english.close();
  });

  test("menus still open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/en");
    await page.locator("summary:visible", { hasText: "Menu" }).click();
    await expect(page.locator("#mobile-menu").getByRole("link", { name: "Careers" })).toBeVisible();
  });
});
