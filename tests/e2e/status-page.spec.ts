// The public status page against the demo fleet: both languages and themes at
// desktop and phone width, accessible, with nothing from other origins; a
// public service stopped and started again as the page, its JSON, its feed
// and its badge tell it; staff's words reaching the page; a private service
// nowhere; and the page without JavaScript. Screenshots in test-results/status-page/.
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations, skipDialogs, waitForIslands, watchPage } from "./helpers.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;
const SHOTS = join("test-results", "status-page");
/** The demo checks every 5 s; a change must show within a round or two, and a busy machine gets room. */
const SHOWN_WITHIN_MS = 45_000;
/** What the shipped configuration keeps private, and the hosts of the public ones. */
const NEVER_SHOWN = [
  "twitter-antispam",
  "Twitter antispam",
  "google-trends",
  "Google Trends",
  "yahoo-stock",
  "centron",
  "127.0.0.1",
  "HTTP 503",
  "mail-relay/",
];

// In order, one environment; a failure does not skip the tests after it (each builds the state it needs).
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { quiet: true, intervalSeconds: 5 });
});
test.afterAll(async () => env?.stop());

/** The banner's words for each overall state, in both languages. */
const BANNER = {
  operational: { en: "All systems operational", de: "Alle Systeme betriebsbereit" },
  degraded: { en: "Some systems are degraded", de: "Einige Systeme sind eingeschränkt" },
  "partial-outage": { en: "Partial outage", de: "Teilweiser Ausfall" },
  "major-outage": { en: "Major outage", de: "Größerer Ausfall" },
  maintenance: { en: "Maintenance in progress", de: "Wartung läuft" },
} as const;

const json = async (page: Page) =>
  (await (await page.request.get(`${env.origin}/api/status`)).json()) as {
    overall: string;
    services: { id: string; state: string }[];
  };
const text = async (page: Page, path: string) => (await page.request.get(`${env.origin}${path}`)).text();

for (const lang of ["en", "de"] as const) {
  test(`/${lang}/status in both themes at 1280 and 390 px: accessible, nothing from elsewhere, no errors`, async ({
    page,
  }) => {
    await skipDialogs(page);
    const watched = watchPage(page, env.origin);
    await expect.poll(async () => (await json(page)).overall, { timeout: SHOWN_WITHIN_MS }).toBe("operational");
    for (const width of [1280, 390]) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const response = await page.goto(`${env.origin}/${lang}/status`);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          lang === "en" ? "System status" : "Systemstatus",
        );
        // The fleet was operational a moment ago, but a starved machine can fail a round of checks:
        // whatever the state, the banner says it in the page's language.
        const overall = (await page.locator("[data-overall]").getAttribute("data-overall")) as keyof typeof BANNER;
        expect(Object.keys(BANNER)).toContain(overall);
        await expect(page.locator("[data-overall]")).toContainText(BANNER[overall][lang]);
        await expect(page.locator("[data-status-service]")).toHaveCount(4);
        await expect(page.locator('[data-status-service="mail-relay"]')).toContainText(
          lang === "en" ? "E-mail delivery" : "E-Mail-Zustellung",
        );
        await expect(
          page
            .getByRole("navigation", { name: lang === "en" ? "Main navigation" : "Hauptnavigation" })
            .getByRole("link", { name: lang === "en" ? "Status" : "Systemstatus" }),
        ).toHaveCount(width > 768 ? 1 : 0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeViolations(page)).toEqual([]);
        // A day's figures on focus, without a script.
        await page.locator('[data-status-service="mail-relay"] [role="img"]').last().focus();
        await page.screenshot({ path: join(SHOTS, `status-${lang}-${scheme}-${width}.png`), fullPage: true });
      }
    }
    const html = await page.content();
    for (const secret of NEVER_SHOWN) expect(html, secret).not.toContain(secret);
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", /\/de\/status$/);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      `/${lang}/status/rss.xml`,
    );
    expect(watched.errors).toEqual([]);
    expect(watched.foreignRequests).toEqual([]);
  });
}

