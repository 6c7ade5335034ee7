// The staff area's language: which one a request gets, and the staff text in it. Used by the server (API error
// sentences, mails to staff, the pages' loaders) and by the staff pages alike; pure.
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  languageFromAcceptLanguage,
  readCookie,
  type Language,
} from "#shared/i18n/languages.ts";
import { company } from "#shared/company.ts";
import { staffDe } from "./de.ts";
import { staffEn, type StaffKey, type StaffMessages } from "./en.ts";

export type { StaffKey, StaffMessages };
export type StaffVars = Record<string, string | number>;

/**
 * The staff area's own cookie, set by its language switch: not the public site's, whose value the site's head script
 * resets from local storage on every page (and a staff choice must not change the public site's language).
 */
export const STAFF_LANGUAGE_COOKIE = "staffLanguage";
/** A year; sent on top-level navigations; "; Secure" added over HTTPS. */
export const STAFF_LANGUAGE_COOKIE_ATTRIBUTES = "; Path=/; Max-Age=31536000; SameSite=Lax";

export const STAFF_DICTIONARIES: Readonly<Record<Language, StaffMessages>> = { en: staffEn, de: staffDe };

/** The account's saved choice, else the switch's cookie, else the browser's language (German for de-*), else en. */
export function staffLanguage(from: {
  saved?: string | null | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Language {
  if (isLanguage(from.saved)) return from.saved;
  const chosen = readCookie(from.cookie, STAFF_LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return from.acceptLanguage ? languageFromAcceptLanguage(from.acceptLanguage) : DEFAULT_LANGUAGE;
}

const builtInVars: StaffVars = { brand: company.brand };

/** The text of key in lang, its {placeholders} filled (a missing one stays visible rather than vanishing). */
export function staffText(lang: Language, key: StaffKey, vars?: StaffVars): string {
  const text = STAFF_DICTIONARIES[lang][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars?.[name] ?? builtInVars[name] ?? whole));
}

export function isStaffKey(value: unknown): value is StaffKey {
  return typeof value === "string" && Object.hasOwn(staffEn, value);
}

/** "45 seconds", "15 minutes", "5 hours 20 minutes": rounded up, never shorter than given. */
export function staffWaitText(lang: Language, seconds: number): string {
  const count = (n: number, unit: "seconds" | "minutes" | "hours") =>
    staffText(lang, n === 1 ? `wait.${unit}.one` : `wait.${unit}.other`, { n });
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return count(whole, "seconds");
  const minutes = Math.ceil(whole / 60);
  if (minutes < 90) return count(minutes, "minutes");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? count(hours, "hours") : `${count(hours, "hours")} ${count(rest, "minutes")}`;
}
