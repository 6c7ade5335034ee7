// Status page subscriptions as visitors and staff meet them, against the
// production server and a real SMTP server on loopback: four visitors
// subscribe from /de/status and /en/status, with JavaScript and without (one
// of them choosing a service on the subscribe page), confirm by the mail's
// link, hear of a staff status update and of a maintenance window announced
// by a configuration change (each in their language, and only about what they
// chose), and unsubscribe: three with the page's one button, one with the mail
// client's one-click POST (RFC 8058). Screenshots in test-results/status-subscriptions/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { parseMail, startTestMailServer, type ParsedMail, type TestMailServer } from "#tests/peers/mail-server.ts";
import { groupedFleetConfig, groupedPublicServices, startGroupHosts } from "#tests/support/public-groups.ts";
import { axeViolations, skipDialogs } from "./helpers.ts";
import { startServer, stopServer, waitUntilUp } from "./server-process.ts";

const ADMIN = { username: "owner", password: "a long subscription passphrase 9" };
const SHOTS = join("test-results", "status-subscriptions");
/** The Berlin date three days from now, as the configuration writes a wall-clock day. */
const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(Date.now() + 3 * 86_400_000);

type Visitor = {
  email: string;
  lang: "en" | "de";
  js: boolean;
  /** Subscribes on the subscribe page to this service only; else from the status page, to all. */
  only?: "failing";
};

const VISITORS: Visitor[] = [
  { email: "erika@example.org", lang: "de", js: true },
  { email: "hans@example.org", lang: "de", js: false },
  { email: "jane@example.org", lang: "en", js: true },
  { email: "john@example.org", lang: "en", js: false, only: "failing" },
];

const WORDS = {
  de: {
    email: "E-Mail-Adresse",
    subscribe: "Abonnieren",
    sent: "Fast geschafft",
    confirm: "Abonnement bestätigen",
    confirmed: "Abonniert",
    unsubscribe: "Abbestellen",
    unsubscribed: "Abbestellt",
    leave: "Status-E-Mails abbestellen",
    update: "Störung: Langsame Antworten · Muster Digital",
    maintenance: "Geplante Wartung: Datenbank-Umzug · Muster Digital",
  },
  en: {
    email: "Email address",
    subscribe: "Subscribe",
    sent: "Almost done",
    confirm: "Confirm subscription",
    confirmed: "Subscribed",
    unsubscribe: "Unsubscribe",
    unsubscribed: "Unsubscribed",
    leave: "Unsubscribe from status emails",
    update: "Incident: Slow answers · Muster Digital",
    maintenance: "Planned maintenance: Datenbank-Umzug · Muster Digital",
  },
} as const;

let mail: TestMailServer;

const mailTo = (address: string): ParsedMail[] =>
  mail.received.filter((entry) => entry.to.includes(address)).map((entry) => parseMail(entry.raw));

/** Waits for the address's mail with this subject (bounded) and returns it. */
async function mailWithSubject(address: string, subject: string | RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(() => (found = mailTo(address).find((entry) => entry.headers.subject?.match(subject))) !== undefined, {
      timeout: 30_000,
    })
    .toBe(true);
  return found!;
}

const linkIn = (text: string, part: string) => text.split(/\s+/).find((word) => word.includes(part))!;

async function visitorPage(browser: Browser, visitor: Visitor): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: visitor.js,
    colorScheme: visitor.lang === "de" ? "dark" : "light",
    viewport: visitor.js ? { width: 1280, height: 900 } : { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await skipDialogs(page);
  return page;
}

