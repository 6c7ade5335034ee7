import { Moon, Sun } from "lucide-react";
import { useLanguage } from "#app/i18n/language.tsx";
import { THEME_TOGGLE_ATTRIBUTE } from "#app/chrome/markup.ts";

/**
 * Light/dark switch (app/chrome/theme.ts switches). The head script applied
 * the theme before the first paint; the label and icon follow the same class
 * through CSS, so the server markup never disagrees with what is shown.
 */
export function ThemeToggle() {
  const { t } = useLanguage();
  return (
    <button
      type="button"
      {...{ [THEME_TOGGLE_ATTRIBUTE]: "" }}
      className="inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
      <span className="sr-only dark:hidden">{t("nav.themeDark")}</span>
      <span className="hidden dark:inline dark:sr-only">{t("nav.themeLight")}</span>
    </button>
  );
}
