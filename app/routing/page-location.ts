import { useLocation } from "react-router";
import { otherLanguage, type Language } from "#shared/i18n/languages.ts";
import { splitLanguagePrefix, switchLanguageHref } from "#shared/site/paths.ts";

export type PageLocation = {
  /** The pathname without a trailing slash (prerendering requests "/en/about/"). */
  pathname: string;
  /** The language-neutral path: "/de/about" -> "/about". */
  path: string;
  search: string;
  /** The same page in the other language. */
  languageHref: string;
};

export function usePageLocation(lang: Language): PageLocation {
  const location = useLocation();
  const pathname = location.pathname.replace(/(.)\/+$/, "$1");
  return {
    pathname,
    path: splitLanguagePrefix(pathname).path,
    search: location.search,
    languageHref: switchLanguageHref(pathname, location.search, otherLanguage(lang)),
  };
}