/** The visitor subscribes, on the status page or (choosing) the subscribe page, and confirms by the mail's link. */
async function subscribeAndConfirm(browser: Browser, origin: string, visitor: Visitor, failing: string) {
  const words = WORDS[visitor.lang];
  const page = await visitorPage(browser, visitor);
  const tag = `${visitor.lang}-${visitor.js ? "js" : "nojs"}`;
  if (visitor.only) {
    await page.goto(`${origin}/${visitor.lang}/status`);
    await page.getByRole("link", { name: visitor.lang === "de" ? "Dienste auswählen" : "Choose services" }).click();
    await page.getByLabel(words.email).fill(visitor.email);
    await page.getByLabel(visitor.lang === "de" ? "Nur die Dienste" : "Only the services").check();
    await page.locator(`input[name=services][value=${failing}]`).check();
    await page.screenshot({ path: join(SHOTS, `choose-${tag}.png`), fullPage: true });
    await page.getByRole("button", { name: words.subscribe }).click();
  } else {
    await page.goto(`${origin}/${visitor.lang}/status`);
    const section = page.locator("section[aria-labelledby=status-subscribe]");
    await section.getByLabel(words.email).fill(visitor.email);
    await section.screenshot({ path: join(SHOTS, `form-${tag}.png`) });
    await section.getByRole("button", { name: words.subscribe }).click();
  }
  await expect(page.getByRole("status")).toContainText(words.sent);
  // axe runs in the page: with scripts off it cannot, and the same pages are checked with them on.
  if (visitor.js) expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SHOTS, `sent-${tag}.png`) });

  const confirmation = await mailWithSubject(visitor.email, /confirm|bestätigen/i);
  // The way out comes with the way in: before the first status mail carries it.
  const leave = linkIn(confirmation.text, `/${visitor.lang}/status/unsubscribe?token=`);
  await page.goto(linkIn(confirmation.text, `/${visitor.lang}/status/confirm?token=`));
  await page.getByRole("button", { name: words.confirm }).click();
  await expect(page.getByRole("status")).toContainText(words.confirmed);
  await expect(page.getByRole("link", { name: words.leave })).toHaveAttribute(
    "href",
    new URL(leave).pathname + new URL(leave).search,
  );
  if (visitor.js) expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(SHOTS, `confirmed-${tag}.png`) });
  return page;
}

