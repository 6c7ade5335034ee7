// Picks the dictionary entries a response needs, in the request's language.
import { type Language, negotiateLanguage } from "#shared/i18n/languages.ts";
import type { Localized } from "../../content/types.ts";
import { splitLanguagePrefix } from "#shared/site/paths.ts";
import { de } from "./de.ts";
import { en, type Messages } from "./en.ts";
import { pickByPrefix } from "./language.tsx";

const dictionaries: Record<Language, Messages> = { en, de };

/** Key prefixes used by the shell on every page (navbar, footer, dialogs). */
const SHARED_PREFIXES = ["common", "nav", "footer", "consent", "popup", "ticker", "notFound", "legal"];

/** The page's language: its URL prefix, else the visitor's stored choice or browser language. */
export function requestLanguage(request: Request): Language {
  // Loaders also answer the router's data requests ("/de.data"), which prerendering makes too.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  // The staff area is in English.
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "en";
  const { lang } = splitLanguagePrefix(pathname);
  return (
    lang ??
    negotiateLanguage({
      cookie: request.headers.get("cookie"),
      acceptLanguage: request.headers.get("accept-language"),
    })
  );
}

export function pickMessages(lang: Language, prefixes: readonly string[]): Partial<Messages> {
  return pickByPrefix(dictionaries[lang], prefixes);
}

export function sharedMessages(lang: Language): Partial<Messages> {
  return pickMessages(lang, SHARED_PREFIXES);
}

/**
 * Loader data of a page: its language, its copy in that language, and the
 * dictionary keys under the given prefixes (for UI strings it shares).
 */
export function pageData<T>(request: Request, content: Localized<T>, prefixes: readonly string[] = []) {
  const lang = requestLanguage(request);
  return { lang, content: content[lang], messages: pickMessages(lang, prefixes) };
}
