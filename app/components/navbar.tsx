import { ChevronDown, Menu, X } from "lucide-react";
import { useLanguage } from "#app/i18n/language.tsx";
import { DISMISSABLE_ATTRIBUTE } from "#app/chrome/markup.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { Logo } from "./logo.tsx";
import { MAIN_LINKS, SERVICE_LINKS, type NavItem } from "./nav-items.ts";
import { ThemeToggle } from "./theme-toggle.tsx";

// Menus are <details> disclosures: they open without JavaScript, expose their
// expanded state to assistive technology, and need no focus trap. Their icons
// follow the open state through CSS; app/chrome/disclosures.ts adds closing on
// a click outside, on Escape and when a link is chosen.

const dismissable = { [DISMISSABLE_ATTRIBUTE]: "" };

const linkClass =
  "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-slate-100 " +
  "aria-[current=page]:text-brand-700 dark:hover:bg-slate-800 dark:aria-[current=page]:text-brand-300";

/** The <li> items of a list of menu links. */
function NavItems(props: { items: readonly NavItem[]; current: string; className: string }) {
  const { t } = useLanguage();
  return props.items.map((item) => (
    <li key={item.path}>
      <NavItemLink path={item.path} current={props.current} className={props.className}>
        {t(item.label)}
      </NavItemLink>
    </li>
  ));
}

/** A menu link that marks the current page (or section, for news articles). */
function NavItemLink(props: { path: string; current: string; className: string; children: string }) {
  const { href } = useLanguage();
  const active = props.current === props.path || props.current.startsWith(`${props.path}/`);
  return (
    <a href={href(props.path)} aria-current={active ? "page" : undefined} className={props.className}>
      {props.children}
    </a>
  );
}

function ServicesMenu({ current }: { current: string }) {
  const { t } = useLanguage();
  return (
    <details {...dismissable} className="group relative">
      <summary
        className={
          "inline-flex min-h-10 cursor-pointer items-center gap-1 rounded-md px-3 " +
          "text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        }
      >
        {t("nav.services")}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul
        className={
          "absolute left-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white " +
          "p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        }
      >
        <NavItems items={SERVICE_LINKS} current={current} className={`${linkClass} w-full`} />
      </ul>
    </details>
  );
}

function MobileMenu({ current }: { current: string }) {
  const { t } = useLanguage();
  const itemClass = `${linkClass} w-full text-base`;
  return (
    <details {...dismissable} className="group/menu md:hidden">
      <summary
        className={
          "inline-flex size-10 cursor-pointer items-center justify-center " +
          "rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
        }
      >
        <Menu aria-hidden="true" className="size-6 group-open/menu:hidden" />
        <X aria-hidden="true" className="hidden size-6 group-open/menu:block" />
        <span className="sr-only">{t("nav.menu")}</span>
      </summary>
      <div
        id="mobile-menu"
        className={
          "absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b " +
          "border-slate-200 bg-white px-4 py-3 shadow-lg dark:border-slate-700 dark:bg-slate-950"
        }
      >
        <ul className="flex flex-col gap-1">
          <li>
            <details className="group/services">
              <summary
                className={
                  "inline-flex min-h-10 w-full cursor-pointer items-center justify-between rounded-md " +
                  "px-3 text-base font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
                }
              >
                {t("nav.services")}
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 transition-transform group-open/services:rotate-180"
                />
              </summary>
              <ul className="ml-4 flex flex-col gap-1 border-l border-slate-200 pl-2 dark:border-slate-700">
                <NavItems items={SERVICE_LINKS} current={current} className={itemClass} />
              </ul>
            </details>
          </li>
          <NavItems items={MAIN_LINKS} current={current} className={itemClass} />
        </ul>
      </div>
    </details>
  );
}

/**
 * The sticky site navigation. `current` is the language-neutral path of the
 * page, `languageHref` the same page in the other language.
 */
export function Navbar({ current, languageHref }: { current: string; languageHref: string }) {
  const { t, href } = useLanguage();
  return (
    <header
      className={
        "sticky top-0 z-40 border-b border-slate-200 bg-white/95 " +
        "backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
      }
    >
      <nav aria-label={t("nav.main")} className="relative mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <a href={href("/")} aria-label={t("nav.home")} className="mr-auto min-w-0 rounded-md">
          <Logo />
        </a>
        <ul className="hidden items-center gap-1 md:flex">
          <li>
            <ServicesMenu current={current} />
          </li>
          <NavItems items={MAIN_LINKS} current={current} className={linkClass} />
        </ul>
        <LanguageSwitch href={languageHref} />
        <ThemeToggle />
        <MobileMenu current={current} />
      </nav>
    </header>
  );
}
