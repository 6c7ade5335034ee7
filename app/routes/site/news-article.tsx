import { ArrowLeft } from "lucide-react";
import { redirect } from "react-router";
import { localizePath, splitLanguagePrefix } from "#shared/site/paths.ts";
import { findArticle } from "#content/news/index.ts";
import { coverName, IMAGE_KINDS, imageUrl } from "#content/images.ts";
import { company } from "#shared/company.ts";
import { JsonLd } from "#app/components/json-ld.tsx";
import { NewsMeta } from "#app/components/news-meta.tsx";
import { PageMeta, useSiteUrl } from "#app/components/page-meta.tsx";
import { Picture } from "#app/components/picture.tsx";
import { RichText } from "#app/components/rich-text.tsx";
import { buttonPrimary } from "#app/components/ui.tsx";
import { useLanguage } from "#app/i18n/language.tsx";
import { pickMessages, requestLanguage } from "#app/i18n/messages.server.ts";
import { summarize } from "#app/news/summaries.ts";
import type { Route } from "./+types/news-article";

export function loader({ request, params }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const article = /^\d+$/.test(params.id) ? findArticle(Number(params.id)) : undefined;
  // An id that matches no article goes to the list, with a real redirect, rather than a dead end.
  if (!article) {
    const prefixed = splitLanguagePrefix(new URL(request.url).pathname).lang !== null;
    throw redirect(prefixed ? localizePath(lang, "/news") : "/news", 302);
  }
  return { lang, messages: pickMessages(lang, ["news"]), summary: summarize(article, lang), body: article[lang].body };
}

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { t, href, lang } = useLanguage();
  const siteUrl = useSiteUrl();
  const { summary, body } = loaderData;
  const cover = IMAGE_KINDS.cover;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={`${summary.title} – ${company.brand}`} description={summary.excerpt} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "NewsArticle",
          headline: summary.title,
          description: summary.excerpt,
          datePublished: summary.date,
          inLanguage: lang,
          image: [`${siteUrl}${imageUrl("cover", coverName(summary.id), cover.width, "webp")}`],
          mainEntityOfPage: `${siteUrl}${summary.href}`,
          author: { "@type": "Organization", name: company.legalName, url: siteUrl },
          publisher: {
            "@type": "Organization",
            name: company.legalName,
            logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
          },
        }}
      />
      <a
        href={href("/news")}
        className={
          "inline-flex min-h-10 items-center gap-2 font-medium " + "text-brand-700 hover:underline dark:text-brand-300"
        }
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("news.back")}
      </a>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">{summary.title}</h1>
      <div className="mt-4">
        <NewsMeta article={summary} />
      </div>
      <div className="mt-8 overflow-hidden rounded-xl">
        <Picture
          kind="cover"
          name={coverName(summary.id)}
          alt={summary.imageAlt}
          sizes="(min-width: 48rem) 46rem, 100vw"
          className="h-[400px] w-full object-cover"
          priority
        />
      </div>
      <div className="mt-6">
        <RichText blocks={body} />
      </div>
      <aside className="mt-12 rounded-xl bg-brand-50 p-8 text-center dark:bg-slate-900">
        <h2 className="text-2xl font-bold">{t("news.promoTitle")}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t("news.promoText")}</p>
        <a href={href("/contact")} className={`${buttonPrimary} mt-6`}>
          {t("news.promoButton")}
        </a>
      </aside>
    </article>
  );
}
