// The staff area's language: the choice saved on the account (and refused when it is no language), the API's
// sentences in the request's staff language (saved choice, else the switch's cookie, else Accept-Language), and the
// invitation mail in the invitee's language, through a real SMTP server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpSender } from "#server/mail/smtp-sender.ts";
import { parseMail, startTestMailServer, type TestMailServer } from "#tests/peers/mail-server.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { createBrowser } from "#tests/support/staff-browser.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";
import { testDatabases, type TestDatabase } from "#tests/support/test-databases.ts";

let mail: TestMailServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "staff-language-test-"));
  mail = await startTestMailServer({ dir });
});
afterAll(async () => {
  await mail.down();
  rmSync(dir, { recursive: true, force: true });
});

function useApp(open: TestDatabase["open"]) {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    mail.received.length = 0;
    const db = await open();
    const sender = createSmtpSender({ url: mail.url, from: "Staff <noreply@example.com>", caFile: mail.caFile });
    t = await createTestApp(db.handle, {}, { send: sender.send });
    await t.services.staff.create("owner", STAFF_PASSWORD, "owner");
    await t.services.staff.create("watcher", STAFF_PASSWORD, "viewer");
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
    async signedIn(username: string) {
      const browser = createBrowser(t);
      expect((await browser.signIn(username)).status).toBe(200);
      return browser;
    },
    saved: async (username: string) =>
      (
        await t.services.database.db
          .selectFrom("staff_users")
          .select("language")
          .where("username", "=", username)
          .executeTakeFirstOrThrow()
      ).language,
    signIn: (body: unknown, headers: Record<string, string>) =>
      t.app.request("http://localhost/api/auth/sign-in", {
        method: "POST",
        headers: browserHeaders(headers),
        body: JSON.stringify(body),
      }),
  };
}

describe.each(testDatabases())("the staff language saved on $dialect", ({ open }) => {
  const s = useApp(open);

  it("saves the choice on the account, audited, and sets the switch's cookie", async () => {
    const watcher = await s.signedIn("watcher");
    const response = await watcher.put("/api/auth/language", { language: "de" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ language: "de", saved: true });
    expect(response.headers.get("set-cookie")).toMatch(/^staffLanguage=de; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(await s.saved("watcher")).toBe("de");
    const { events } = await s.t.services.audit.list({ limit: 10, action: "language.changed" });
    expect(events).toMatchObject([{ actor: "watcher", target: "watcher", detail: { language: "de" } }]);
  });

  it("refuses a value that is no language with a 400 naming the field, and changes nothing", async () => {
    const watcher = await s.signedIn("watcher");
    for (const body of [{ language: "fr" }, { language: 7 }, {}]) {
      const response = await watcher.put("/api/auth/language", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "Invalid input",
        fields: { language: "Choose en (English) or de (German)" },
      });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await s.saved("watcher")).toBeNull();
    expect(await s.t.services.audit.list({ limit: 10, action: "language.changed" })).toMatchObject({ events: [] });
  });

  it("signed out, sets only the cookie", async () => {
    const guest = createBrowser(s.t);
    const response = await guest.put("/api/auth/language", { language: "de" });
    expect(await response.json()).toEqual({ language: "de", saved: false });
    expect(guest.cookie("staffLanguage")).toBe("de");
    expect(await s.saved("watcher")).toBeNull();
  });

  it("saves the sign-in page's choice at sign-in on an account without one, and keeps an account's own", async () => {
    const guest = createBrowser(s.t);
    await guest.put("/api/auth/language", { language: "de" });
    expect((await guest.signIn("watcher")).status).toBe(200);
    expect(await s.saved("watcher")).toBe("de");
    const english = createBrowser(s.t);
    await english.put("/api/auth/language", { language: "en" });
    const signedIn = await english.signIn("watcher");
    expect(await s.saved("watcher")).toBe("de");
    expect(signedIn.headers.getSetCookie().join("\n")).toMatch(/staffLanguage=de;/);
    expect(english.cookie("staffLanguage")).toBe("de");
  });
});

