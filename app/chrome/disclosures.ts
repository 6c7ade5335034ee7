// The navigation's menus are <details> disclosures: they open and close
// without JavaScript and expose their state to assistive technology. This adds
// what a visitor expects of a menu on top: a click outside or Escape closes it
// (Escape returns focus to its toggle), choosing a link closes it, and closing
// a menu also closes the menus inside it, so they open closed the next time.
import { DISMISSABLE_ATTRIBUTE } from "./markup.ts";

function close(menu: HTMLDetailsElement) {
  menu.open = false;
}

export function enhanceDisclosures(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>(`details[${DISMISSABLE_ATTRIBUTE}]`)];
  if (menus.length === 0) return;
  const openMenus = () => menus.filter((menu) => menu.open);
  document.addEventListener("pointerdown", (event) => {
    for (const menu of openMenus()) if (!menu.contains(event.target as Node)) close(menu);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of openMenus()) {
      close(menu);
      menu.querySelector("summary")?.focus();
    }
  });
  for (const menu of menus) {
    menu.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a")) close(menu);
    });
    menu.addEventListener("toggle", () => {
      if (menu.open) return;
      for (const inner of menu.querySelectorAll("details")) inner.open = false;
    });
  }
}
