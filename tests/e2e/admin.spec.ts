import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { axeViolations } from "./helpers.ts";

function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  return violations;
}

async function signIn(page: Page, username = E2E_ADMIN.username, password = E2E_ADMIN.password) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("the sign-in page: disabled until both fields are filled, show/hide, busy label, wrong password message", async ({
  page,
}) => {
  const csp = watchCsp(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const button = page.getByRole("button", { name: "Sign In" });
  await expect(button).toBeDisabled();
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await expect(button).toBeDisabled();
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("not the password at all");
  await expect(button).toBeEnabled();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveAttribute("autocomplete", "current-password");

  // Hold the answer to see the busy state.
  let release = () => {};
  let held = () => {};
  const requestHeld = new Promise<void>((resolve) => (held = resolve));
  await page.route("**/api/auth/sign-in", async (route) => {
    await new Promise<void>((resolve) => {
      release = resolve;
      held();
    });
    await route.continue();
  });
  await button.click();
  const busy = page.getByRole("button", { name: "Signing in..." });
  await expect(busy).toBeDisabled();
  await requestHeld;
  release();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials. Please try again.");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  expect(csp).toEqual([]);
});

test("the guard sends a visitor without a session to the sign-in page, replacing the history entry", async ({
  page,
}) => {
  await page.goto("/en");
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/en$/);
});

test("sign in -> dashboard -> logout -> Back does not show the dashboard", async ({ page }) => {
  const csp = watchCsp(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Signed in as ${E2E_ADMIN.username}`)).toBeVisible();
  // A signed-in visitor going to the sign-in page lands on the dashboard.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goBack();
  await expect(page.getByText(`Signed in as ${E2E_ADMIN.username}`)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
  expect(csp).toEqual([]);
});

test("the session cookie is HttpOnly and invisible to scripts", async ({ page, context }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const cookie = (await context.cookies()).find((c) => c.name === "session" || c.name === "__Host-session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("session=");
});

test("security headers on prerendered pages, server-rendered pages, static files and the API", async ({ request }) => {
  const page = await request.get("/en/about");
  const csp = page.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  for (const response of [
    page,
    await request.get("/admin"),
    await request.get("/favicon.svg"),
    await request.get("/api/auth/session"),
  ]) {
    const headers = response.headers();
    expect(headers["content-security-policy"], response.url()).toContain("default-src 'none'");
    expect(headers["x-content-type-options"], response.url()).toBe("nosniff");
    expect(headers["referrer-policy"], response.url()).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"], response.url()).toBe("same-origin");
    expect(headers["cross-origin-resource-policy"], response.url()).toBe("same-origin");
    expect(headers["permissions-policy"], response.url()).toBeTruthy();
  }
  const admin = await request.get("/admin");
  const nonce = /'nonce-([^']+)'/.exec(admin.headers()["content-security-policy"]!)?.[1];
  expect(nonce).toBeTruthy();
  expect(await admin.text()).toContain(`nonce="${nonce}"`);
  expect(admin.headers()["cache-control"]).toBe("no-store");
});

test(
  "the dashboard checks the session every 30 s, refreshes it " + "when under 90 s remain, and leaves when it is gone",
  async ({ page }) => {
    await page.clock.install();
    await page.goto("/admin");
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    // From here the page's time moves only when the test moves it: the dashboard's 30 s timer starts at a known
    // moment, however long a busy machine takes to sign in and render.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText(`Signed in as ${E2E_ADMIN.username}`)).toBeVisible();
    const calls: string[] = [];
    let remainingMs = 60_000;
    let signedIn = true;
    await page.route("**/api/auth/session", async (route) => {
      calls.push("session");
      if (!signedIn) return route.fulfill({ status: 401, json: { error: "Not signed in" } });
      const clockNow = await page.evaluate(() => Date.now());
      return route.fulfill({
        json: { user: { id: 1, username: E2E_ADMIN.username, email: "" }, expiresAt: clockNow + remainingMs },
      });
    });
    await page.route("**/api/auth/refresh", (route) => {
      calls.push("refresh");
      return route.fulfill({ json: { expiresAt: Date.now() + 30 * 60_000 } });
    });
    await page.clock.runFor(29_000);
    expect(calls).toEqual([]);
    await page.clock.runFor(1_000);
    await expect.poll(() => calls).toEqual(["session", "refresh"]);
    remainingMs = 10 * 60_000;
    await page.clock.runFor(30_000);
    await expect.poll(() => calls).toEqual(["session", "refresh", "session"]);
    // The session ends on the server (as after a password reset elsewhere).
    signedIn = false;
    expect((await page.request.post("/api/auth/sign-out")).status()).toBe(204);
    await page.clock.runFor(30_000);
    await expect.poll(() => calls.length).toBe(4);
    await page.clock.runFor(150);
    await expect(page).toHaveURL(/\/admin$/);
  },
);

test("the sign-in page is accessible in both themes", async ({ page }) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/admin");
    await page.getByLabel("Username").fill("someone");
    expect(await axeViolations(page)).toEqual([]);
  }
});
