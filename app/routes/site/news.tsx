import { data, redirect } from "react-router";
import { ARTICLES } from "#content/news/index.ts";
import { news } from "#content/pages/news.ts";
import { pageCount } from "#app/components/news-list.tsx";
import { NotFoundContent } from "#app/components/not-found-content.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PageMeta } from "#app/components/page-meta.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import { Island } from "#app/islands/island.tsx";
import { summarize } from "#app/news/summaries.ts";
import { feedPath } from "#app/routing/pages.ts";
import type { Route } from "./+types/news";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const base = pageData(request, news, ["news"]);
  const raw = url.searchParams.get("page");
  const pathname = url.pathname.replace(/\.data$/, "");
  // One URL per page: "?page=1" is the list itself.
  if (raw === "1") throw redirect(pathname, 301);
  const page = raw === null ? 1 : /^\d+$/.test(raw) ? Number(raw) : NaN;
  const last = pageCount(ARTICLES.length);
  // A page past the end shows the last one; temporarily (302), as more articles will make it exist.
  if (page > last) throw redirect(last > 1 ? `${pathname}?page=${last}` : pathname, 302);
  if (!(page >= 1)) return data({ ...base, notFound: true as const }, { status: 404 });
  return {
    ...base,
    notFound: false as const,
    page,
    articles: ARTICLES.map((article) => summarize(article, base.lang)),
  };
}

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { t, lang, href } = useLanguage();
  if (loaderData.notFound) return <NotFoundContent />;
  const { content, page, articles } = loaderData;
  const title = page > 1 ? `${content.meta.title} – ${t("news.page", { page })}` : content.meta.title;
  return (
    <>
      <PageMeta title={title} description={content.meta.description} />
      <link rel="alternate" type="application/rss+xml" title={t("news.feedTitle")} href={feedPath(lang)} />
      <PageHeader heading={content.heading} intro={content.intro} />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Island name="news-list" props={{ articles, page, basePath: href("/news") }} />
        <p className="mt-8 text-center">
          <a href={feedPath(lang)} className="font-medium text-brand-700 underline dark:text-brand-300">
            {t("news.feed")}
          </a>
        </p>
      </div>
    </>
  );
}
