// The sign-in's and the staff forms' details: the second step's switch names what it does next and changes the
// field with it; a reused recovery code is told it was used; the account page signs out (also for someone held
// there until they add a second factor) and invents no e-mail address; the invite form starts at viewer and names
// the e-mail field's rule beside it; every password-setting form lists the rules up front and ticks them off.
// In both themes at a phone's and a desktop's width, with axe. The staff area speaks English.
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { parseMail } from "#tests/peers/mail-server.ts";
import { axeViolations } from "./helpers.ts";
import {
  enrolAuthenticator,
  OWNER,
  signIn,
  SHOTS,
  startStaffServer,
  viewContext,
  VIEWS,
  type Account,
  type View,
} from "./staff-server.ts";

const KEEPER = { username: "code-keeper", password: "a long authenticator passphrase 5" };
const HELD = { username: "held-viewer", password: "a long held passphrase 6" };
const INVITED = "dana@example.com";

let server: Awaited<ReturnType<typeof startStaffServer>>;
let recoveryCodes: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  // A server of its own and two processes of the command line: a minute or more on a busy machine.
  test.setTimeout(240_000);
  server = await startStaffServer();
  server.create(KEEPER, "owner");
  server.create(HELD, "viewer");
  const page = await browser.newPage();
  await signIn(page, server.origin, KEEPER);
  ({ recoveryCodes } = await enrolAuthenticator(page));
  await page.close();
});
test.afterAll(async () => server?.stop());

/** Runs the body on a page in the view, closing its context after. */
async function inView(browser: Browser, view: View, body: (page: Page) => Promise<void>) {
  const context = await viewContext(browser, view);
  try {
    await body(await context.newPage());
  } finally {
    await context.close();
  }
}

async function passwordStep(page: Page, account: Account) {
  await page.goto(`${server.origin}/admin`);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function looksRight(page: Page, view: View, name: string) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);
  await page.screenshot({ path: join(SHOTS, `${name}-${view.scheme}-${view.width}.png`), fullPage: true });
}

for (const view of VIEWS) {
  test(`the second step's switch says what it does next (${view.scheme}, ${view.width} px)`, async ({ browser }) => {
    await inView(browser, view, async (page) => {
      await passwordStep(page, KEEPER);
      const app = page.getByLabel("Authentication code", { exact: true });
      await expect(app).toHaveAttribute("inputmode", "numeric");
      await app.fill("123");
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      const recovery = page.getByLabel("Recovery code", { exact: true });
      await expect(recovery).toHaveAttribute("inputmode", "text");
      await expect(recovery).toBeFocused();
      await expect(recovery).toHaveValue("");
      await expect(page.getByText("Enter one of your recovery codes")).toBeVisible();
      const back = page.getByRole("button", { name: "Use an authenticator code instead" });
      await expect(page.getByRole("button", { name: "Use a recovery code instead" })).toHaveCount(0);
      await looksRight(page, view, "second-step-recovery");
      await back.click();
      await expect(page.getByLabel("Authentication code", { exact: true })).toBeFocused();
      await expect(page.getByRole("button", { name: "Use a recovery code instead" })).toBeVisible();
    });
  });
}

