import { ARTICLES } from "#content/news/index.ts";
import { news } from "#content/pages/news.ts";
import { pickMessages, requestLanguage } from "#app/i18n/messages.server.ts";
import { translate } from "#app/i18n/language.tsx";
import { summarize } from "#app/news/summaries.ts";
import { siteUrl } from "#app/settings.server.ts";
import { localizePath } from "#shared/site/paths.ts";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** RSS 2.0 feed of the news, one per language (/en/news/rss.xml, /de/news/rss.xml). */
export function loader({ request }: { request: Request }) {
  const lang = requestLanguage(request);
  const origin = siteUrl();
  const messages = pickMessages(lang, ["news"]);
  const items = ARTICLES.map((article) => {
    const summary = summarize(article, lang);
    const link = origin + summary.href;
    return `    <item>
      <title>${escapeXml(summary.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <pubDate>${new Date(`${article.date}T08:00:00Z`).toUTCString()}</pubDate>
      <category>${escapeXml(summary.category)}</category>
      <description>${escapeXml(summary.excerpt)}</description>
    </item>`;
  });
  const self = `${origin}${new URL(request.url).pathname.replace(/\.data$/, "")}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(translate(messages, "news.feedTitle"))}</title>
    <link>${origin}${localizePath(lang, "/news")}</link>
    <atom:link href="${self}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(news[lang].meta.description)}</description>
    <language>${lang === "de" ? "de-DE" : "en-US"}</language>
${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
