import { Calendar, Clock } from "lucide-react";
import { useLanguage } from "#app/i18n/language.tsx";
import type { ArticleSummary } from "#app/news/summaries.ts";

/** Category badge, date and read time of an article. */
export function NewsMeta({
  article,
}: {
  article: Pick<ArticleSummary, "category" | "date" | "dateText" | "readMinutes">;
}) {
  const { t } = useLanguage();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
      <span
        className={
          "rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold " +
          "text-brand-900 dark:bg-brand-900 dark:text-brand-100"
        }
      >
        {article.category}
      </span>
      <span className="inline-flex items-center gap-1">
        <Calendar aria-hidden="true" className="size-4" />
        <time dateTime={article.date}>{article.dateText}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {t("news.minRead", { minutes: article.readMinutes })}
      </span>
    </div>
  );
}
