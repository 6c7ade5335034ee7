// Quotation marks as each language writes them: “…” in English, „…“ in German.
import type { Language } from "#shared/i18n/languages.ts";

const MARKS: Record<Language, readonly [open: string, close: string]> = {
  en: ["\u201C", "\u201D"],
  de: ["\u201E", "\u201C"],
};

export function quote(lang: Language, text: string): string {
  const [open, close] = MARKS[lang];
  return `${open}${text}${close}`;
}
