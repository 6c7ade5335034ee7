// Facts and links the privacy policy states in both languages (see
// privacy-policy.ts). Every value that identifies the company comes from
// shared/company.ts.
import { company } from "#shared/company.ts";
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from "#shared/i18n/languages.ts";
import type { Inline } from "#content/types.ts";

/** Names of the cookies set for signed-in staff only. */
export {
  STAFF_SESSION_COOKIE as SESSION_COOKIE,
  STAFF_DEVICE_COOKIE as DEVICE_COOKIE,
} from "#shared/site/storage-keys.ts";

/** Name of the contact form's cookie (its time trap). */
export { FORM_TOKEN_COOKIE } from "#shared/contact/contact-page.ts";

export const OSM_PRIVACY_POLICY = "https://osmfoundation.org/wiki/Privacy_Policy";
export const BAYLDA_WEBSITE = "https://www.lda.bayern.de";

/** The country of the company's address in the given language, e.g. "Germany". */
export function countryName(lang: Language): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(company.address.country) ?? company.address.country;
  } catch {
    return company.address.country;
  }
}

export function companyAddress(lang: Language): string[] {
  return [
    company.legalName,
    company.address.street,
    `${company.address.postalCode} ${company.address.city}`,
    countryName(lang),
  ];
}

/** The language key, naming the cookie separately should it ever differ. */
export const languageKey: string =
  LANGUAGE_STORAGE_KEY === LANGUAGE_COOKIE ? LANGUAGE_STORAGE_KEY : `${LANGUAGE_STORAGE_KEY} / ${LANGUAGE_COOKIE}`;

export const emailLink: Inline = { text: company.email.info, href: `mailto:${company.email.info}` };
export const phoneLink: Inline = { text: company.phone, href: `tel:${company.phone.replace(/\s+/g, "")}` };
export const osmPolicyLink = (text: string): Inline => ({ text, href: OSM_PRIVACY_POLICY });
export const bayldaLink: Inline = { text: "www.lda.bayern.de", href: BAYLDA_WEBSITE };

export const osmAddress = (country: string): string[] => [
  "OpenStreetMap Foundation",
  "St John’s Innovation Centre",
  "Cowley Road",
  "Cambridge, CB4 0WS",
  country,
];

export const bayldaAddress = (country: string): string[] => [
  "Bayerisches Landesamt für Datenschutzaufsicht (BayLDA)",
  "Promenade 18",
  "91522 Ansbach",
  country,
];
