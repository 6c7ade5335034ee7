// The sign-in, its second step, the account page, the team page with its invite form and the role refusal in
// German: a browser that asks for German gets them so, an authenticator app is added and used in German, an
// invitation sent in German is mailed in German and listed as such. At 390 and 1280 px wide, light and dark,
// with axe, nothing wider than the screen (long German words included).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { parseMail } from "#tests/peers/mail-server.ts";
import { totpCode } from "#server/auth/totp.ts";
import { axeViolations } from "./helpers.ts";
import { OWNER, startStaffServer, VIEWS, type Account, type View } from "./staff-server.ts";

const SHOTS = join("test-results", "german-account-team-screens");
const VIEWER = { username: "betrachterin", password: "eine lange Passphrase zum Lesen 8" };
const OPERATOR = { username: "bereitschaft", password: "eine lange Passphrase mit Faktor 6" };

let server: Awaited<ReturnType<typeof startStaffServer>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A server of its own and two processes of the command line: a minute or more on a busy machine.
  test.setTimeout(240_000);
  server = await startStaffServer();
  server.create(VIEWER, "viewer");
  server.create(OPERATOR, "operator");
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => server?.stop());

/** A German browser (Accept-Language de) in the view's theme and width. */
async function germanPage(browser: Browser, view: View): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: view.scheme,
    viewport: { width: view.width, height: 900 },
    locale: "de-DE",
  });
  return context.newPage();
}

/** Nothing wider than the screen, nothing axe finds, and a screenshot to look at. */
async function looksRight(page: Page, view: View, name: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(view.width);
  expect(await axeViolations(page), name).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${name}-${view.scheme}-${view.width}.png`, fullPage: true });
}

async function passwordStep(page: Page, account: Account) {
  await page.goto(`${server.origin}/admin`);
  await page.getByLabel("Benutzername").fill(account.username);
  await page.getByLabel("Passwort", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

test("an authenticator app is added on the German account page and asked for by the German second step", async ({
  browser,
}) => {
  const view = VIEWS[2];
  const page = await germanPage(browser, view);
  await passwordStep(page, OPERATOR);
  await page.waitForURL(`${server.origin}/admin/dashboard`);
  await page.goto(`${server.origin}/admin/account`);
  await page.getByRole("button", { name: "Authenticator-App hinzufügen" }).click();
  await expect(page.getByRole("img", { name: "QR-Code für Ihre Authenticator-App" })).toBeVisible();
  const secret = (await page
    .locator("code")
    .filter({ hasText: /^[A-Z2-7]{16,}$/ })
    .textContent())!.trim();
  await page.getByLabel("Bestätigungscode", { exact: true }).fill(totpCode(secret, Date.now()));
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByRole("status")).toHaveText("Die Authenticator-App ist hinzugefügt.");
  const codes = page.getByRole("list", { name: "Neue Wiederherstellungscodes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByText("Noch 10 Wiederherstellungscodes.", { exact: false })).toBeVisible();
  // The code that proved the app counts as its first use.
  await expect(page.getByRole("listitem").filter({ hasText: "(Authenticator-App, hinzugefügt am " })).toContainText(
    "zuletzt verwendet",
  );
  await looksRight(page, view, "account-totp-de");
  const recovery = (await codes.first().textContent())!.trim();

  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await page.waitForURL(`${server.origin}/admin`);
  await passwordStep(page, OPERATOR);
  await expect(
    page.getByText("Ihr Passwort ist richtig. Geben Sie den Code aus Ihrer Authenticator-App ein"),
  ).toBeVisible();
  await expect(page.getByLabel("Bestätigungscode", { exact: true })).toBeFocused();
  await looksRight(page, view, "second-step-de");
  await page.getByRole("button", { name: "Stattdessen einen Wiederherstellungscode verwenden" }).click();
  await page.getByLabel("Wiederherstellungscode", { exact: true }).fill("wrong-wrong");
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.getByLabel("Wiederherstellungscode", { exact: true }).fill(recovery);
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await page.waitForURL(`${server.origin}/admin/dashboard`);
  await page.context().close();
});

for (const view of VIEWS) {
  test(`the sign-in, account and team pages speak German, and an invitation goes out in German (${view.scheme}, ${
    view.width
  } px)`, async ({ browser }) => {
    const page = await germanPage(browser, view);
    await page.goto(`${server.origin}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "Admin-Dashboard" })).toBeVisible();
    await expect(page).toHaveTitle("Anmelden – Admin-Dashboard");
    await page.getByLabel("Passwort", { exact: true }).fill("x");
    await expect(page.getByRole("button", { name: "Passwort anzeigen" })).toBeVisible();
    await looksRight(page, view, "sign-in-de");

    await passwordStep(page, OWNER);
    await page.waitForURL(`${server.origin}/admin/dashboard`);
    await page.goto(`${server.origin}/admin/account`);
    await expect(page.getByRole("heading", { level: 1, name: "Ihr Konto" })).toBeVisible();
    await expect(page.getByText(`Angemeldet als ${OWNER.username} (keine E-Mail-Adresse, Rolle owner).`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Wiederherstellungscodes" })).toBeVisible();
    await expect(page.getByText("Enthält nicht Ihren Benutzernamen")).toBeVisible();
    await expect(page.getByLabel("Ihre Sitzungen (seitwärts scrollbar)")).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Zuletzt aktiv" })).toBeVisible();
    await looksRight(page, view, "account-de");

    await page.goto(`${server.origin}/admin/staff`);
    await expect(page.getByRole("heading", { level: 1, name: "Mitarbeiter" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Zweiten Faktor für alle Mitarbeiter verlangen" })).toBeVisible();
    const email = `neu-${view.scheme}-${view.width}@example.com`;
    const language = page.getByLabel("Sprache", { exact: true });
    // The inviter's staff language is where the choice starts.
    await expect(language).toHaveValue("de");
    await page.getByLabel("E-Mail", { exact: true }).fill(email);
    await page.getByLabel("Rolle", { exact: true }).selectOption("operator");
    await page.getByRole("button", { name: "Einladung senden" }).click();
    await expect(page.getByRole("status")).toHaveText(`Eine Einladung an ${email} ist unterwegs.`);
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row.getByRole("cell", { name: "Deutsch", exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Die Einladung an ${email} zurückziehen` })).toBeVisible();
    await expect(async () => {
      const mail = server.mail.received.find((received) => received.to.includes(email));
      expect(mail).toBeDefined();
      expect(parseMail(mail!.raw).text).toContain("lädt Sie als operator in den Mitarbeiterbereich");
    }).toPass({ timeout: 20_000 });
    await looksRight(page, view, "team-de");
    await page.context().close();
  });

  test(`a viewer refused the team page is told why in German (${view.scheme}, ${view.width} px)`, async ({
    browser,
  }) => {
    const page = await germanPage(browser, view);
    await passwordStep(page, VIEWER);
    await page.waitForURL(`${server.origin}/admin/dashboard`);
    const response = await page.goto(`${server.origin}/admin/staff`);
    expect(response?.status()).toBe(403);
    await expect(page).toHaveTitle("Nicht erlaubt – Admin-Dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nicht erlaubt");
    await expect(page.getByRole("alert")).toHaveText("Ihre Rolle (viewer) darf keine Mitarbeiterkonten verwalten.");
    await expect(page.getByText("Ein owner Ihres Teams kann Ihre Rolle ändern.")).toBeVisible();
    await looksRight(page, view, "refusal-de");
    await page.getByRole("link", { name: "Zurück zum Dashboard" }).click();
    await page.waitForURL(`${server.origin}/admin/dashboard`);
    await page.context().close();
  });
}
