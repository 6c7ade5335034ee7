import { Moon, Sun } from "lucide-react";
import { useEffect } from "react";
import { useLanguage } from "#app/i18n/language.tsx";
import { THEME_STORAGE_KEY } from "#shared/site/storage-keys.ts";
import { readStorage, writeStorage } from "./browser-storage.ts";

function applyTheme(dark: boolean) {
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}

/** Switches light and dark and remembers the choice (the public site and the staff area share it). */
export function toggleTheme(): void {
  const dark = !document.documentElement.classList.contains("dark");
  applyTheme(dark);
  writeStorage("local", THEME_STORAGE_KEY, dark ? "dark" : "light");
}

/**
 * Light/dark switch. The head script applied the theme before the first
 * paint; the label and icon follow the same class through CSS, so the server
 * markup never disagrees with what is shown.
 */
export function ThemeToggle() {
  const { t } = useLanguage();

  // Follow the system setting for as long as the visitor has not chosen.
  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = (event: MediaQueryListEvent) => {
      if (!readStorage("local", THEME_STORAGE_KEY)) applyTheme(event.matches);
    };
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);

  return (
    <button
      type="button"
      onClick={toggleTheme}
      className="inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
      <span className="sr-only dark:hidden">{t("nav.themeDark")}</span>
      <span className="hidden dark:inline dark:sr-only">{t("nav.themeLight")}</span>
    </button>
  );
}
