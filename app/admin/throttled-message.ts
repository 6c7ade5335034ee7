// What a held sign-in step tells the person: how long to wait, in words a
// person reads at a glance (a held code budget lasts hours, not seconds), and
// what else works meanwhile.
import type { Language } from "#shared/i18n/languages.ts";
import { staffText, staffWaitText } from "#shared/i18n/staff/staff-language.ts";

/** "45 seconds", "15 minutes", "5 hours 20 minutes": rounded up, never shorter than the server said. */
export function waitText(seconds: number, lang: Language = "en"): string {
  return staffWaitText(lang, seconds);
}

/** The message of a 429: too many attempts, or (reason "codes") too many wrong codes for the account. */
export function throttledMessage(retryAfterSeconds: number, reason?: string, lang: Language = "en"): string {
  const wait = waitText(retryAfterSeconds, lang);
  return staffText(lang, reason === "codes" ? "throttle.codes" : "throttle.signIn", { wait });
}
