// Picks the dictionary entries a response needs, in the request's language.
import { type Language, negotiateLanguage } from "#shared/i18n/languages.ts";
import type { Localized } from "#content/types.ts";
import { splitLanguagePrefix } from "#shared/site/paths.ts";
import { de } from "./de.ts";
import { en, type Messages } from "./en.ts";
import { pickByPrefix } from "./language.tsx";

const dictionaries: Record<Language, Messages> = { en, de };

/** Key prefixes used by the shell on every page (navbar, footer, dialogs). */
const SHARED_PREFIXES = ["common", "nav", "footer", "consent", "popup", "ticker", "notFound", "legal"];

type LanguageSource = { lang: Language; negotiated: boolean };

function languageSource(request: Request): LanguageSource {
  // Loaders also answer the router's data requests ("/de.data"), which prerendering makes too.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  // The staff area keeps its own language, the staff member's (app/routes/admin/layout.tsx): not the site's.
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return { lang: "en", negotiated: false };
  const { lang } = splitLanguagePrefix(pathname);
  if (lang) return { lang, negotiated: false };
  return {
    lang: negotiateLanguage({
      cookie: request.headers.get("cookie"),
      acceptLanguage: request.headers.get("accept-language"),
    }),
    negotiated: true,
  };
}

/** The page's language: its URL prefix, else the visitor's stored choice or browser language. */
export function requestLanguage(request: Request): Language {
  return languageSource(request).lang;
}

/** Whether the page's language was chosen for the visitor (an unprefixed public URL) rather than by its URL. */
export function isLanguageNegotiated(request: Request): boolean {
  return languageSource(request).negotiated;
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
