import { ArrowLeft } from "lucide-react";
import type { LegalDocument } from "#content/types.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import type { NavItem } from "./nav-items.ts";
import { PageMeta } from "./page-meta.tsx";
import { RichText } from "./rich-text.tsx";

const LEGAL_PAGES: readonly NavItem[] = [
  { path: "/imprint", label: "footer.imprint" },
  { path: "/privacy-policy", label: "footer.privacy" },
  { path: "/terms-of-service", label: "footer.terms" },
];

/**
 * The imprint, privacy policy and terms: back link, the document, cross links. The navigation bar above holds the
 * language switch; a second one here read as two "English" buttons.
 */
export function LegalPage({ document, path }: { document: LegalDocument; path: string }) {
  const { t, href } = useLanguage();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={document.meta.title} description={document.meta.description} />
      <div>
        <a
          href={href("/")}
          className={
            "inline-flex min-h-10 items-center gap-2 font-medium " +
            "text-brand-700 hover:underline dark:text-brand-300"
          }
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("common.backToHome")}
        </a>
      </div>
      <h1 className="mt-8 text-3xl font-extrabold tracking-tight sm:text-4xl">{document.heading}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{document.intro}</p>
      {document.lastUpdated ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {t("legal.lastUpdated", { date: document.lastUpdated })}
        </p>
      ) : null}
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2 id={section.id} className="mt-10 text-2xl font-bold tracking-tight">
            {section.heading}
          </h2>
          <RichText blocks={section.blocks} />
        </section>
      ))}
      <nav aria-label={t("legal.otherPages")} className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-800">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {LEGAL_PAGES.filter((page) => page.path !== path).map((page) => (
            <li key={page.path}>
              <a
                href={href(page.path)}
                className="inline-flex min-h-10 items-center font-medium text-brand-700 underline dark:text-brand-300"
              >
                {t(page.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
