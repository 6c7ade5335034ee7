// What the news list and feed show of an article, in one language.
import type { Language } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { CATEGORY_LABELS } from "#content/news/categories.ts";
import { ARTICLES } from "#content/news/index.ts";
import type { NewsArticle } from "#content/types.ts";

export type ArticleSummary = {
  id: number;
  href: string;
  title: string;
  excerpt: string;
  imageAlt: string;
  date: string;
  /** "April 3, 2025" / "3. April 2025" */
  dateText: string;
  category: string;
  readMinutes: number;
};

export function formatArticleDate(isoDate: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(isoDate),
  );
}

export function summarize(article: NewsArticle, lang: Language): ArticleSummary {
  const text = article[lang];
  return {
    id: article.id,
    href: localizePath(lang, `/news/${article.id}`),
    title: text.title,
    excerpt: text.excerpt,
    imageAlt: text.imageAlt,
    date: article.date,
    dateText: formatArticleDate(article.date, lang),
    category: CATEGORY_LABELS[lang][article.category],
    readMinutes: article.readMinutes,
  };
}

/** A headline of the news ticker: an article's title, its date and where it is. */
export type TickerHeadline = { title: string; date: string; href: string };

/** How many headlines the ticker runs. */
export const TICKER_SIZE = 6;

/** The newest articles as the ticker's headlines, in one language. */
export function tickerHeadlines(lang: Language): TickerHeadline[] {
  return ARTICLES.slice(0, TICKER_SIZE).map((article) => {
    const { title, date, href } = summarize(article, lang);
    return { title, date, href };
  });
}
