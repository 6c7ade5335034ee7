import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { skipDialogs, waitForIslands, watchPage } from "./helpers.ts";
import { startServer, waitUntilUp } from "./server-process.ts";

type Listed = { messages: { id: number; subject: string; status: string; name: string }[] };

/** The stored messages, as the staff inbox API lists them. */
async function inbox(request: APIRequestContext, status = ""): Promise<Listed["messages"]> {
  const signIn = await request.post("/api/auth/sign-in", { data: E2E_ADMIN });
  expect(signIn.ok()).toBe(true);
  const list = await request.get(`/api/admin/contact-messages${status ? `?status=${status}` : ""}`);
  return ((await list.json()) as Listed).messages;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fill(
  page: Page,
  labels: { name: string; email: string; subject: string; message: string },
  values: Record<string, string>,
) {
  await page.getByLabel(labels.name, { exact: true }).fill(values.name ?? "");
  await page.getByLabel(labels.email, { exact: true }).fill(values.email ?? "");
  await page.getByLabel(labels.subject, { exact: true }).fill(values.subject ?? "");
  await page.getByLabel(labels.message, { exact: true }).fill(values.message ?? "");
}

const EN = { name: "Your name", email: "Email address", subject: "Subject", message: "Message", send: "Send message" };
const DE = {
  name: "Ihr Name",
  email: "E-Mail-Adresse",
  subject: "Betreff",
  message: "Nachricht",
  send: "Nachricht senden",
};

test("the contact page comes from memory, its form token in a strict HttpOnly cookie, a fresh one each time", async ({
  request,
  page,
  context,
}) => {
  const first = await request.get("/en/contact");
  expect(first.status()).toBe(200);
  // Files from memory skip the app, which tags every answer it makes.
  expect(first.headers()["x-request-id"]).toBeUndefined();
  expect(first.headers()["cache-control"]).toBe("private, max-age=0, must-revalidate");
  expect(first.headers()["set-cookie"]).toMatch(
    /^form-token=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400$/,
  );
  await page.goto("/de/contact");
  await expect(page.locator('input[name="token"]')).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === "form-token");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
});

test("the English contact page writes “email” one way", async ({ page }) => {
  await page.goto("/en/contact");
  expect(await page.locator("body").innerText()).not.toMatch(/e-mail/i);
  await expect(page.getByText("Email", { exact: true })).toBeVisible();
  await expect(page.getByLabel(EN.email, { exact: true })).toBeVisible();
});

/**
 * The form in the browser refuses to send in the first 3 s after the page opened (people take a moment): the page's
 * clock jumps past them instead of the test waiting. (The test server's own trap is off: playwright.config.ts.)
 */
const takeAMoment = (page: Page) => page.clock.fastForward(3_000);

/** Each test of a block: dialogs out of the way, and the page's clock in the test's hands. */
function withJavaScript() {
  test.beforeEach(async ({ page }) => {
    await skipDialogs(page);
    await page.clock.install();
  });
}

