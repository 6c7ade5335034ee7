// A team in the browser: an owner invites an operator by mail (a real SMTP
// receiver on loopback); the operator joins, enrols a passkey through
// Chromium's virtual authenticator, signs in with it alone and confirms a
// change with it; a TOTP user signs in with a code that then cannot be used
// again; a recovery code works once; a step-up (a sensitive change after ten
// minutes) asks the TOTP user for a code, never the password; a browser that
// guesses codes is held and told for how long; and the owner's audit page
// shows each step with who and when.
// Passkeys need a site name, not an address: the pages are opened on
// localhost, the server's own SITE_URL host.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { parseMail } from "#tests/peers/mail-server.ts";
import { freePort } from "#tests/peers/ports.ts";
import { totpCode, TOTP_PERIOD_SECONDS } from "#server/auth/totp.ts";
import { DASHBOARD_USER, signInToDashboard, startDashboardEnv } from "./dashboard-env.ts";
import { axeViolations } from "./helpers.ts";

const TOTP_USER = { username: "code-keeper", password: "a long authenticator passphrase 5" };
const INVITED = { email: "anna.ops@example.com", username: "anna.ops", password: "a long operator passphrase 9" };

/** The TOTP user's authenticator secret, once the test that enrols it has run (the tests run in order). */
const TOTP = { secret: "" };

let env: Awaited<ReturnType<typeof startDashboardEnv>>;
let site: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  env = await startDashboardEnv(await freePort(), { intervalSeconds: 10, quiet: true });
  site = `http://localhost:${new URL(env.origin).port}`;
  const { DATABASE_URL: _url, ...processEnv } = process.env;
  const created = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "create", TOTP_USER.username, "--password-stdin"],
    { input: `${TOTP_USER.password}\n`, env: { ...processEnv, DATA_DIR: env.dataDir }, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(`npm run admin -- create: ${created.stderr}`);
});
test.afterAll(async () => env?.stop());

async function signOut(page: Page) {
  expect(await page.evaluate(async () => (await fetch("/api/auth/sign-out", { method: "POST" })).status)).toBe(204);
}

