// The server's sentences to staff in the staff language of the request (the saved choice, the switch's cookie or
// Accept-Language) and in English by default: field checks naming their field, refusals with their values, a spent
// recovery code, maintenance validation and the alert test buttons' answers.
import { describe, expect, it } from "vitest";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { createBrowser, enrolTotp, useStaffApp, type Browser } from "#tests/support/staff-browser.ts";
import { monitoringConfig, serveFakeServices } from "#tests/support/monitor-app.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

serveFakeServices();

async function answer(response: Response | Promise<Response>) {
  const reply = await response;
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

const invite = (browser: Browser, body: unknown) => answer(browser.post("/api/admin/staff/invitations", body));

describe.each(testDatabases())("the server's sentences to staff on $dialect", ({ open }) => {
  const s = useStaffApp(open);

  it("names the invitation's e-mail and role fields in German for a German account, else in English", async () => {
    const owner = await s.signedIn("owner");
    expect(await invite(owner, { email: "carol@example", role: "operator" })).toEqual({
      status: 400,
      body: {
        error: "E-mail: enter a full address such as carol@example.com",
        fields: { email: "E-mail: enter a full address such as carol@example.com" },
      },
    });
    expect((await owner.put("/api/auth/language", { language: "de" })).status).toBe(200);
    expect(await invite(owner, { email: "carol@example", role: "operator" })).toEqual({
      status: 400,
      body: {
        error: "E-Mail: Geben Sie eine vollständige Adresse an, etwa carol@example.com",
        fields: { email: "E-Mail: Geben Sie eine vollständige Adresse an, etwa carol@example.com" },
      },
    });
    expect(await invite(owner, { email: "carol@example.com", role: "boss" })).toEqual({
      status: 400,
      body: {
        error: "Rolle: Wählen Sie owner, operator oder viewer",
        fields: { role: "Rolle: Wählen Sie owner, operator oder viewer" },
      },
    });
    expect((await invite(owner, { email: "carol@example.com", role: "viewer" })).status).toBe(201);
    expect(await invite(owner, { email: "carol@example.com", role: "viewer" })).toMatchObject({
      status: 409,
      body: {
        error:
          "Eine Einladung an carol@example.com ist noch offen: Ziehen Sie sie zuerst zurück, um eine neue zu senden",
      },
    });
  });

  it("words the answer before it is compressed, as a browser asks for it", async () => {
    const owner = await s.signedIn("owner");
    const response = await s.t.app.request("http://localhost/api/admin/staff/invitations", {
      method: "POST",
      headers: browserHeaders({
        cookie: `session=${owner.cookie("session")}`,
        "accept-encoding": "gzip, deflate, br",
        "accept-language": "de-DE,de;q=0.9",
      }),
      body: JSON.stringify({ email: "carol@example", role: "viewer" }),
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const text = await new Response(response.body!.pipeThrough(new DecompressionStream("gzip"))).text();
    expect(JSON.parse(text)).toMatchObject({
      error: "E-Mail: Geben Sie eine vollständige Adresse an, etwa carol@example.com",
    });
  });

  it("tells a reused recovery code in German with the switch's cookie, and in English without", async () => {
    const { recoveryCodes } = await enrolTotp(s.t, await s.signedIn("ops"));
    const [used = ""] = recoveryCodes!;
    const first = s.browser();
    await first.signIn("ops");
    expect((await first.code(used)).status).toBe(200);

    const german = s.browser();
    german.set("staffLanguage", "de");
    expect((await german.signIn("ops")).status).toBe(200);
    expect(await answer(german.code(used))).toEqual({
      status: 401,
      body: { error: "Dieser Wiederherstellungscode wurde bereits verwendet." },
    });
    expect(await answer(german.code("aaaaa-bbbbb"))).toEqual({
      status: 401,
      body: { error: "Ungültiger Code. Bitte versuchen Sie es erneut." },
    });
    const english = s.browser();
    expect((await english.signIn("ops")).status).toBe(200);
    expect(await answer(english.code(used))).toEqual({
      status: 401,
      body: { error: "This recovery code has already been used." },
    });
  });

  it("words a role refusal, the last owner's and a password rule in German, their values filled in", async () => {
    const ops = await s.signedIn("ops");
    ops.set("staffLanguage", "de");
    expect(await invite(ops, { email: "dave@example.com", role: "viewer" })).toMatchObject({
      status: 403,
      body: { error: "Ihre Rolle (operator) darf keine Mitarbeiterkonten verwalten." },
    });
    const owner = await s.signedIn("owner");
    expect(await answer(owner.post("/api/admin/staff/owner/role", { role: "viewer" }))).toEqual({
      status: 409,
      body: { error: '"owner" is the last owner: make another account owner first' },
    });
    owner.set("staffLanguage", "de");
    expect(await answer(owner.post("/api/admin/staff/owner/role", { role: "viewer" }))).toEqual({
      status: 409,
      body: { error: "„owner“ ist der letzte owner: Machen Sie zuerst ein anderes Konto zum owner" },
    });
    expect(await answer(owner.post("/api/admin/staff/nobody/role", { role: "viewer" }))).toEqual({
      status: 404,
      body: { error: "Kein Konto „nobody“" },
    });
    const short = await answer(owner.post("/api/admin/account/password", { current: STAFF_PASSWORD, next: "short" }));
    expect(short).toEqual({
      status: 400,
      body: {
        error: "Das Passwort muss mindestens 12 Zeichen lang sein",
        fields: { next: "Das Passwort muss mindestens 12 Zeichen lang sein" },
      },
    });
  });
});

describe.each(testDatabases())("maintenance and alert tests in the staff language on $dialect", ({ open }) => {
  async function monitoredApp() {
    const db = await open();
    const t = await createTestApp(db.handle, {}, { monitoring: { config: monitoringConfig } });
    await t.services.staff.create("ops", STAFF_PASSWORD, "operator");
    const browser = createBrowser(t);
    expect((await browser.signIn("ops")).status).toBe(200);
    return { t, browser, cleanup: db.cleanup };
  }

  it("refuses a maintenance without a reason and a bad field in German by Accept-Language", async () => {
    const { t, browser, cleanup } = await monitoredApp();
    try {
      const maintenance = (body: unknown, language?: string) =>
        answer(
          t.app.request("http://localhost/api/admin/maintenance", {
            method: "POST",
            headers: browserHeaders({
              cookie: `session=${browser.cookie("session")}`,
              ...(language ? { "accept-language": language } : {}),
            }),
            body: JSON.stringify(body),
          }),
        );
      expect(await maintenance({ enable: true })).toEqual({
        status: 400,
        body: {
          success: false,
          error: "Reason is required when enabling maintenance mode",
          message: "Reason is required when enabling maintenance mode",
        },
      });
      expect(await maintenance({ enable: true }, "de-DE,de;q=0.9")).toEqual({
        status: 400,
        body: {
          success: false,
          error: "Bitte geben Sie einen Grund an, um die Wartung einzuschalten",
          message: "Bitte geben Sie einen Grund an, um die Wartung einzuschalten",
        },
      });
      expect(await maintenance({ enable: "ja" }, "de")).toEqual({
        status: 400,
        body: { error: "Ungültige Eingabe", fields: { enable: "enable muss true oder false sein" } },
      });
      expect(await maintenance({ enable: true, reason: "Kernel" }, "de")).toMatchObject({
        status: 200,
        body: { success: true, message: "Wartungsmodus eingeschaltet" },
      });
      browser.set("staffLanguage", "de");
      expect(await answer(browser.post("/api/admin/alerts/test-email"))).toMatchObject({
        status: 502,
        body: {
          success: false,
          message: "Test-E-Mail nicht gesendet: email: mail delivery is not configured (SMTP_URL)",
        },
      });
    } finally {
      await cleanup();
    }
  });
});