test.describe("with JavaScript: sending", () => {
  withJavaScript();

  test("sends, shows the success toast, resets, and the message is stored", async ({ page, request, baseURL }) => {
    const watch = watchPage(page, baseURL!);
    await page.goto("/en/contact");
    await waitForIslands(page);
    await expect(page.getByLabel(EN.message, { exact: true })).toHaveAttribute("rows", "6");
    const subject = `Project inquiry ${unique()}`;
    await fill(page, EN, {
      name: "Erika Mustermann 😀",
      email: "erika@example.org",
      subject,
      message: "We would like to talk about a data pipeline.",
    });
    await takeAMoment(page);
    await page.getByRole("button", { name: EN.send }).click();
    await expect(page.getByText("Message sent")).toBeVisible();
    await expect(page.getByText("Thank you for your message. We'll get back to you soon.")).toBeVisible();
    await expect(page.getByLabel(EN.subject, { exact: true })).toHaveValue("");
    const stored = (await inbox(request)).find((message) => message.subject === subject);
    expect(stored).toMatchObject({ name: "Erika Mustermann 😀", status: "pending" });
    const record = await page.evaluate(
      () => JSON.parse(localStorage.getItem("contactSubmissions") ?? "null") as { count: number },
    );
    expect(record.count).toBe(1);
    expect(watch.errors).toEqual([]);
  });

  test("German: field messages in German, the form keeps its content, and the sending label shows", async ({
    page,
  }) => {
    await page.goto("/de/contact");
    await waitForIslands(page);
    await fill(page, DE, { name: "A", email: "keine-adresse", subject: "Hi", message: "Kurz" });
    await page.getByRole("button", { name: DE.send }).click();
    await expect(page.getByText("Der Name muss mindestens 2 Zeichen lang sein")).toBeVisible();
    await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein")).toBeVisible();
    await expect(page.getByText("Der Betreff muss mindestens 5 Zeichen lang sein")).toBeVisible();
    await expect(page.getByText("Die Nachricht muss mindestens 10 Zeichen lang sein")).toBeVisible();
    await expect(page.getByLabel(DE.name, { exact: true })).toBeFocused();
    await expect(page.getByLabel(DE.name, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(DE.subject, { exact: true })).toHaveValue("Hi");

    // Hold the answer to see the busy state, then let it succeed.
    let release = () => {};
    await page.route("**/api/contact", async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await fill(page, DE, {
      name: "Erika",
      email: "erika@example.org",
      subject: `Anfrage ${unique()}`,
      message: "Wir möchten über ein Projekt sprechen.",
    });
    await takeAMoment(page);
    await page.getByRole("button", { name: DE.send }).click();
    await expect(page.getByRole("button", { name: "Wird gesendet..." })).toBeDisabled();
    release();
    await expect(page.getByText("Nachricht gesendet")).toBeVisible();
    await expect(page.getByText("Der Name muss")).toHaveCount(0);
  });

  test("a filled honeypot looks like success to the sender and is kept as spam", async ({ page, request }) => {
    await page.goto("/en/contact");
    await waitForIslands(page);
    const subject = `Autofilled ${unique()}`;
    await fill(page, EN, {
      name: "Erika",
      email: "erika@example.org",
      subject,
      message: "The browser filled the hidden field.",
    });
    await page
      .locator('input[name="website"]')
      .evaluate((input: HTMLInputElement) => (input.value = "https://example.com"));
    await takeAMoment(page);
    await page.getByRole("button", { name: EN.send }).click();
    await expect(page.getByText("Message sent")).toBeVisible();
    const spam = (await inbox(request, "spam")).find((message) => message.subject === subject);
    expect(spam).toMatchObject({ status: "spam" });
  });
});

test.describe("with JavaScript: refused and failed sends", () => {
  withJavaScript();

  test("too soon after the page opened: 'Please slow down', and nothing is sent", async ({ page }) => {
    let posted = 0;
    await page.route("**/api/contact", (route) => {
      posted += 1;
      return route.continue();
    });
    await page.goto("/en/contact");
    await waitForIslands(page);
    await fill(page, EN, {
      name: "Quick Bot",
      email: "bot@example.org",
      subject: "Fast subject",
      message: "Sent as fast as possible.",
    });
    // As a bot sends: at once. The page's age restarts now, so a busy machine's slow typing does not make it a person.
    await page.evaluate(() => {
      const real = performance.now.bind(performance);
      const opened = real();
      performance.now = () => real() - opened;
    });
    await page.getByRole("button", { name: EN.send }).click();
    await expect(page.getByText("Please slow down")).toBeVisible();
    await expect(page.getByText("Please take a moment to review your message before sending.")).toBeVisible();
    expect(posted).toBe(0);
    await expect(page.getByLabel(EN.name, { exact: true })).toHaveValue("Quick Bot");
  });

  test("more than 3 in an hour from this browser: 'Too many submissions'", async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem("contactSubmissions", JSON.stringify({ count: 3, timestamp: Date.now() - 10 * 60_000 })),
    );
    await page.goto("/en/contact");
    await waitForIslands(page);
    await fill(page, EN, {
      name: "Erika",
      email: "erika@example.org",
      subject: "Fourth message",
      message: "One more message this hour.",
    });
    await takeAMoment(page);
    await page.getByRole("button", { name: EN.send }).click();
    await expect(page.getByText("Too many submissions")).toBeVisible();
    await expect(
      page.getByText("Please wait before sending another message. Maximum 3 messages per hour."),
    ).toBeVisible();
  });

  test("a failing server: the 'Error' toast, and the form keeps its content", async ({ page }) => {
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, json: { error: "Internal error" } }));
    await page.goto("/en/contact");
    await waitForIslands(page);
    await fill(page, EN, {
      name: "Erika",
      email: "erika@example.org",
      subject: "Server trouble",
      message: "This one will not go through.",
    });
    await takeAMoment(page);
    await page.getByRole("button", { name: EN.send }).click();
    await expect(page.getByText("There was a problem sending your message. Please try again later.")).toBeVisible();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(page.getByLabel(EN.message, { exact: true })).toHaveValue("This one will not go through.");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [lang, labels, error, sent] of [
    [
      "en",
      EN,
      "Subject must be at least 5 characters",
      "Message sent. Thank you for your message. We'll get back to you soon.",
    ],
    [
      "de",
      DE,
      "Der Betreff muss mindestens 5 Zeichen lang sein",
      "Nachricht gesendet. Vielen Dank für Ihre Nachricht. Wir melden uns in Kürze bei Ihnen.",
    ],
  ] as const) {
    test(`${lang}: a plain post shows field errors, keeps the input, then sends`, async ({ page, request }) => {
      await page.goto(`/${lang}/contact`);
      await fill(page, labels, {
        name: "Erika",
        email: "erika@example.org",
        // Long enough for the field's minlength, too short once the server trims it: the server's own refusal.
        subject: "   Hi   ",
        message: "A message without scripts.",
      });
      await page.getByRole("button", { name: labels.send }).click();
      await expect(page.getByText(error)).toBeVisible();
      await expect(page.getByLabel(labels.message, { exact: true })).toHaveValue("A message without scripts.");
      await expect(page.getByLabel(labels.subject, { exact: true })).toHaveAttribute("aria-invalid", "true");

      const subject = `No script ${unique()}`;
      await page.getByLabel(labels.subject, { exact: true }).fill(subject);
      await page.getByRole("button", { name: labels.send }).click();
      await expect(page.getByRole("status")).toHaveText(sent);
      await expect(page.getByLabel(labels.subject, { exact: true })).toHaveValue("");
      expect((await inbox(request)).some((message) => message.subject === subject)).toBe(true);
    });
  }
});