describe.each(testDatabases())("the staff language's sentences and mail on $dialect", ({ open }) => {
  const s = useApp(open);

  it("words refusals in German after the German choice, which beats the cookie and the browser", async () => {
    const watcher = await s.signedIn("watcher");
    await watcher.put("/api/auth/language", { language: "de" });
    watcher.set("staffLanguage", "en");
    const refused = await watcher.get("/api/admin/staff");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Ihre Rolle (viewer) darf keine Mitarbeiterkonten verwalten." });
    expect(refused.headers.get("vary")).toMatch(/Accept-Language/);
    // Another browser signing in as the same person gets the saved choice.
    const elsewhere = await s.signedIn("watcher");
    expect(await (await elsewhere.get("/api/admin/staff")).json()).toEqual({
      error: "Ihre Rolle (viewer) darf keine Mitarbeiterkonten verwalten.",
    });
  });

  it("words refusals in English for an English account, whatever the browser", async () => {
    const watcher = await s.signedIn("watcher");
    await watcher.put("/api/auth/language", { language: "en" });
    expect(await (await watcher.get("/api/admin/staff")).json()).toEqual({
      error: "Your role (viewer) may not manage staff accounts.",
    });
  });

  it("words sign-in failures and validation by the cookie, else Accept-Language", async () => {
    const wrong = { username: "watcher", password: "not the password" };
    const byCookie = await s.signIn(wrong, { cookie: "staffLanguage=de", "accept-language": "en-US" });
    expect(byCookie.status).toBe(401);
    expect(await byCookie.json()).toEqual({
      error: "Benutzername oder Passwort ist falsch. Bitte versuchen Sie es erneut.",
    });
    const byBrowser = await s.signIn({ password: "x" }, { "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
    expect(await byBrowser.json()).toEqual({
      error: "Ungültige Eingabe",
      fields: { username: "Bitte geben Sie Ihren Benutzernamen ein" },
    });
    const english = await s.signIn(wrong, { cookie: "staffLanguage=en", "accept-language": "de" });
    expect(await english.json()).toEqual({ error: "Invalid credentials. Please try again." });
    const malformed = await s.t.app.request("http://localhost/api/auth/sign-in", {
      method: "POST",
      headers: browserHeaders({ "accept-language": "de" }),
      body: "{",
    });
    expect(await malformed.json()).toEqual({ error: "Fehlerhaftes JSON" });
  });

  it("words a throttled sign-in in German, its wait kept for the page", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12 && last?.status !== 429; i += 1)
      last = await s.signIn({ username: "watcher", password: "wrong" }, { "accept-language": "de" });
    expect(last?.status).toBe(429);
    expect(await last!.json()).toMatchObject({
      error: "Zu viele Anmeldeversuche",
      retryAfterSeconds: expect.any(Number),
    });
  });

  it("mails a German invitation to a German invitee, whose account starts in German", async () => {
    const owner = await s.signedIn("owner");
    expect(
      (
        await owner.post("/api/admin/staff/invitations", {
          email: "anna@example.org",
          role: "operator",
          language: "de",
        })
      ).status,
    ).toBe(201);
    await s.t.services.delivery!.runOnce();
    expect(mail.received).toHaveLength(1);
    const received = parseMail(mail.received[0]!.raw);
    expect(received.headers.subject).toMatch(/^Ihre Einladung in den Mitarbeiterbereich von \S/);
    expect(received.text).toContain("owner lädt Sie als operator in den Mitarbeiterbereich von");
    expect(received.text).toContain("Wählen Sie hier Ihren Benutzernamen und Ihr Passwort");
    const token = /\/admin\/invitation#([A-Za-z0-9_-]{43})/.exec(received.text)?.[1];
    const accepted = await createBrowser(s.t).post("/api/auth/invitations/accept", {
      token,
      username: "anna",
      password: "another long passphrase 7",
    });
    expect(accepted.status).toBe(201);
    expect(await s.saved("anna")).toBe("de");
  });

  it("writes the invitation in the inviter's language when the owner names none", async () => {
    const owner = await s.signedIn("owner");
    await owner.put("/api/auth/language", { language: "de" });
    await owner.post("/api/admin/staff/invitations", { email: "bernd@example.org", role: "viewer" });
    await owner.put("/api/auth/language", { language: "en" });
    await owner.post("/api/admin/staff/invitations", { email: "carla@example.org", role: "viewer" });
    const refused = await owner.post("/api/admin/staff/invitations", {
      email: "dora@example.org",
      role: "viewer",
      language: "fr",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { language: "Choose en (English) or de (German)" } });
    await s.t.services.delivery!.runOnce();
    await s.t.services.delivery!.runOnce();
    const subjects = Object.fromEntries(mail.received.map((m) => [m.to[0], parseMail(m.raw).headers.subject]));
    expect(subjects["bernd@example.org"]).toMatch(/^Ihre Einladung/);
    expect(subjects["carla@example.org"]).toMatch(/^Your invitation/);
    expect(Object.keys(subjects)).toHaveLength(2);
  });
});
