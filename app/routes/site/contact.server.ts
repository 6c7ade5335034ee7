// The contact page's server side: the form token's cookie when the page is
// rendered per request (development, a query string; the prerendered page
// gets it from the server that serves it), and the plain form post for
// visitors without JavaScript, which goes through the same intake as
// /api/contact.
import { data, type RouterContextProvider } from "react-router";
import { CONTACT_FIELDS, type ContactField } from "#shared/contact/contact-limits.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { formTokenCookie, withFormToken } from "#server/http/form-token-cookie.ts";
import { clientIpContext, servicesContext } from "#server/http/render-context.ts";
import type { CookieRequest } from "#server/http/session-cookie.ts";
import type { Services } from "#server/services.ts";
import { contactErrorMessages } from "#app/components/contact-form-messages.ts";
import type { ContactNotice } from "#app/components/contact-form.tsx";
import type { MessageKey } from "#app/i18n/en.ts";
import { pickMessages } from "#app/i18n/messages.server.ts";
import { translate } from "#app/i18n/language.tsx";
import { servicesFrom } from "#app/services.server.ts";

function cookieRequest(request: Request, services: Services): CookieRequest {
  return { url: request.url, header: (name) => request.headers.get(name), trustProxy: services.config.TRUST_PROXY };
}

function freshTokenCookie(request: Request, services: Services): string {
  return formTokenCookie(cookieRequest(request, services), services.formTokens.issue());
}

/** A fresh token's cookie for a page view; nothing while prerendering or after a post (the visitor's token stays). */
export function formTokenHeaders(request: Request, context: Readonly<RouterContextProvider>): Record<string, string> {
  const services = context.get(servicesContext);
  const view = request.method === "GET" || request.method === "HEAD";
  return services && view ? { "Set-Cookie": freshTokenCookie(request, services) } : {};
}

export type ContactActionData = {
  values?: Partial<Record<ContactField, string>>;
  errors?: Partial<Record<string, string>>;
  notice?: ContactNotice;
};

export async function submitContactForm(request: Request, context: Readonly<RouterContextProvider>, lang: Language) {
  const messages = pickMessages(lang, ["contact"]);
  const t = (key: MessageKey) => translate(messages, key);
  const form = await request.formData();
  const submission = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, submission[field] ?? ""]));
  const services = servicesFrom(context);
  const input = withFormToken(submission, cookieRequest(request, services));
  const result = await services.contact.submit(
    input,
    { ip: context.get(clientIpContext), language: lang },
    contactErrorMessages(t),
  );
  const error = (text: string, status: number, extra: ContactActionData = {}, headers: Record<string, string> = {}) =>
    data<ContactActionData>({ values, notice: { kind: "error", text }, ...extra }, { status, headers });
  switch (result.kind) {
    case "accepted":
      return data<ContactActionData>(
        { notice: { kind: "sent", text: `${t("contact.successTitle")}. ${t("contact.successText")}` } },
        { status: 200 },
      );
    case "invalid":
      return error(t("contact.fixFields"), 400, { errors: result.fields });
    case "token":
      // An expired form gets a fresh token, so the visitor can send the kept text again.
      if (result.reason === "expired")
        return error(t("contact.expiredText"), 400, {}, { "Set-Cookie": freshTokenCookie(request, services) });
      return error(result.reason === "too-early" ? t("contact.slowDownText") : t("contact.forgedText"), 400);
    case "rate-limited":
      return error(`${t("contact.tooManyTitle")}. ${t("contact.tooManyText")}`, 429);
    case "no-space":
      // The values go back into the form: nothing was stored, and the visitor sends the same text again.
      return error(
        `${t("contact.noSpaceTitle")}. ${t("contact.noSpaceText")}`,
        503,
        {},
        {
          "Retry-After": String(result.retryAfterSeconds),
        },
      );
  }
}
