// Every time of day the site shows is written in the company's zone and named
// by it ("27 Nov 2026, 10:26 CET"), so the server's HTML and every browser
// agree; a reader elsewhere gets their own time beside it ("your time: …").
// Formatters are made once per language, zone and style: each holds native
// (ICU) memory, and a page of incidents would otherwise make hundreds.
import type { Language } from "#shared/i18n/languages.ts";

/** The zone the company lives in, unless the monitoring configuration names another. */
export const COMPANY_TIME_ZONE = "Europe/Berlin";

/** "27 Nov 2026, 10:26", "Fri 27 Nov, 10:26" or "10:26"; `seconds` adds them ("10:26:07"). */
export type ZonedStyle = "date-time" | "weekday-time" | "time";

export type ZonedOptions = { lang: Language; timeZone: string; style?: ZonedStyle; seconds?: boolean };

const LOCALES: Record<Language, string> = { en: "en-GB", de: "de-DE" };
// "day" only tells whether two zones' clocks fall on the same date.
const STYLES: Record<ZonedStyle | "day", Intl.DateTimeFormatOptions> = {
  "date-time": { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" },
  "weekday-time": { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
  time: { hour: "2-digit", minute: "2-digit" },
  day: { year: "numeric", month: "2-digit", day: "2-digit" },
};
const formats = new Map<string, Intl.DateTimeFormat>();

type FormatKey = Omit<ZonedOptions, "style"> & { style?: ZonedStyle | "day" };

function formatFor(options: FormatKey, named: boolean): Intl.DateTimeFormat {
  const style = options.style ?? "date-time";
  const key = `${options.lang}|${options.timeZone}|${style}|${options.seconds === true}|${named}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[options.lang], {
      ...STYLES[style],
      ...(options.seconds ? { second: "2-digit" } : {}),
      ...(named ? { timeZoneName: "short" } : {}),
      timeZone: options.timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

function toDate(moment: number | string | Date): Date | undefined {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The moment in `timeZone`, named by the zone: "27 Nov 2026, 10:26 CET"; "–" for no valid moment. */
export function formatInZone(moment: number | string | Date, options: ZonedOptions): string {
  const date = toDate(moment);
  return date ? formatFor(options, true).format(date) : "–";
}

const dayIn = (date: Date, timeZone: string) => formatFor({ lang: "en", timeZone, style: "day" }, false).format(date);

/**
 * The moment in the company's zone and, where the visitor's clock reads otherwise, in the visitor's: null when
 * the visitor's zone is unknown (the server's render) or shows the same (another zone with the same offset and
 * name). The visitor's side has a date only where it falls on another day than the company's (a time of day
 * alone then gets its weekday).
 */
export function zonedTime(
  moment: number | string | Date,
  options: { lang: Language; companyZone: string; visitorZone: string | null; style?: ZonedStyle; seconds?: boolean },
): { company: string; visitor: string | null } {
  const { lang, companyZone, visitorZone, seconds } = options;
  const style = options.style ?? "date-time";
  const company = formatInZone(moment, { lang, timeZone: companyZone, style, seconds });
  const date = toDate(moment);
  if (!date || !visitorZone || visitorZone === companyZone) return { company, visitor: null };
  if (formatInZone(date, { lang, timeZone: visitorZone, style, seconds }) === company)
    return { company, visitor: null };
  // The visitor's date only where it differs from the company's: "10:26 CET (your time: 04:26 GMT-5)".
  const sameDay = dayIn(date, visitorZone) === dayIn(date, companyZone);
  const visitor = formatInZone(date, {
    lang,
    timeZone: visitorZone,
    style: sameDay ? "time" : style === "time" ? "weekday-time" : style,
    seconds,
  });
  return { company, visitor };
}

/** The visitor's zone as the browser reports it; null where there is none (a server, a stripped runtime). */
export function visitorTimeZone(): string | null {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
}
