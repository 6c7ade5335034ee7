// Times on the status page, in the company's time zone and the page's
// language ("24 Nov 2026, 14:05 CET"), the same on the server and any browser.
import type { Language } from "#shared/i18n/languages.ts";

const LOCALES: Record<Language, string> = { en: "en-GB", de: "de-DE" };

export function formatStatusTime(iso: string, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" }).format(
    new Date(iso),
  );
}

/** "24 Nov 2026" for a day given as "2026-11-24" (noon UTC, so no zone moves it to another day). */
export function formatStatusDay(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

export function formatUptime(value: number | null, lang: Language): string | null {
  if (value === null) return null;
  return `${new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} %`;
}
