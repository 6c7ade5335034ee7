// The language switch is a plain link to the same page in the other language.
// Following it also stores the choice, which then decides for unprefixed URLs.
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_ATTRIBUTES,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from "#shared/i18n/languages.ts";
import { switchLanguageHref } from "#shared/site/paths.ts";
import { writeStorage } from "#app/components/browser-storage.ts";
import { LANGUAGE_SWITCH_ATTRIBUTE } from "./markup.ts";

/** Stores an explicit language choice: in local storage, which decides, and in
 *  a cookie, so the server renders unprefixed pages in it on the first paint. */
export function storeLanguageChoice(lang: Language): void {
  writeStorage("local", LANGUAGE_STORAGE_KEY, lang);
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${lang}${LANGUAGE_COOKIE_ATTRIBUTES}${secure}`;
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function enhanceLanguageLinks(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[${LANGUAGE_SWITCH_ATTRIBUTE}]`)) {
    link.addEventListener("click", () => {
      const target = link.hreflang;
      if (!isLanguage(target)) return;
      storeLanguageChoice(target);
      // An island may have changed the URL since the page was rendered (news pages).
      link.href = switchLanguageHref(window.location.pathname, window.location.search, target);
    });
  }
}
