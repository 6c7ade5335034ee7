import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import { NEWS_PAGE_SIZE } from "#content/news/page-size.ts";
import { coverName } from "#content/images.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import type { ArticleSummary } from "#app/news/summaries.ts";
import { NewsMeta } from "./news-meta.tsx";
import { Picture } from "./picture.tsx";

export type NewsListProps = { articles: ArticleSummary[]; page: number; basePath: string };

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
}

/** "?page=N" for N > 1: page 1 is the list's own URL. */
export function pageHref(basePath: string, page: number): string {
  return page > 1 ? `${basePath}?page=${page}` : basePath;
}

function pageFromLocation(last: number): number {
  const page = Number(new URLSearchParams(window.location.search).get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= last ? page : 1;
}

const pageLink =
  "inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md border " +
  "border-slate-300 px-3 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

/**
 * The article grid with its pagination. Every page has its own URL, so the
 * links work without JavaScript; with it, changing page stays on the page
 * and scrolls smoothly to the top, where the new page starts.
 */
export function NewsList({ articles, page: initialPage, basePath }: NewsListProps) {
  const { t } = useLanguage();
  const last = pageCount(articles.length);
  const [page, setPage] = useState(initialPage);

  useEffect(() => {
    const onPopState = () => setPage(pageFromLocation(last));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [last]);

  const go = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    window.history.pushState(null, "", pageHref(basePath, target));
    setPage(target);
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const visible = articles.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);
  return (
    <>
      <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {visible.map((article, index) => (
          <li key={article.id}>
            <article
              className={
                "flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 " +
                "bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
              }
            >
              <Picture
                kind="cover"
                name={coverName(article.id)}
                alt={article.imageAlt}
                sizes="(min-width: 1024px) 22rem, (min-width: 768px) 50vw, 100vw"
                className="aspect-[1200/630] w-full object-cover"
                priority={index === 0}
              />
              <div className="flex flex-1 flex-col p-6">
                <NewsMeta article={article} />
                <h2 className="mt-3 text-xl font-bold">
                  <a href={article.href} className="hover:underline">
                    {article.title}
                  </a>
                </h2>
                <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{article.excerpt}</p>
                {/* The title in the link text: "Read more" alone says nothing out of context. */}
                <a
                  href={article.href}
                  className={
                    "mt-4 inline-flex min-h-10 items-center gap-1 font-semibold " +
                    "text-brand-700 hover:underline dark:text-brand-300"
                  }
                >
                  {t("news.readMore")}
                  <span className="sr-only">: {article.title}</span>
                  <ChevronRight aria-hidden="true" className="size-4" />
                </a>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <nav aria-label={t("news.pagination")} className="mt-12">
        <ul className="flex flex-wrap items-center justify-center gap-2">
          {page > 1 ? (
            <li>
              <a href={pageHref(basePath, page - 1)} rel="prev" onClick={go(page - 1)} className={pageLink}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                {t("news.previous")}
              </a>
            </li>
          ) : null}
          {Array.from({ length: last }, (_, i) => i + 1).map((n) => (
            <li key={n}>
              <a
                href={pageHref(basePath, n)}
                onClick={go(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={t("news.page", { page: n })}
                className={
                  `${pageLink} aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 ` +
                  `aria-[current=page]:text-white`
                }
              >
                {n}
              </a>
            </li>
          ))}
          {page < last ? (
            <li>
              <a href={pageHref(basePath, page + 1)} rel="next" onClick={go(page + 1)} className={pageLink}>
                {t("news.next")}
                <ChevronRight aria-hidden="true" className="size-4" />
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
    </>
  );
}