test.describe("without JavaScript, on a server with its time trap on", () => {
  test.use({ javaScriptEnabled: false });
  // Its own port, like the other specs that start a server of their own.
  const PORT = 3193;
  const origin = `http://127.0.0.1:${PORT}`;

  test("a post straight after opening the page is refused by the server's time trap", async ({ page }) => {
    const dataDir = mkdtempSync(join(tmpdir(), "time-trap-"));
    // Nothing monitored: this server is here for its contact form only.
    writeFileSync(join(dataDir, "monitoring.yaml"), "services: []\n");
    const server = startServer(PORT, {
      WEB_CONCURRENCY: "1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      MONITORING_CONFIG: join(dataDir, "monitoring.yaml"),
      // Longer than the default 3 s, so that filling the form on a busy machine is still "straight after".
      CONTACT_MIN_FORM_AGE_MS: "20000",
    });
    try {
      await waitUntilUp(origin);
      await page.goto(`${origin}/en/contact`);
      await fill(page, EN, {
        name: "Quick Bot",
        email: "bot@example.org",
        subject: "Fast subject",
        message: "Sent as fast as possible.",
      });
      await page.getByRole("button", { name: EN.send }).click();
      await expect(page.getByRole("alert")).toHaveText("Please take a moment to review your message before sending.");
      await expect(page.getByLabel(EN.name, { exact: true })).toHaveValue("Quick Bot");
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  });
});
