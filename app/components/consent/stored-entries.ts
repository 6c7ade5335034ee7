// Everything the site keeps in a visitor's browser, as the consent dialog
// names it under "Necessary" (the privacy policy describes each at length).
import { FORM_TOKEN_COOKIE } from "#shared/contact/contact-page.ts";
import { LANGUAGE_STORAGE_KEY } from "#shared/i18n/languages.ts";
import {
  CONSENT_STORAGE_KEY,
  CONTACT_SUBMISSIONS_KEY,
  STAFF_DEVICE_COOKIE,
  STAFF_SESSION_COOKIE,
  THEME_STORAGE_KEY,
  WELCOME_SESSION_KEY,
} from "#shared/site/storage-keys.ts";
import type { MessageKey } from "#app/i18n/en.ts";

export type StoredEntry = { names: readonly string[]; where: MessageKey; purpose: MessageKey };

export const STORED_ENTRIES: readonly StoredEntry[] = [
  { names: [LANGUAGE_STORAGE_KEY], where: "consent.inLocalStorageAndCookie", purpose: "consent.storedLanguage" },
  { names: [THEME_STORAGE_KEY], where: "consent.inLocalStorage", purpose: "consent.storedTheme" },
  { names: [CONSENT_STORAGE_KEY], where: "consent.inLocalStorage", purpose: "consent.storedConsent" },
  { names: [WELCOME_SESSION_KEY], where: "consent.inSessionStorage", purpose: "consent.storedWelcome" },
  { names: [CONTACT_SUBMISSIONS_KEY], where: "consent.inLocalStorage", purpose: "consent.storedContact" },
  { names: [FORM_TOKEN_COOKIE], where: "consent.inCookie", purpose: "consent.storedFormToken" },
  { names: [STAFF_SESSION_COOKIE, STAFF_DEVICE_COOKIE], where: "consent.inCookies", purpose: "consent.storedStaff" },
];
