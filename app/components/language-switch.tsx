import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_ATTRIBUTES,
  LANGUAGE_STORAGE_KEY,
  otherLanguage,
  type Language,
} from "#shared/i18n/languages.ts";
import { switchLanguageHref } from "#shared/site/paths.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { writeStorage } from "./browser-storage.ts";

/** Stores an explicit language choice: in local storage, which decides, and in
 *  a cookie, so the server renders unprefixed pages in it on the first paint. */
export function storeLanguageChoice(lang: Language) {
  writeStorage("local", LANGUAGE_STORAGE_KEY, lang);
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${lang}${LANGUAGE_COOKIE_ATTRIBUTES}${secure}`;
}

/** Goes to the same page in the other language (href from switchLanguageHref). */
export function LanguageSwitch({ href }: { href: string }) {
  const { lang, t } = useLanguage();
  const target = otherLanguage(lang);
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      onClick={(event) => {
        storeLanguageChoice(target);
        // An island may have changed the URL since the page was rendered (news pages).
        event.currentTarget.href = switchLanguageHref(window.location.pathname, window.location.search, target);
      }}
      className={
        "inline-flex min-h-10 items-center rounded-md border border-slate-300 px-3 text-sm " +
        "font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      }
    >
      {t("nav.languageSwitch")}
    </a>
  );
}
