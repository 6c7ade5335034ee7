import { expect, test } from "@playwright/test";
import { LANGS, localized, PUBLIC_PATHS, skipDialogs } from "./helpers.ts";

test.beforeEach(async ({ page }) => skipDialogs(page));

test("an unknown path answers 404 with the not-found page and logs the path", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  const response = await page.goto("/en/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/en");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect.poll(() => logged.some((text) => text.includes("/en/no-such-page"))).toBe(true);
});

test(
  "unknown paths are answered from memory: the prerendered page, " +
    "status 404, in the prefix's or the visitor's language",
  async ({ request }) => {
    for (const [path, headers, heading] of [
      ["/en/wp-login.php", {}, "Oops! Page not found"],
      ["/de/gibt-es-nicht?x=1", {}, "Hoppla! Seite nicht gefunden"],
      ["/no-such-page", { "accept-language": "de-DE,de;q=0.9" }, "Hoppla! Seite nicht gefunden"],
    ] as const) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBe(404);
      // Files from memory skip the app, which tags every answer it makes.
      expect(response.headers()["x-request-id"], path).toBeUndefined();
      expect(response.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
      expect(await response.text()).toContain(heading);
    }
  },
);

test("the not-found page speaks the visitor's language", async ({ page }) => {
  const response = await page.goto("/de/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: "Hoppla! Seite nicht gefunden" })).toBeVisible();
});

test("HTTP: unknown assets are plain 404s and trailing slashes redirect to the one URL", async ({ request }) => {
  const asset = await request.get("/assets/missing.js");
  expect(asset.status()).toBe(404);
  expect(asset.headers()["content-type"]).toContain("text/plain");
  const slash = await request.get("/en/about/?x=1", { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers()["location"]).toBe("/en/about?x=1");
});

test("every page's title names the site, the not-found page's too", async ({ request }) => {
  const title = async (path: string) =>
    /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1] ?? "";
  for (const lang of LANGS) {
    for (const path of PUBLIC_PATHS)
      expect(await title(localized(lang, path)), localized(lang, path)).toContain("Muster Digital");
  }
  expect(await title("/en/no-such-page")).toBe("Page not found – Muster Digital");
  expect(await title("/de/gibt-es-nicht")).toBe("Seite nicht gefunden – Muster Digital");
});
