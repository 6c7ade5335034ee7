// The terms of use of the website. Consulting and development projects are
// governed by separate contracts (section 5). Every value that identifies the
// company comes from shared/company.ts. One file per language.
import type { LegalDocument, Localized } from "#content/types.ts";
import { termsOfServiceDe } from "./terms-of-service-de.ts";
import { termsOfServiceEn } from "./terms-of-service-en.ts";

export const termsOfService: Localized<LegalDocument> = { en: termsOfServiceEn, de: termsOfServiceDe };