async function passwordStep(page: Page, user: { username: string; password: string }) {
  await page.goto(`${site}/admin`);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Waits out the last seconds of a TOTP step, so a code made now is still the current one when it arrives. */
async function awayFromStepEdge() {
  const left = TOTP_PERIOD_SECONDS * 1000 - (Date.now() % (TOTP_PERIOD_SECONDS * 1000));
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** The invitation's link, from the mail the receiver got. */
async function invitationLink(to: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const mail = env.mail.received.find((received) => received.to.includes(to));
    expect(mail).toBeDefined();
    link = /https?:\/\/\S+\/admin\/invitation#\S+/.exec(parseMail(mail!.raw).text)?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 20_000 });
  return link;
}

test("an owner invites an operator, who joins, enrols a passkey and signs in with it alone", async ({ browser }) => {
  const owner = await browser.newPage();
  await signInToDashboard(owner, site);
  await owner.getByRole("link", { name: "Staff" }).click();
  await owner.waitForURL(`${site}/admin/staff`);
  await owner.getByLabel("E-mail").fill(INVITED.email);
  await owner.getByLabel("Role", { exact: true }).selectOption("operator");
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByRole("status")).toContainText(/invit/i);
  const link = await invitationLink(INVITED.email);
  expect(new URL(link).origin).toBe(site);

  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto(link);
  await expect(page.getByText(/invited as operator/i)).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(INVITED.username);
  await page.getByLabel("Password", { exact: true }).fill(INVITED.password);
  await page.getByLabel("Confirm password").fill(INVITED.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${site}/admin/account`);

  await page.getByLabel("Passkey label").fill("Laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("list", { name: "New recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByText("Laptop")).toBeVisible();

  await signOut(page);
  await page.goto(`${site}/admin`);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await page.waitForURL(`${site}/admin/dashboard`);
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json());
  expect(session).toMatchObject({ user: { username: INVITED.username, role: "operator" } });
  await expect(page.getByRole("link", { name: "Staff" })).toHaveCount(0);

  // Ten minutes on, a change to the factors is confirmed with the passkey.
  await page.goto(`${site}/admin/account`);
  ageLastProof(INVITED.username);
  page.once("dialog", (prompt) => void prompt.accept());
  await page.getByRole("button", { name: "Create new recovery codes" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
  await expect(dialog).toContainText("a recovery code or your passkey");
  await expect(dialog.getByLabel("Password")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Use a passkey" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "New recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await context.close();
  await owner.close();
});

test("a TOTP user signs in with a code, the same code twice is refused, and a recovery code works once", async ({
  page,
}) => {
  await passwordStep(page, TOTP_USER);
  await page.waitForURL(`${site}/admin/dashboard`);
  await page.goto(`${site}/admin/account`);
  await page.getByRole("button", { name: "Add an authenticator app" }).click();
  const secret = (await page
    .locator("code")
    .filter({ hasText: /^[A-Z2-7]{16,}$/ })
    .textContent())!.trim();
  TOTP.secret = secret;
  // The step before this one (one step of drift): the sign-in below then has the current step to itself.
  await awayFromStepEdge();
  const setupCode = totpCode(secret, Date.now() - TOTP_PERIOD_SECONDS * 1000);
  await page.getByLabel("Authentication code", { exact: true }).fill(setupCode);
  await page.getByRole("button", { name: "Verify" }).click();
  const codes = page.getByRole("list", { name: "New recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await signOut(page);

  await awayFromStepEdge();
  const code = totpCode(secret, Date.now());
  await passwordStep(page, TOTP_USER);
  await page.getByLabel("Authentication code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(`${site}/admin/dashboard`);
  await signOut(page);

  await passwordStep(page, TOTP_USER);
  await page.getByLabel("Authentication code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid code");
  await expect(page).toHaveURL(`${site}/admin`);

  for (const outcome of ["accepted", "refused"]) {
    await page.context().clearCookies();
    await passwordStep(page, TOTP_USER);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recovery);
    await page.getByRole("button", { name: "Verify" }).click();
    if (outcome === "accepted") await page.waitForURL(`${site}/admin/dashboard`);
    else await expect(page.getByRole("alert")).toHaveText("This recovery code has already been used.");
  }
});

/** Makes the account's sessions' last proof older than ten minutes: the next sensitive change asks to confirm. */
function ageLastProof(username: string) {
  const db = new SQLite(join(env.dataDir, "app.db"));
  try {
    db.prepare(
      "update sessions set verified_at = 1 where user_id = (select id from staff_users where username = ?)",
    ).run(username);
  } finally {
    db.close();
  }
}

test("a step-up asks the TOTP user for a code, not the password, in light and dark", async ({ page }, testInfo) => {
  // A step of its own: the last test's sign-in may have used this one's code, and each is good once.
  const period = TOTP_PERIOD_SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, period - (Date.now() % period) + 100));
  const start = Date.now();
  await passwordStep(page, TOTP_USER);
  await page.getByLabel("Authentication code", { exact: true }).fill(totpCode(TOTP.secret, start));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(`${site}/admin/dashboard`);
  const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
  const code = dialog.getByLabel("Authentication or recovery code");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site}/admin/account`);
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    ageLastProof(TOTP_USER.username);
    page.once("dialog", (prompt) => void prompt.accept());
    await page.getByRole("button", { name: "Create new recovery codes" }).click();
    await expect(dialog).toBeVisible();
    await expect(code).toBeVisible();
    await expect(dialog.getByLabel("Password")).toHaveCount(0);
    await expect(dialog).toContainText("Your account has a second factor");
    expect(await axeViolations(page), scheme).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`confirm-dialog-${scheme}.png`) });
    if (scheme === "dark") break;
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was changed");
  }

  await code.fill("000000");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toContainText("That code is not right");
  // The next step's code: the sign-in used this step's, and each is good once.
  await code.fill(totpCode(TOTP.secret, start + period));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "New recovery codes" }).getByRole("listitem")).toHaveCount(10);
});

