// The contact pipeline's promise, tested on the production server: a message
// that got 202 survives the process being killed outright (SIGKILL) and is
// delivered after the restart. No browser: plain HTTP against a real server.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { parseMail, startTestMailServer } from "#tests/peers/mail-server.ts";
import { startServer as startProcess, waitUntilUp as waitForServer } from "./server-process.ts";

const PORT = 3199;
const origin = `http://127.0.0.1:${PORT}`;

function startServer(dataDir: string, env: Record<string, string> = {}): ChildProcess {
  // Nothing monitored: the shipped placeholders would send alert mail to the same mail server.
  const monitoring = join(dataDir, "monitoring.yaml");
  writeFileSync(monitoring, "alerts: { to: ops@example.com }\nservices: []\n");
  const settings = {
    WEB_CONCURRENCY: "1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    CONTACT_LIMIT_PER_IP: "0",
    CONTACT_LIMIT_GLOBAL: "0",
    CONTACT_TO: "inbox@example.com",
    MONITORING_CONFIG: monitoring,
    // The time trap is not what this test is about: its form token is good at once.
    CONTACT_MIN_FORM_AGE_MS: "0",
  };
  return startProcess(PORT, { ...settings, ...env }, ["ignore", "ignore", "inherit"]);
}

const waitUntilUp = () => waitForServer(origin);

test("SIGKILL during a burst of 100: every submission that got 202 is stored and then delivered", async () => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), "durability-"));
  const mail = await startTestMailServer({ dir: dataDir });
  try {
    // First life: no mail server configured, so everything accepted waits in the outbox.
    const first = startServer(dataDir);
    const exited = new Promise((resolve) => first.on("exit", resolve));
    await waitUntilUp();
    // The page's form token comes in its cookie; sent in the body here, as an API client may.
    const page = await fetch(`${origin}/en/contact`);
    const token = /form-token=([^;]+)/.exec(page.headers.get("set-cookie") ?? "")?.[1];
    expect(token).toBeTruthy();

    const accepted: string[] = [];
    let killed = false;
    const submissions = Array.from({ length: 100 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 3));
      const subject = `Burst message ${i}`;
      try {
        const response = await fetch(`${origin}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            name: "Burst",
            email: "burst@example.org",
            subject,
            message: `Message number ${i} of the burst.`,
            website: "",
            token,
          }),
        });
        if (response.status === 202) {
          accepted.push(subject);
          if (accepted.length === 40 && !killed) {
            killed = true;
            first.kill("SIGKILL");
          }
        } else {
          expect(response.status).toBe(202);
        }
      } catch {
        // The connection died with the process: this one was never confirmed.
      }
    });
    await Promise.all(submissions);
    await exited;
    expect(killed).toBe(true);
    expect(accepted.length).toBeGreaterThanOrEqual(40);

    const database = new SQLite(join(dataDir, "app.db"), { readonly: true });
    const stored = new Set(
      (database.prepare("select subject from contact_messages").all() as { subject: string }[]).map(
        (row) => row.subject,
      ),
    );
    database.close();
    for (const subject of accepted) expect(stored.has(subject), subject).toBe(true);

    // Second life, with a mail server: what waited is delivered, each once.
    const second = startServer(dataDir, { SMTP_URL: mail.url, SMTP_CA_FILE: mail.caFile });
    try {
      await waitUntilUp();
      await expect.poll(() => mail.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(stored.size);
      const delivered = mail.received.map((received) =>
        parseMail(received.raw).headers.subject!.replace(/^Contact Form: /, ""),
      );
      for (const subject of accepted) expect(delivered).toContain(subject);
      expect(new Set(delivered).size).toBe(delivered.length);
      expect(mail.received.every((received) => received.to.join() === "inbox@example.com")).toBe(true);
    } finally {
      second.kill("SIGTERM");
      await new Promise((resolve) => second.on("exit", resolve));
    }
  } finally {
    await mail.down();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
