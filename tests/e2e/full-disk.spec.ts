// The contact form on a full disk, in the browser, on the production server
// whose data directory is a small tmpfs filled to the last byte: with
// JavaScript the German toast says so and the fields keep the text; without
// it the page answers 503 with the notice and the text put back; once the
// filler goes, the same text is sent.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { freePort } from "#tests/peers/ports.ts";
import { fillDisk, mountTmpfs } from "#tests/support/tmpfs.ts";
import { skipDialogs, waitForIslands } from "./helpers.ts";
import { startServer, stopServer, waitUntilUp } from "./server-process.ts";

const DE = {
  name: "Ihr Name",
  email: "E-Mail-Adresse",
  subject: "Betreff",
  message: "Nachricht",
  send: "Nachricht senden",
};
const TEXT = "Bitte rufen Sie uns wegen der Datenpipeline zurück.";

async function fillForm(page: Page, subject: string): Promise<void> {
  await page.getByLabel(DE.name, { exact: true }).fill("Erika Mustermann");
  await page.getByLabel(DE.email, { exact: true }).fill("erika@example.org");
  await page.getByLabel(DE.subject, { exact: true }).fill(subject);
  await page.getByLabel(DE.message, { exact: true }).fill(TEXT);
}

/** As after a restart: the database's write-ahead log emptied, so that the server's next write needs new space. */
function emptyWriteAheadLog(dataDir: string): void {
  const database = new SQLite(join(dataDir, "app.db"));
  database.pragma("wal_checkpoint(TRUNCATE)");
  database.close();
}

test("a full disk: the contact form says so in German, keeps the text, and sends it once space returns", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const mounted = mountTmpfs(4);
  if ("refused" in mounted) {
    // CI runs as root, where a tmpfs mounts: there this test must run, never pass by being skipped.
    expect(process.env.CI, `CI must mount the tmpfs: ${mounted.refused}`).toBeFalsy();
    test.skip(true, mounted.refused);
    return;
  }
  const configDir = mkdtempSync(join(tmpdir(), "full-disk-config-"));
  writeFileSync(join(configDir, "monitoring.yaml"), "services: []\n");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(port, {
    WEB_CONCURRENCY: "1",
    DATA_DIR: mounted.dir,
    LOG_LEVEL: "warn",
    MONITORING_CONFIG: join(configDir, "monitoring.yaml"),
    CONTACT_MIN_FORM_AGE_MS: "0",
    CONTACT_LIMIT_PER_IP: "0",
    CONTACT_LIMIT_GLOBAL: "0",
  });
  try {
    await waitUntilUp(origin, 60_000, server);
    await skipDialogs(page);
    await page.clock.install();
    await page.goto(`${origin}/de/contact`);
    await waitForIslands(page);
    await fillForm(page, "Mit JavaScript bei voller Platte");
    await page.clock.fastForward(3_000);

    emptyWriteAheadLog(mounted.dir);
    const filler = fillDisk(mounted.dir);
    await page.getByRole("button", { name: DE.send }).click();
    await expect(page.getByText("Speichern vorübergehend nicht möglich")).toBeVisible();
    await expect(page.getByText(/Ihr Text steht noch im Formular/)).toBeVisible();
    await expect(page.getByLabel(DE.message, { exact: true })).toHaveValue(TEXT);
    await expect(page.getByLabel(DE.subject, { exact: true })).toHaveValue("Mit JavaScript bei voller Platte");

    // Without JavaScript: a plain post, answered by the page itself.
    const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await plain.goto(`${origin}/de/contact`);
    await fillForm(plain, "Ohne JavaScript bei voller Platte");
    const [answer] = await Promise.all([
      plain.waitForResponse((response) => response.request().method() === "POST"),
      plain.getByRole("button", { name: DE.send }).click(),
    ]);
    expect(answer.status()).toBe(503);
    expect(answer.headers()["retry-after"]).toMatch(/^\d+$/);
    await expect(plain.getByRole("alert")).toContainText("Speichern vorübergehend nicht möglich");
    await expect(plain.getByLabel(DE.message, { exact: true })).toHaveValue(TEXT);
    await expect(plain.getByLabel(DE.subject, { exact: true })).toHaveValue("Ohne JavaScript bei voller Platte");
    await plain.context().close();

    rmSync(filler);
    await expect.poll(async () => (await fetch(`${origin}/healthz`)).status, { timeout: 15_000 }).toBe(200);
    await page.getByRole("button", { name: DE.send }).click();
    await expect(page.getByText("Nachricht gesendet")).toBeVisible();
    await expect(page.getByLabel(DE.subject, { exact: true })).toHaveValue("");
  } finally {
    await stopServer(server);
    mounted.unmount();
    rmSync(configDir, { recursive: true, force: true });
  }
});
