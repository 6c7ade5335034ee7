// Times on the status page, in the company's time zone and the page's
// language ("24 Nov 2026, 14:05 CET"), the same on the server and any browser.
// Formatters are made once per language and zone: each holds native (ICU)
// memory, and a page of 90 days for several services would make hundreds.
import type { Language } from "#shared/i18n/languages.ts";
import { formatInZone } from "#shared/time/zoned-time.ts";

const LOCALES: Record<Language, string> = { en: "en-GB", de: "de-DE" };
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function shared<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/** "24 Nov 2026, 14:05 CET": the shared form every staff and status page time takes (shared/time/zoned-time.ts). */
export function formatStatusTime(iso: string, lang: Language, timeZone: string): string {
  return formatInZone(iso, { lang, timeZone });
}

/** Days already written: every service of a page shows the same 90, and formatting is the costly part. */
const days = new Map<string, string>();

/** "24 Nov 2026" for a day given as "2026-11-24" (noon UTC, so no zone moves it to another day). */
export function formatStatusDay(date: string, lang: Language): string {
  const key = `${lang}|${date}`;
  let text = days.get(key);
  if (text === undefined) {
    text = shared(
      `day|${lang}`,
      () => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeZone: "UTC" }),
    ).format(new Date(`${date}T12:00:00Z`));
    // Days move on: a year of them in both languages at most.
    if (days.size >= 800) days.clear();
    days.set(key, text);
  }
  return text;
}

export function formatUptime(value: number | null, lang: Language): string | null {
  if (value === null) return null;
  const format = shared(
    `uptime|${lang}`,
    () => new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  return `${format.format(value)} %`;
}
