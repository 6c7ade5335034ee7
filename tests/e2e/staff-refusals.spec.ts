// Role refusals as pages: a viewer or an operator who opens an owner's page gets a 403 page inside the staff area,
// with the permission check's own sentence (the API's) and the way back to the dashboard, in both themes at a
// phone's and a desktop's width; a signed-out visitor is still sent to the sign-in. The staff area speaks English.
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./helpers.ts";
import { signIn, SHOTS, startStaffServer, viewContext, VIEWS } from "./staff-server.ts";

const VIEWER = { username: "watcher", password: "a long viewer passphrase 3" };
const OPERATOR = { username: "runner", password: "a long operator passphrase 4" };

const OWNER_PAGES = [
  { path: "/admin/staff", action: "manage staff accounts" },
  { path: "/admin/audit", action: "read the audit trail" },
  { path: "/admin/subscribers", action: "see or remove status page subscribers" },
];

let server: Awaited<ReturnType<typeof startStaffServer>>;

test.beforeAll(async () => {
  // A server of its own and two processes of the command line: a minute or more on a busy machine.
  test.setTimeout(240_000);
  server = await startStaffServer();
  server.create(VIEWER, "viewer");
  server.create(OPERATOR, "operator");
});
test.afterAll(async () => server?.stop());

async function expectRefusal(page: Page, path: string, sentence: string) {
  const response = await page.goto(`${server.origin}${path}`);
  expect(response?.status(), path).toBe(403);
  await expect(page).toHaveTitle("Not allowed – Admin Dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not allowed");
  await expect(page.getByRole("alert")).toHaveText(sentence);
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
}

for (const view of VIEWS) {
  test(`a viewer refused an owner's page sees why and the way back (${view.scheme}, ${view.width} px)`, async ({
    browser,
  }) => {
    const context = await viewContext(browser, view);
    const page = await context.newPage();
    try {
      await signIn(page, server.origin, VIEWER);
      await expectRefusal(page, "/admin/staff", "Your role (viewer) may not manage staff accounts.");
      await expect(page.locator("html")).toHaveClass(view.scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);
      await page.screenshot({ path: join(SHOTS, `refusal-${view.scheme}-${view.width}.png`), fullPage: true });
      await page.getByRole("link", { name: "Back to the dashboard" }).click();
      await page.waitForURL(`${server.origin}/admin/dashboard`);
    } finally {
      await context.close();
    }
  });
}

test("every owner's page refuses a viewer and an operator with its own sentence, after hydration too", async ({
  page,
}) => {
  for (const account of [VIEWER, OPERATOR]) {
    const role = account === VIEWER ? "viewer" : "operator";
    await signIn(page, server.origin, account);
    for (const { path, action } of OWNER_PAGES)
      await expectRefusal(page, path, `Your role (${role}) may not ${action}.`);
    // The page is hydrated: its links work as the staff area's do.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.waitForURL(`${server.origin}/admin/dashboard`);
    await page.context().clearCookies();
  }
  // The pages every role may open stay open.
  await signIn(page, server.origin, VIEWER);
  for (const path of ["/admin/account", "/admin/alerts", "/admin/messages"]) {
    expect((await page.goto(`${server.origin}${path}`))?.status(), path).toBe(200);
  }
});

test("a signed-out visitor who opens an owner's page is sent to the sign-in", async ({ page }) => {
  for (const { path } of OWNER_PAGES) {
    await page.goto(`${server.origin}${path}`);
    await page.waitForURL(`${server.origin}/admin`);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  }
});
