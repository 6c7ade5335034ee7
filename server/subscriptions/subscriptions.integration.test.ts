// Status page subscriptions against a real database (SQLite and PostgreSQL)
// and a real SMTP server on loopback: the double opt-in in both languages,
// mails on staff's updates with RFC 8058 headers, the one-click unsubscribe,
// and bad input that changes nothing.
import { describe, expect, it } from "vitest";
import { testDatabases } from "#tests/support/test-databases.ts";
import {
  linkIn,
  mail,
  mailTo,
  useSubscriptionApp,
  withSubscriptionMailServer,
} from "#tests/support/subscription-app.ts";

withSubscriptionMailServer();

const UPDATE = {
  state: "identified",
  titleEn: "Slow answers",
  titleDe: "Langsame Antworten",
  messageEn: "An index is being rebuilt.",
  messageDe: "Ein Index wird neu aufgebaut.",
};

/** Subscribes and confirms by the mail's link; returns the address's mail so far. */
function subscribedBy(c: ReturnType<typeof useSubscriptionApp>) {
  return async (email: string, language: "en" | "de", extra: Record<string, unknown> = {}) => {
    expect(await c.subscribe({ email, ...extra }, { language })).toEqual({ kind: "accepted" });
    await c.deliver();
    const [confirmation] = mailTo(email);
    const link = linkIn(confirmation!.text, `https://status.example.com/${language}/status/confirm?token=`);
    const token = new URL(link).searchParams.get("token")!;
    expect(await c.subscriptions().subscribers.confirm(token, "127.0.0.9")).toMatchObject({ kind: "confirmed", email });
    return confirmation!;
  };
}