// Before the guessing below: it spends the account's codes for the day, and the second step would then be held.
for (const [scheme, width] of [
  ["light", 1280],
  ["dark", 390],
] as const) {
  test(`the team's pages have no axe violations (${scheme}, ${width} px) and fit the screen`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    try {
      const pages: [string, () => Promise<void>][] = [
        ["/admin/staff", () => expect(page.getByRole("heading", { name: "Team" })).toBeVisible()],
        ["/admin/account", () => page.getByRole("button", { name: "Add an authenticator app" }).click()],
        ["/admin/invitation#not-a-token", () => expect(page.getByText("This invitation is not valid")).toBeVisible()],
      ];
      await signInToDashboard(page, site);
      for (const [path, ready] of pages) {
        await page.goto(`${site}${path}`);
        await ready();
        expect(await axeViolations(page), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
      await page.context().clearCookies();
      await passwordStep(page, TOTP_USER);
      await expect(page.getByLabel("Authentication code", { exact: true })).toBeVisible();
      expect(await axeViolations(page), "the second step").toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("a new browser guessing codes is held for the account's day, and told how long and what else works", async ({
  page,
}) => {
  await passwordStep(page, TOTP_USER);
  const code = page.getByLabel("Authentication code", { exact: true });
  const alert = page.getByRole("alert");
  const period = TOTP_PERIOD_SECONDS * 1000;
  for (let guess = 0; guess < 12; guess += 1) {
    const valid = [-1, 0, 1].map((step) => totpCode(TOTP.secret, Date.now() + step * period));
    await code.fill(String(123000 + guess + (valid.includes(String(123000 + guess)) ? 500 : 0)));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(alert).toContainText(/Invalid code|Too many/);
    const said = (await alert.textContent()) ?? "";
    if (said.includes("Too many wrong codes")) break;
    // The client's short pause between failures (seconds) is not the account's hold: wait it out and guess on.
    const pause = /try again in (\d+) seconds?/.exec(said);
    if (pause) await page.waitForTimeout(Number(pause[1]) * 1000 + 200);
  }
  const wait = String.raw`\d+ hours?( \d+ minutes?)?`;
  await expect(alert).toHaveText(
    new RegExp(
      String.raw`^Too many wrong codes were tried for this account\. Please try again in ${wait}, ` +
        String.raw`or use a recovery code or a passkey\.$`,
    ),
  );
});

test("the owner's audit page shows each of those steps with who and when", async ({ page }) => {
  await signInToDashboard(page, site);
  await page.goto(`${site}/admin/audit`);
  const row = (action: string, who: string) =>
    page.getByRole("row").filter({ hasText: action }).filter({ hasText: who }).first();
  const steps: [string, string][] = [
    ["invitation.sent", DASHBOARD_USER.username],
    ["invitation.accepted", INVITED.username],
    ["factor.added", INVITED.username],
    ["sign-in.succeeded", INVITED.username],
    ["factor.added", TOTP_USER.username],
    ["sign-in.succeeded", TOTP_USER.username],
    ["sign-in.failed", TOTP_USER.username],
    ["confirm.failed", TOTP_USER.username],
    ["confirm.succeeded", TOTP_USER.username],
    ["recovery-codes.created", TOTP_USER.username],
  ];
  for (const [action, who] of steps) {
    await expect(row(action, who), `${action} by ${who}`).toBeVisible();
    expect(await row(action, who).locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
  }
  await expect(page.getByRole("row").filter({ hasText: "passkey" }).first()).toContainText(INVITED.username);
  await expect(page.getByRole("row").filter({ hasText: "recovery-code" }).first()).toContainText(TOTP_USER.username);
});