/** The owner signed in, and a way to call the staff API as them. */
async function staffApi(browser: Browser, origin: string) {
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${origin}/admin`);
  await staff.getByLabel("Username").fill(ADMIN.username);
  await staff.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await staff.getByRole("button", { name: "Sign In" }).click();
  await staff.waitForURL(`${origin}/admin/dashboard`);
  const call = (path: string, method = "GET", body?: object) =>
    staff.evaluate(
      async ([path, method, body]) => {
        const init = body
          ? { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }
          : { method };
        const response = await fetch(path, init);
        return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
      },
      [path, method, body] as const,
    );
  return { page: staff, call };
}

/** The owner's list shows the four, confirmed; jane is deleted there (her link then says she is unsubscribed). */
async function deleteOneAsStaff(staff: Page, origin: string) {
  await staff.goto(`${origin}/admin/subscribers`);
  const rows = staff.locator("tr", { hasText: "@example.org" });
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "Confirmed" })).toHaveCount(4);
  expect(await axeViolations(staff)).toEqual([]);
  await staff.screenshot({ path: join(SHOTS, "staff-list.png"), fullPage: true });
  staff.once("dialog", (dialog) => void dialog.accept());
  await staff.getByRole("button", { name: "Delete subscriber jane@example.org" }).click();
  await expect(rows).toHaveCount(3);
}

/** Two unsubscribe with the page's button, one (hans) with the mail client's one-click POST; jane was deleted. */
async function unsubscribeAll(pages: Page[]) {
  for (const [index, visitor] of VISITORS.entries()) {
    const latest = mailTo(visitor.email).at(-1)!;
    const words = WORDS[visitor.lang];
    if (visitor.email === "hans@example.org") {
      const answer = await fetch(latest.headers["list-unsubscribe"]!.slice(1, -1), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(answer.status).toBe(200);
      continue;
    }
    const page = pages[index]!;
    await page.goto(linkIn(latest.text, `/${visitor.lang}/status/unsubscribe?token=`));
    if (visitor.email === "jane@example.org") {
      await expect(page.getByRole("status")).toContainText(words.unsubscribed);
      continue;
    }
    await expect(page.getByText(visitor.email)).toBeVisible();
    await page.getByRole("button", { name: words.unsubscribe, exact: true }).click();
    await expect(page.getByRole("status")).toContainText(words.unsubscribed);
    if (visitor.js) expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `unsubscribed-${visitor.lang}-${visitor.js ? "js" : "nojs"}.png`) });
  }
}

test("four visitors (de, en, with and without scripts) subscribe, hear of an update and maintenance, leave", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), "status-subscriptions-"));
  mail = await startTestMailServer({ dir });
  const down = new Set<string>();
  const hosts = await startGroupHosts(down);
  const fleet = groupedPublicServices({ groups: ["Websites"], perGroup: 2, url: hosts.url });
  const [failing, other] = fleet.groups.get("Websites")! as [string, string];
  down.add(failing);
  const configFile = join(dir, "monitoring.yaml");
  writeFileSync(configFile, groupedFleetConfig(fleet));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(port, {
    DATA_DIR: join(dir, "data"),
    MONITORING_CONFIG: configFile,
    SITE_URL: origin,
    SMTP_URL: mail.url,
    SMTP_CA_FILE: mail.caFile,
    SMTP_FROM: "Muster Digital <noreply@example.com>",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    CONTACT_MIN_FORM_AGE_MS: "0",
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
  });
  try {
    await waitUntilUp(origin, 60_000, server);
    const pages = [];
    for (const visitor of VISITORS) pages.push(await subscribeAndConfirm(browser, origin, visitor, failing));

    // Staff publish an update on the failing service's incident.
    const { page: staff, call } = await staffApi(browser, origin);
    let incident: number | undefined;
    await expect
      .poll(
        async () => {
          const open = (await call("/api/admin/incidents/open")).body as {
            incidents: { id: number; serviceId: string }[];
          };
          incident = open.incidents.find((entry) => entry.serviceId === failing)?.id;
          return incident !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const posted = await call(`/api/admin/incidents/${incident}/status-updates`, "POST", {
      state: "investigating",
      titleEn: "Slow answers",
      titleDe: "Langsame Antworten",
      messageEn: "An index is being rebuilt.",
      messageDe: "Ein Index wird neu aufgebaut.",
    });
    expect(posted.status).toBe(201);
    for (const visitor of VISITORS) {
      const update = await mailWithSubject(visitor.email, WORDS[visitor.lang].update);
      expect(update.text).toContain(
        visitor.lang === "de" ? "Ein Index wird neu aufgebaut." : "An index is being rebuilt.",
      );
      expect(update.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    }

    // A window for the other service is announced by a change of the configuration.
    writeFileSync(
      configFile,
      groupedFleetConfig(fleet) +
        `maintenance:\n  windows:\n    - { name: Datenbank-Umzug, start: "${day} 22:00", duration: 3h, ` +
        `services: [${other}] }\n`,
    );
    for (const visitor of VISITORS.filter((entry) => !entry.only)) {
      const announced = await mailWithSubject(visitor.email, WORDS[visitor.lang].maintenance);
      expect(announced.text).toMatch(
        visitor.lang === "de" ? /Von .*22:00 MEZ bis .*01:00 MEZ/ : /From .*22:00 CET until .*01:00 CET/,
      );
    }
    // The visitor who chose only the failing service hears nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailTo("john@example.org").map((entry) => entry.headers.subject)).not.toContain(WORDS.en.maintenance);

    await deleteOneAsStaff(staff, origin);
    await unsubscribeAll(pages);
    expect(await call("/api/admin/status/subscribers")).toMatchObject({ status: 200, body: { subscribers: [] } });
  } finally {
    await stopServer(server);
    await hosts.stop();
    await mail.down();
    rmSync(dir, { recursive: true, force: true });
  }
});
