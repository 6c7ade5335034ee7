// Single sign-on in the browser: a real OpenID provider on loopback
// (oidc-provider, with its own login form), the sign-in page's link, the
// provider's form, and back on the dashboard with the role the provider's
// claim gives; a person without a known role is refused with a message.
import { expect, test, type Page } from "@playwright/test";
import { startOidcProvider, type ProviderAccounts } from "#tests/peers/oidc-provider.ts";
import { freePort } from "#tests/peers/ports.ts";
import { startDashboardEnv } from "./dashboard-env.ts";

let env: Awaited<ReturnType<typeof startDashboardEnv>>;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let site: string;
const accounts: ProviderAccounts = new Map([
  ["sub-olga", { preferred_username: "olga", email: "olga@example.org", role: "operator" }],
  ["sub-nobody", { preferred_username: "nobody", email: "nobody@example.org" }],
]);

test.beforeAll(async () => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  provider = await startOidcProvider({
    clientId: "staff-area",
    clientSecret: "a test client secret of some length",
    redirectUri: `${site}/api/auth/oidc/callback`,
    accounts,
  });
  env = await startDashboardEnv(port, {
    quiet: true,
    env: {
      SITE_URL: site,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: "staff-area",
      OIDC_CLIENT_SECRET: "a test client secret of some length",
    },
  });
});
test.afterAll(async () => {
  await env?.stop();
  await provider?.stop();
});

async function throughProvider(page: Page, login: string) {
  await page.goto(`${site}/admin`);
  await page.getByRole("link", { name: "Sign in with single sign-on" }).click();
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
}

test("a person signs in through the identity provider and gets the role of its claim", async ({ page }) => {
  await throughProvider(page, "sub-olga");
  await page.waitForURL(`${site}/admin/dashboard`);
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json());
  expect(session).toMatchObject({ user: { username: "olga", role: "operator", email: "olga@example.org" } });
  await expect(page.getByRole("link", { name: "Staff" })).toHaveCount(0);
});

test("a person the provider gives no known role is refused, and the page says so", async ({ page }) => {
  await throughProvider(page, "sub-nobody");
  await page.waitForURL(`${site}/admin?sso=failed`);
  await expect(page.getByRole("alert")).toContainText("Single sign-on failed");
  expect(await page.evaluate(async () => (await fetch("/api/auth/session")).status)).toBe(401);
});
