import { Island } from "#app/islands/island.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { PageMeta } from "./page-meta.tsx";
import { buttonPrimary } from "./ui.tsx";

/** The not-found page: 404, "Oops! Page not found", a way home; the path goes to the console. */
export function NotFoundContent() {
  const { t, href } = useLanguage();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title={t("notFound.metaTitle")} description={t("notFound.text")} noindex />
      <Island name="not-found-logger" props={{}} />
      <p className="text-7xl font-extrabold text-brand-700 dark:text-brand-300">{t("notFound.code")}</p>
      <h1 className="mt-4 text-2xl font-bold">{t("notFound.heading")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("notFound.text")}</p>
      <a href={href("/")} className={`${buttonPrimary} mt-8`}>
        {t("notFound.back")}
      </a>
    </div>
  );
}
