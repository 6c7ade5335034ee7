import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { MIN_FORM_AGE_MS } from "#server/contact/form-token.ts";
import type { TestDatabase } from "#tests/support/test-databases.ts";
import { createSmtpSender } from "#server/mail/smtp-sender.ts";
import { startTestMailServer, type TestMailServer } from "#tests/peers/mail-server.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";

/** Shared by the server/http/contact-*.integration.test.ts files. */
export const VALID = {
  name: "Erika Mustermann",
  email: "erika@example.org",
  subject: "Project inquiry",
  message: "We would like to talk about a data pipeline.",
  website: "",
};

export let mail: TestMailServer;
let dir: string;

/** One test mail server for the whole test file: call at its top level. */
export function withContactMailServer() {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "contact-test-"));
    mail = await startTestMailServer({ dir });
  });
  afterAll(async () => {
    await mail.down();
    rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * A fresh app and database for each test, mailing through the shared test mail server, and the
 * requests and look-ups the contact tests share.
 */
export function useContactApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    mail.received.length = 0;
    await mail.up(); // a test may have left it down
    const db = await open();
    const sender = createSmtpSender({ url: mail.url, from: "Website <noreply@example.com>", caFile: mail.caFile });
    t = await createTestApp(
      db.handle,
      { CONTACT_TO: "inbox@example.com", TRUST_PROXY: "true", CONTACT_LIMIT_GLOBAL: "5" },
      { send: sender.send },
    );
    cleanup = async () => {
      await t.services.delivery?.stop();
      sender.close();
      await db.cleanup();
    };
  });
  afterEach(() => cleanup());

  return {
    get t() {
      return t;
    },
    /** A token from a page rendered long enough ago to pass the time trap. */
    readyToken: () => {
      const token = t.services.formTokens.issue();
      t.advance(MIN_FORM_AGE_MS);
      return token;
    },
    submit: (body: unknown, headers: Record<string, string> = {}) =>
      t.app.request("http://localhost/api/contact", {
        method: "POST",
        headers: browserHeaders(headers),
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    stored: () => t.services.database.db.selectFrom("contact_messages").selectAll().orderBy("id").execute(),
    // In the order they were queued: PostgreSQL returns updated rows in no set order otherwise.
    outboxRows: () => t.services.database.db.selectFrom("outbox").selectAll().orderBy("id").execute(),
    deliver: () => t.services.delivery!.runOnce(),
  };
}
