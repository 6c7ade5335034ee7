// The privacy policy. It describes exactly what the site does: server logs,
// the contact form (and its cookie), the status page's email subscriptions, the staff
// session cookie, browser storage, the consent dialog, the two-click map and plain links
// to social networks. One file per language, with its status, browser and rights
// sections beside it; the facts both state are in privacy-policy-facts.ts.
import type { LegalDocument, Localized } from "#content/types.ts";
import { privacyPolicyDe } from "./privacy-policy-de.ts";
import { privacyPolicyEn } from "./privacy-policy-en.ts";

export function privacyPolicy(options: { contactRetentionDays: number }): Localized<LegalDocument> {
  return { en: privacyPolicyEn(options), de: privacyPolicyDe(options) };
}
