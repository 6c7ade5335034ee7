// The contact page's server side: a fresh form token with every render (the
// server's time trap), and the plain form post for visitors without
// JavaScript, which goes through the same intake as /api/contact.
import { data, type RouterContextProvider } from "react-router";
import { CONTACT_FIELDS, type ContactField } from "#shared/contact/contact-limits.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { clientIpContext } from "#server/http/render-context.ts";
import { contactErrorMessages } from "../../components/contact-form-messages.ts";
import type { ContactNotice } from "../../components/contact-form.tsx";
import type { MessageKey } from "../../i18n/en.ts";
import { pickMessages } from "../../i18n/messages.server.ts";
import { translate } from "../../i18n/language.tsx";
import { servicesFrom } from "../../services.server.ts";

export function issueFormToken(context: Readonly<RouterContextProvider>): string {
  return servicesFrom(context).formTokens.issue();
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
  const submission = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, submission[field] ?? ""]));
  const result = await servicesFrom(context).contact.submit(submission, { ip: context.get(clientIpContext), language: lang }, contactErrorMessages(t));
  const error = (text: string, status: number, extra: ContactActionData = {}) => data<ContactActionData>({ values, notice: { kind: "error", text }, ...extra }, { status });
  switch (result.kind) {
    case "accepted":
      return data<ContactActionData>({ notice: { kind: "sent", text: `${t("contact.successTitle")}. ${t("contact.successText")}` } }, { status: 200 });
    case "invalid":
      return error(t("contact.fixFields"), 400, { errors: result.fields });
    case "token":
      return error(
        result.reason === "too-early" ? t("contact.slowDownText") : result.reason === "expired" ? t("contact.expiredText") : t("contact.forgedText"),
        400,
      );
    case "rate-limited":
      return error(`${t("contact.tooManyTitle")}. ${t("contact.tooManyText")}`, 429);
  }
}