test("a recovery code works once; used again it is told it was already used", async ({ browser }) => {
  const [code = ""] = recoveryCodes;
  await inView(browser, VIEWS[2], async (page) => {
    await passwordStep(page, KEEPER);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${server.origin}/admin/dashboard`);
  });
  await inView(browser, VIEWS[1], async (page) => {
    await passwordStep(page, KEEPER);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code", { exact: true }).fill(code.toUpperCase());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText("This recovery code has already been used.");
    await looksRight(page, VIEWS[1], "second-step-spent-code");
  });
});

for (const view of VIEWS) {
  test(`the account page: password rules, no made-up address, sign-out (${view.scheme}, ${view.width} px)`, async ({
    browser,
  }) => {
    await inView(browser, view, async (page) => {
      await signIn(page, server.origin, OWNER);
      await page.goto(`${server.origin}/admin/account`);
      await expect(page.getByText(`Signed in as ${OWNER.username} (no e-mail address, role owner).`)).toBeVisible();
      const next = page.getByLabel("New password", { exact: true });
      const rules = page.locator(`[id="${await next.getAttribute("aria-describedby")}"]`);
      await expect(rules.getByRole("listitem")).toHaveText([
        /^12 to 128 characters/,
        /^Does not contain your username/,
        /^Not one of the passwords leaked most often/,
      ]);
      const met = (rule: string) => rules.locator(`[data-rule="${rule}"]`);
      await expect(met("length")).toHaveAttribute("data-met", "false");
      await next.fill(`my ${OWNER.username} phrase`);
      await expect(met("length")).toHaveAttribute("data-met", "true");
      await expect(met("username")).toHaveAttribute("data-met", "false");
      await next.fill("a quite different passphrase");
      await expect(met("username")).toHaveAttribute("data-met", "true");
      await looksRight(page, view, "account");
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL(`${server.origin}/admin`);
      await page.goto(`${server.origin}/admin/account`);
      await page.waitForURL(`${server.origin}/admin`);
    });
  });
}

for (const view of VIEWS) {
  test(`the invite form: viewer first, the e-mail rule by the field (${view.scheme}, ${view.width} px)`, async ({
    browser,
  }) => {
    await inView(browser, view, async (page) => {
      await signIn(page, server.origin, OWNER);
      await page.goto(`${server.origin}/admin/staff`);
      await expect(page.getByLabel("Role", { exact: true })).toHaveValue("viewer");
      const email = page.getByLabel("E-mail", { exact: true });
      await email.fill("carol@example");
      await page.getByRole("button", { name: "Send invitation" }).click();
      const rule = "E-mail: enter a full address such as carol@example.com";
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`[id="${await email.getAttribute("aria-describedby")}"]`)).toHaveText(rule);
      await expect(page.getByRole("alert")).toHaveText(rule);
      await looksRight(page, view, "invite-refused");
    });
  });
}

test("the invitation page lists the password rules up front and ticks them off", async ({ browser }) => {
  await inView(browser, VIEWS[2], async (page) => {
    await signIn(page, server.origin, OWNER);
    await page.goto(`${server.origin}/admin/staff`);
    await page.getByLabel("E-mail", { exact: true }).fill(INVITED);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status")).toHaveText(`An invitation is on its way to ${INVITED}.`);
  });
  let link = "";
  await expect(async () => {
    const mail = server.mail.received.find((received) => received.to.includes(INVITED));
    link = /https?:\/\/\S+\/admin\/invitation#\S+/.exec(parseMail(mail?.raw ?? "").text)?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 20_000 });
  for (const view of VIEWS) {
    await inView(browser, view, async (page) => {
      await page.goto(link.replace(/^https?:\/\/[^/]+/, server.origin));
      await expect(page.getByText("You are invited as viewer")).toBeVisible();
      const password = page.getByLabel("Password", { exact: true });
      const rules = page.locator(`[id="${await password.getAttribute("aria-describedby")}"]`);
      await expect(rules.getByRole("listitem")).toHaveCount(3);
      await password.fill("dana's own long passphrase");
      await expect(rules.locator('[data-rule="length"]')).toHaveAttribute("data-met", "true");
      await expect(rules.locator('[data-rule="username"]')).toHaveAttribute("data-met", "false");
      await looksRight(page, view, "invitation");
    });
  }
});

test("someone held on the account page until they add a second factor can sign out", async ({ browser }) => {
  const rule = (page: Page, on: boolean) =>
    page.evaluate(async (requireSecondFactor) => {
      const response = await fetch("/api/admin/staff/settings", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ requireSecondFactor }),
      });
      return response.status;
    }, on);
  const keeper = await browser.newPage();
  await passwordStep(keeper, KEEPER);
  await keeper.getByRole("button", { name: "Use a recovery code instead" }).click();
  await keeper.getByLabel("Recovery code", { exact: true }).fill(recoveryCodes[1]!);
  await keeper.getByRole("button", { name: "Verify" }).click();
  await keeper.waitForURL(`${server.origin}/admin/dashboard`);
  expect(await rule(keeper, true)).toBe(200);
  try {
    await inView(browser, VIEWS[0], async (page) => {
      await signIn(page, server.origin, HELD, "/admin/account");
      await expect(page.getByText("Your team requires a second factor.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL(`${server.origin}/admin`);
    });
  } finally {
    expect(await rule(keeper, false)).toBe(200);
    await keeper.close();
  }
});
