import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIN_FORM_AGE_MS } from "#server/contact/form-token.ts";
import { INBOX_PAGE_SIZE } from "#server/contact/contact-inbox.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { browserHeaders, cookieFrom, createTestApp } from "#tests/support/test-app.ts";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabases())("the staff inbox API on $dialect", ({ open }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  let cookie: string;

  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, { CONTACT_LIMIT_PER_IP: "0", CONTACT_LIMIT_GLOBAL: "0" });
    await t.services.staff.create("ops", PASSWORD);
    const signIn = await t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders(),
      body: JSON.stringify({ username: "ops", password: PASSWORD }),
    });
    cookie = cookieFrom(signIn);
  });
  afterEach(() => cleanup());

  const call = (method: string, path: string, withCookie = true) =>
    t.app.request(`http://localhost/api/admin/contact-messages${path}`, {
      method,
      headers: browserHeaders(withCookie ? { cookie } : {}),
    });
  const submit = async (subject: string, website = "") => {
    const token = t.services.formTokens.issue();
    t.advance(MIN_FORM_AGE_MS);
    const result = await t.services.contact.submit(
      { name: "Erika", email: "erika@example.org", subject, message: "A message of some length.", website, token },
      { ip: "192.0.2.1", language: "en" },
    );
    if (result.kind !== "accepted") throw new Error(result.kind);
    return result.id;
  };

  it("answers 401 without a session, for every route", async () => {
    for (const [method, path] of [
      ["GET", ""],
      ["GET", "/1"],
      ["POST", "/1/retry"],
      ["DELETE", "/1"],
    ] as const) {
      const response = await call(method, path, false);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lists newest first, filters by status and pages by 20", async () => {
    for (let i = 0; i < INBOX_PAGE_SIZE + 2; i += 1) await submit(`Subject number ${i}`);
    await submit("Autofilled honeypot", "https://example.com");
    const first = (await (await call("GET", "")).json()) as {
      messages: { subject: string; status: string }[];
      total: number;
      pages: number;
    };
    expect(first.total).toBe(INBOX_PAGE_SIZE + 3);
    expect(first.pages).toBe(2);
    expect(first.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.messages[0]).toMatchObject({ subject: "Autofilled honeypot", status: "spam" });
    expect(first.messages[1]).toMatchObject({ subject: `Subject number ${INBOX_PAGE_SIZE + 1}`, status: "pending" });
    const second = (await (await call("GET", "?page=2")).json()) as { messages: unknown[] };
    expect(second.messages).toHaveLength(3);
    const spam = (await (await call("GET", "?status=spam")).json()) as { total: number };
    expect(spam.total).toBe(1);
    const pending = (await (await call("GET", "?status=pending")).json()) as { total: number };
    expect(pending.total).toBe(INBOX_PAGE_SIZE + 2);
    const sent = (await (await call("GET", "?status=sent")).json()) as { total: number };
    expect(sent.total).toBe(0);
  });

  it("refuses a bad status or page with 400 naming the parameter", async () => {
    const status = await call("GET", "?status=archived");
    expect(status.status).toBe(400);
    expect(await status.json()).toEqual({
      error: "Invalid input",
      fields: { status: "status must be one of pending, sent, failed, spam, quarantined" },
    });
    const page = await call("GET", "?page=0");
    expect(page.status).toBe(400);
    expect(((await page.json()) as { fields: Record<string, string> }).fields).toEqual({
      page: "page must be 1 or more",
    });
  });

  it("shows one message with its text; retry releases a spam-flagged one; delete removes it and its mail", async () => {
    const id = await submit("Kept as spam", "autofill");
    const shown = (await (await call("GET", `/${id}`)).json()) as { message: { message: string; status: string } };
    expect(shown.message).toMatchObject({ message: "A message of some length.", status: "spam" });
    const retried = await call("POST", `/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { message: { status: string } }).message.status).toBe("pending");
    expect(await t.services.database.db.selectFrom("outbox").selectAll().execute()).toHaveLength(1);

    expect((await call("DELETE", `/${id}`)).status).toBe(204);
    expect((await call("GET", `/${id}`)).status).toBe(404);
    expect(await t.services.database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    for (const [method, path] of [
      ["DELETE", `/${id}`],
      ["POST", `/${id}/retry`],
      ["GET", "/abc"],
      ["GET", "/-1"],
    ] as const) {
      const response = await call(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ error: "Message not found" });
    }
  });
});