test("each service's 90 days are one tab stop, and arrow keys, Home and End move between them", async ({ page }) => {
  await skipDialogs(page);
  await page.goto(`${env.origin}/en/status`);
  const days = page.locator('[data-status-service="mail-relay"] [role="img"]');
  // Quiet days with the same uptime are one element named by its range; together the elements are the 90 days.
  const spans = await days.evaluateAll((elements) =>
    elements.map((element) => ({
      days: Number((element as HTMLElement).style.getPropertyValue("--days") || 1),
      label: element.getAttribute("aria-label") ?? "",
    })),
  );
  expect(spans.reduce((sum, span) => sum + span.days, 0)).toBe(90);
  // At least the days before today and today (the demo fleet has no history before this run).
  expect(spans.length).toBeGreaterThanOrEqual(2);
  for (const span of spans) expect(span.label).toMatch(span.days > 1 ? / to .+, each day: / : /^\d+ \w+ \d{4}: /);
  const last = spans.length - 1;
  await waitForIslands(page);
  // Once the script runs, one day per service is reachable by Tab.
  await expect(page.locator('[data-status-service] [role="img"][tabindex="0"]')).toHaveCount(4);
  await expect(days.last()).toHaveAttribute("tabindex", "0");
  await days.last().focus();
  await page.keyboard.press("ArrowLeft");
  await expect(days.nth(last - 1)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(days.first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(days.last()).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  // Tab leaves the row; Shift+Tab comes back to the day last focused.
  await page.keyboard.press("Tab");
  await expect(days.nth(last - 1)).not.toBeFocused();
  expect(await days.evaluateAll((elements) => elements.some((element) => element === document.activeElement))).toBe(
    false,
  );
  await page.keyboard.press("Shift+Tab");
  await expect(days.nth(last - 1)).toBeFocused();
  await expect(days.nth(last - 1)).toHaveAttribute("tabindex", "0");
  await expect(days.last()).toHaveAttribute("tabindex", "-1");
});

/**
 * The open incident's row on the staff's alert list, reloading the list until it is there: the public state can say
 * "outage" a moment before the incident opens (or while the previous test's one is being resolved).
 */
async function openIncidentRow(page: Page, text: string) {
  const row = page.locator("tr[data-incident]").filter({ hasText: text }).first();
  await expect(async () => {
    await page.goto(`${env.origin}/admin/alerts?state=open`);
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: SHOWN_WITHIN_MS });
  return row;
}

test(
  "a public service stopped: the page, the JSON, the feed and the badge " +
    "say so within a round or two, and recover when it is back",
  async ({ page }) => {
    await expect.poll(async () => (await json(page)).overall, { timeout: SHOWN_WITHIN_MS }).toBe("operational");
    env.fleet.setStopped("mail-relay", true);
    try {
      await expect
        .poll(async () => (await json(page)).services.find((service) => service.id === "mail-relay")?.state, {
          timeout: SHOWN_WITHIN_MS,
        })
        .toBe("outage");
      await page.goto(`${env.origin}/en/status`);
      await expect(page.locator("[data-overall]")).toContainText("Partial outage");
      await expect(page.locator('[data-status-service="mail-relay"]')).toContainText("Outage");
      // Among the open incidents: a slow round earlier in the run may have left a resolved one of the same name.
      await expect(
        page.locator("#status-open").getByRole("heading", { name: "Disruption of E-mail delivery" }),
      ).toBeVisible();
      expect(await text(page, "/api/status/badge/mail-relay.svg")).toContain("E-mail delivery: down");
      expect(await text(page, "/de/status/rss.xml")).toContain(
        "<title>Störung: E-Mail-Zustellung (Untersuchung)</title>",
      );
    } finally {
      env.fleet.setStopped("mail-relay", false);
    }
    await expect.poll(async () => (await json(page)).overall, { timeout: SHOWN_WITHIN_MS }).toBe("operational");
    expect(await text(page, "/api/status/badge/mail-relay.svg")).toMatch(/E-mail delivery: up \d+\.\d\d%/);
    expect(await text(page, "/en/status/rss.xml")).toContain("<title>Disruption of E-mail delivery (Resolved)</title>");
    await expect
      .poll(async () => text(page, "/en/status"), { timeout: SHOWN_WITHIN_MS })
      .toContain("All systems operational");
    await expect
      .poll(async () => text(page, "/de/status"), { timeout: SHOWN_WITHIN_MS })
      .toContain("Alle Systeme betriebsbereit");
    await page.goto(`${env.origin}/en/status`);
    await expect(page.locator("#status-resolved")).toContainText("E-mail delivery is working normally again.");
    for (const secret of NEVER_SHOWN) {
      for (const path of [
        "/api/status",
        "/en/status/rss.xml",
        "/de/status/rss.xml",
        "/api/status/badge/mail-relay.svg",
      ])
        expect(await text(page, path), `${secret} in ${path}`).not.toContain(secret);
    }
    expect((await page.request.get(`${env.origin}/api/status/badge/twitter-antispam.svg`)).status()).toBe(404);
  },
);

test("staff's words on an incident reach the page in both languages", async ({ page }) => {
  env.fleet.setStopped("wordcloud-generation", true);
  try {
    await expect
      .poll(async () => (await json(page)).services.find((service) => service.id === "wordcloud-generation")?.state, {
        timeout: SHOWN_WITHIN_MS,
      })
      .toBe("outage");
    await signInToDashboard(page, env.origin);
    const row = await openIncidentRow(page, "Wordcloud generation on centron");
    await row.getByText("Status page update").click();
    await row.getByLabel("State").selectOption("identified");
    await row.getByLabel("Title (English)").fill("Word clouds are slow to draw");
    await row.getByLabel("Title (German)").fill("Wortwolken entstehen langsam");
    await row.getByLabel("Message (English)").fill("A renderer is overloaded; we are adding capacity.");
    await row.getByLabel("Message (German)").fill("Ein Renderer ist überlastet; wir erweitern die Kapazität.");
    await row.getByRole("button", { name: "Publish update" }).click();
    await expect(row.getByRole("status")).toContainText("Published");
    await expect
      .poll(async () => text(page, "/de/status"), { timeout: SHOWN_WITHIN_MS })
      .toContain("Wortwolken entstehen langsam");
    const german = await text(page, "/de/status");
    expect(german).toContain("Ein Renderer ist überlastet; wir erweitern die Kapazität.");
    expect(await text(page, "/en/status")).toContain("Word clouds are slow to draw");
  } finally {
    env.fleet.setStopped("wordcloud-generation", false);
  }
});

test(
  "staff's words with control characters are refused naming each field, " +
    "and the feeds stay well-formed XML in both languages",
  async ({ page }) => {
    await env.fleet.setStopped("wordcloud-generation", true);
    try {
      await expect
        .poll(async () => (await json(page)).services.find((service) => service.id === "wordcloud-generation")?.state, {
          timeout: SHOWN_WITHIN_MS,
        })
        .toBe("outage");
      await signInToDashboard(page, env.origin);
      const id = await (await openIncidentRow(page, "Wordcloud generation on centron")).getAttribute("data-incident");
      type Answer = { status: number; body: { fields?: Record<string, string>; updates?: unknown[] } };
      const call = (method: string, body?: object) =>
        page.evaluate(
          async ([path, method, body]) => {
            const init = body
              ? { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }
              : { method };
            const response = await fetch(path, init);
            return { status: response.status, body: await response.json() } as Answer;
          },
          [`/api/admin/incidents/${id}/status-updates`, method, body] as const,
        );
      const before = (await call("GET")).body.updates!.length;
      const refused = await call("POST", {
        state: "identified",
        titleEn: "Renderer\u0001 overloaded",
        titleDe: "Renderer überlastet\u0000",
        messageEn: "A bell\u0007 rings",
        messageDe: "Ein Escape\u001b[31m",
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fields!).sort()).toEqual(["messageDe", "messageEn", "titleDe", "titleEn"]);
      expect(refused.body.fields!.titleEn).toContain("control characters");
      expect((await call("GET")).body.updates).toHaveLength(before);

      const words = {
        state: "identified",
        titleEn: "Renderers <overloaded> & slow",
        titleDe: "Renderer «überlastet» & langsam",
        messageEn: "We add\tcapacity.\nMore soon.",
        messageDe: "Wir erweitern.\nBald mehr.",
      };
      expect((await call("POST", words)).status).toBe(201);
      for (const [lang, title] of [
        ["en", words.titleEn],
        ["de", words.titleDe],
      ] as const) {
        await expect
          .poll(async () => text(page, `/${lang}/status/rss.xml`), { timeout: SHOWN_WITHIN_MS })
          .toContain("Renderer");
        const feed = await text(page, `/${lang}/status/rss.xml`);
        // The browser's own XML parser: a feed reader drops a feed it cannot parse.
        const parsed = await page.evaluate((xml) => {
          const document = new DOMParser().parseFromString(xml, "application/xml");
          return {
            errors: document.getElementsByTagName("parsererror").length,
            titles: [...document.querySelectorAll("item > title")].map((node) => node.textContent),
          };
        }, feed);
        expect(parsed.errors, lang).toBe(0);
        expect(
          parsed.titles.some((found) => found?.startsWith(title)),
          `${lang}: ${parsed.titles.join(" | ")}`,
        ).toBe(true);
      }
    } finally {
      await env.fleet.setStopped("wordcloud-generation", false);
    }
  },
);

test("without JavaScript the page reads right, and /status answers in the visitor's language", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: "de-DE",
    extraHTTPHeaders: { "Accept-Language": "de-DE,de;q=0.9" },
  });
  const page = await context.newPage();
  await page.goto(`${env.origin}/status`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("[data-overall]")).toBeVisible();
  await expect(page.locator("[data-status-service]")).toHaveCount(4);
  // Without the script, Tab still reaches today in every service (and any day with something to tell).
  for (const service of await page.locator("[data-status-service]").all())
    await expect(service.locator('[role="img"]').last()).toHaveAttribute("tabindex", "0");
  await context.close();
  const sitemap = await (await fetch(`${env.origin}/sitemap.xml`)).text();
  for (const url of ["/status", "/en/status", "/de/status"]) expect(sitemap).toContain(`${url}</loc>`);
});