describe.each(testDatabases())("status subscriptions on $dialect", ({ open }) => {
  const c = useSubscriptionApp(open);

  const subscribed = subscribedBy(c);

  it("double opt-in in German: confirmation, a German mail on an update, unsubscribed in one click", async () => {
    const confirmation = await subscribed("Erika@Example.org".toLowerCase(), "de");
    expect(confirmation.headers.subject).toBe("Bitte bestätigen Sie Ihr Abonnement der Statusseite von Muster Digital");
    expect(confirmation.text).toContain("innerhalb von 48 Stunden");
    expect(confirmation.text).toContain("jederzeit mit diesem Link abbestellen");
    expect(confirmation.text).toContain("https://status.example.com/de/status/unsubscribe?token=");
    expect(confirmation.headers["list-unsubscribe"]).toBeUndefined();
    const [row] = await c.subscriptions().subscribers.list();
    expect(row).toMatchObject({
      email: "erika@example.org",
      confirmed: true,
      language: "de",
      services: null,
      consentVersion: "2026-11-26",
    });

    c.answers.api = "unhealthy";
    await c.round();
    const posted = await c.postUpdate(await c.incidentOf("api"), UPDATE);
    expect(posted.status).toBe(201);
    await c.deliver();
    const [, update] = mailTo("erika@example.org");
    expect(update!.headers.subject).toBe("Störung: Langsame Antworten · Muster Digital");
    expect(update!.text).toContain("Ein Index wird neu aufgebaut.");
    expect(update!.text).toContain("Betrifft: Öffentliche API");
    expect(update!.text).toContain("https://status.example.com/de/status/unsubscribe?token=");
    expect(update!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(update!.headers["list-unsubscribe"]).toMatch(
      /^<https:\/\/status\.example\.com\/api\/status\/unsubscribe\?token=[\w.-]+>$/,
    );

    // The mail client's one-click POST: no cookie, no Origin of ours; a second one still says done.
    const oneClick = update!.headers["list-unsubscribe"]!.slice(1, -1).replace(
      "https://status.example.com",
      "http://localhost",
    );
    const unsubscribe = () =>
      c.t.app.request(oneClick, {
        method: "POST",
        headers: {
          host: "localhost",
          origin: "https://mail.example.net",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "List-Unsubscribe=One-Click",
      });
    expect((await unsubscribe()).status).toBe(200);
    expect((await unsubscribe()).status).toBe(200);
    expect(await c.subscriptions().subscribers.list()).toEqual([]);

    // Nothing more reaches the address.
    await c.postUpdate(await c.incidentOf("api"), { ...UPDATE, state: "resolved" });
    await c.deliver();
    expect(mailTo("erika@example.org")).toHaveLength(2);
  });

  it("in English, for chosen services: an update of another service is not mailed", async () => {
    const confirmation = await subscribed("max@example.org", "en", { scope: "chosen", services: ["shop"] });
    expect(confirmation.headers.subject).toBe("Please confirm your subscription to the Muster Digital status page");
    expect(confirmation.text).toContain("(Shop): when we report");
    c.answers.api = "unhealthy";
    c.answers.shop = "unhealthy";
    await c.round();
    await c.postUpdate(await c.incidentOf("api"), UPDATE);
    await c.postUpdate(await c.incidentOf("shop"), { ...UPDATE, titleEn: "Shop is slow" });
    await c.deliver();
    const subjects = mailTo("max@example.org").map((entry) => entry.headers.subject);
    expect(subjects).toEqual([confirmation.headers.subject, "Incident: Shop is slow · Muster Digital"]);
  });

  it("a new subscriber can leave before any status mail, by the confirmation mail's link or the page's", async () => {
    const confirmation = await subscribed("early@example.org", "en");
    expect(confirmation.text).toContain("Once subscribed, you can unsubscribe at any time with this link");
    const fromMail = new URL(
      linkIn(confirmation.text, "https://status.example.com/en/status/unsubscribe?token="),
    ).searchParams.get("token")!;
    expect(await c.subscriptions().subscribers.unsubscribeTarget(fromMail)).toBe("early@example.org");
    expect(await c.subscriptions().subscribers.unsubscribe(fromMail)).toEqual({
      kind: "unsubscribed",
      email: "early@example.org",
    });
    expect(await c.subscriptions().subscribers.list()).toEqual([]);

    // The confirmation answers with the same way out, for the page shown after it.
    expect(await c.subscribe({ email: "page@example.org" }, { language: "de" })).toEqual({ kind: "accepted" });
    await c.deliver();
    const link = linkIn(mailTo("page@example.org")[0]!.text, "https://status.example.com/de/status/confirm?token=");
    const token = new URL(link).searchParams.get("token")!;
    const confirmed = await c.subscriptions().subscribers.confirm(token, "127.0.0.9");
    if (confirmed.kind !== "confirmed") throw new Error("not confirmed");
    expect(await c.subscriptions().subscribers.unsubscribeTarget(confirmed.unsubscribeToken)).toBe("page@example.org");
  });

  it("a confirmation link works once, within 48 hours; an address never confirmed is deleted after them", async () => {
    await c.subscribe({ email: "late@example.org" });
    await c.subscribe({ email: "never@example.org" });
    await c.deliver();
    const token = (email: string) =>
      new URL(linkIn(mailTo(email)[0]!.text, "https://status.example.com/en/status/confirm?token=")).searchParams.get(
        "token",
      )!;
    const late = token("late@example.org");
    c.t.advance(48 * 60 * 60_000 + 1_000);
    expect(await c.subscriptions().subscribers.confirm(late, "127.0.0.9")).toEqual({ kind: "invalid" });
    expect(await c.subscriptions().subscribers.confirm("x".repeat(32), "127.0.0.9")).toEqual({ kind: "invalid" });
    await c.look(); // the announcer's look also deletes what was never confirmed
    expect(await c.subscriptions().subscribers.list()).toEqual([]);
  });
});

describe.each(testDatabases())("status subscriptions on $dialect: refusals and staff", ({ open }) => {
  const c = useSubscriptionApp(open);
  const subscribed = subscribedBy(c);

  it("bad input gets a clear error and changes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-address" }, "email"],
      [{ email: "a@example.org\r\nBcc: b@example.org" }, "email"],
      [{ email: "a@example.org", scope: "chosen", services: [] }, "services"],
      [{ email: "a@example.org", scope: "chosen", services: ["billing"] }, "services"],
    ];
    for (const [input, field] of cases) {
      const result = await c.subscribe(input);
      expect(result.kind, JSON.stringify(input)).toBe("invalid");
      expect(Object.keys((result as { fields: object }).fields)).toEqual([field]);
    }
    expect(
      await c
        .subscriptions()
        .intake.subscribe({ email: "a@example.org", token: "forged.token.x" }, { ip: "127.0.0.9", language: "en" }),
    ).toEqual({
      kind: "token",
      reason: "forged",
    });
    const early = c.t.services.formTokens.issue();
    expect(
      await c
        .subscriptions()
        .intake.subscribe({ email: "a@example.org", token: early }, { ip: "127.0.0.9", language: "en" }),
    ).toMatchObject({
      kind: "token",
      reason: "too-early",
    });
    expect(await c.subscribe({ email: "bot@example.org", website: "https://spam.example" })).toEqual({
      kind: "accepted",
    });
    await c.deliver();
    expect(mail.received).toHaveLength(0);
    expect(await c.subscriptions().subscribers.list()).toEqual([]);
    const unknown = await c.t.app.request(
      "http://localhost/api/status/unsubscribe?token=1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
      {
        method: "POST",
        headers: { host: "localhost" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(unknown.status).toBe(404);
  });

  it("staff list subscribers and delete one; only the owner may", async () => {
    await subscribed("anna@example.org", "de");
    const listed = (await (await c.staff("/api/admin/status/subscribers")).json()) as {
      subscribers: { id: number; email: string }[];
    };
    expect(listed.subscribers.map((entry) => entry.email)).toEqual(["anna@example.org"]);
    const id = listed.subscribers[0]!.id;
    expect((await c.staff(`/api/admin/status/subscribers/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await c.staff(`/api/admin/status/subscribers/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await c.staff("/api/admin/status/subscribers/abc", { method: "DELETE" })).status).toBe(404);
    expect(await c.subscriptions().subscribers.list()).toEqual([]);
  });
});
