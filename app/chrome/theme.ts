// Light and dark. The head script applied the stored or preferred theme before
// the first paint; the toggle's icon and label follow the "dark" class through
// CSS, so nothing here re-renders.
import { THEME_STORAGE_KEY } from "#shared/site/storage-keys.ts";
import { readStorage, writeStorage } from "#app/components/browser-storage.ts";
import { THEME_TOGGLE_ATTRIBUTE } from "./markup.ts";

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

/** Wires the page's theme buttons, and follows the system setting for as long as the visitor has not chosen. */
export function enhanceTheme(): void {
  for (const button of document.querySelectorAll(`[${THEME_TOGGLE_ATTRIBUTE}]`)) {
    button.addEventListener("click", toggleTheme);
  }
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (event) => {
    if (!readStorage("local", THEME_STORAGE_KEY)) applyTheme(event.matches);
  });
}
