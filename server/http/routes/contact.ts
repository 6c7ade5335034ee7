// POST /api/contact: the contact form's submission. 202 once the message is
// committed (a filled honeypot gets the same answer: bots learn nothing);
// 400 naming each bad field; 429 over the rate limits; 503 while the disk
// is full (in the visitor's language; the form keeps the text to send again).
// The form token comes in the body or, from the website's own form, in its
// cookie.
import { Hono, type Context } from "hono";
import { TOKEN_ERRORS_EN, TOO_MANY_SUBMISSIONS } from "#shared/contact/contact-limits.ts";
import { isLanguage, negotiateLanguage, type Language } from "#shared/i18n/languages.ts";
import { STORAGE_FULL_WORDS } from "#shared/i18n/storage-full.ts";
import type { Services } from "#server/services.ts";
import { readJsonBody, type ApiEnv } from "#server/http/api-context.ts";
import { formTokenCookie, withFormToken } from "#server/http/form-token-cookie.ts";

/** 503 while the disk is full: said in the visitor's language, with when to try again. */
function noSpace(c: Context<ApiEnv>, language: Language, retryAfterSeconds: number) {
  const words = STORAGE_FULL_WORDS[language];
  c.header("Retry-After", String(retryAfterSeconds));
  c.header("Content-Language", language);
  c.get("log").error({ event: "contact-no-space" }, "contact message refused: no space left for the database");
  return c.json({ error: words.contact, title: words.title, storage: "full", retryAfterSeconds }, 503);
}

export function contactRoutes(services: Services) {
  const routes = new Hono<ApiEnv>();

  routes.post("/", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const language = negotiateLanguage({
      cookie: c.req.header("cookie"),
      acceptLanguage: c.req.header("accept-language"),
    });
    const result = await services.contact.submit(withFormToken(body.data, c.get("cookieRequest")), {
      ip: c.get("clientIp"),
      language,
    });
    switch (result.kind) {
      case "accepted":
        if (result.quarantined)
          c.get("log").warn(
            { event: "contact-quarantined", contactId: result.id },
            "contact message kept in quarantine: the hourly ceiling for everyone is reached",
          );
        else
          c.get("log").info(
            { event: "contact-received", contactId: result.id, spam: result.spam },
            "contact message stored",
          );
        return c.json({ ok: true }, 202);
      case "invalid":
        return c.json({ error: "Invalid input", fields: result.fields }, 400);
      case "token": {
        const { error, field } = TOKEN_ERRORS_EN[result.reason];
        // An expired form gets a fresh token (in the body and the cookie), so the visitor can send again without
        // reloading.
        const fresh = result.reason === "expired" ? { token: services.formTokens.issue() } : {};
        if (fresh.token) c.header("Set-Cookie", formTokenCookie(c.get("cookieRequest"), fresh.token));
        const retry = result.retryAfterSeconds ? { retryAfterSeconds: result.retryAfterSeconds } : {};
        return c.json({ error, fields: { token: field }, ...fresh, ...retry }, 400);
      }
      case "rate-limited":
        c.header("Retry-After", String(result.retryAfterSeconds));
        return c.json({ error: TOO_MANY_SUBMISSIONS, retryAfterSeconds: result.retryAfterSeconds }, 429);
      case "no-space": {
        // In the language of the page the visitor wrote on (the form sends it), else the request's.
        const sent = (body.data as { language?: unknown } | null)?.language;
        return noSpace(c, isLanguage(sent) ? sent : language, result.retryAfterSeconds);
      }
    }
  });

  return routes;
}
