// The rules a new staff password must meet (OWASP ASVS 5: length and not a leaked password, no composition
// rules), listed up front beside every field that sets one, and which of them a typed password meets already.
import type { Language } from "#shared/i18n/languages.ts";
import { staffText } from "#shared/i18n/staff/staff-language.ts";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/** `met` is null where the browser cannot tell (the leaked-password list is the server's). */
export type PasswordRule = { id: "length" | "username" | "common"; text: string; met: boolean | null };

/** The rules in the staff language `lang` (the pages that set a password are staff pages). */
export function passwordRules(password: string, username?: string, lang: Language = "en"): PasswordRule[] {
  const length = [...password].length;
  const name = username?.trim().toLowerCase();
  return [
    {
      id: "length",
      text: staffText(lang, "account.ruleLength", { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }),
      met: length >= MIN_PASSWORD_LENGTH && length <= MAX_PASSWORD_LENGTH,
    },
    {
      id: "username",
      text: staffText(lang, "account.ruleUsername"),
      met: name ? password !== "" && !password.toLowerCase().includes(name) : null,
    },
    { id: "common", text: staffText(lang, "account.ruleCommon"), met: null },
  ];
}
