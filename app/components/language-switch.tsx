import { otherLanguage } from "#shared/i18n/languages.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { LANGUAGE_SWITCH_ATTRIBUTE } from "#app/chrome/markup.ts";

/** Goes to the same page in the other language (app/chrome/language-links.ts also stores the choice). */
export function LanguageSwitch({ href }: { href: string }) {
  const { lang, t } = useLanguage();
  const target = otherLanguage(lang);
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      {...{ [LANGUAGE_SWITCH_ATTRIBUTE]: "" }}
      className={
        "inline-flex min-h-10 items-center rounded-md border border-slate-300 px-3 text-sm " +
        "font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      }
    >
      {t("nav.languageSwitch")}
    </a>
  );
}
