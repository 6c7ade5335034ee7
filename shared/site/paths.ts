// Language-prefixed URLs: every public page lives at /en/... and /de/..., and
// at its unprefixed path, which serves the visitor's language.
import { LANGUAGES, type Language } from "#shared/i18n/languages.ts";

/** Splits a pathname into its language prefix (if any) and the neutral path. */
export function splitLanguagePrefix(pathname: string): { lang: Language | null; path: string } {
  for (const lang of LANGUAGES) {
    if (pathname === `/${lang}`) return { lang, path: "/" };
    if (pathname.startsWith(`/${lang}/`)) return { lang, path: pathname.slice(lang.length + 1) };
  }
  return { lang: null, path: pathname };
}

/** The URL of a neutral path in one language: ("de", "/about") -> "/de/about". */
export function localizePath(lang: Language, path: string): string {
  return path === "/" ? `/${lang}` : `/${lang}${path}`;
}

/** The same page in another language, keeping the query string. */
export function switchLanguageHref(pathname: string, search: string, to: Language): string {
  return localizePath(to, splitLanguagePrefix(pathname).path) + search;
}
