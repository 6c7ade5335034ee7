// The public pages of the site: one entry per page, from which the route
// table, the prerender list and the sitemap are all derived.
import { ARTICLES } from "#content/news/index.ts";
import { CONTACT_PATH } from "#shared/contact/contact-page.ts";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";

export type PublicPage = {
  id: string;
  /** Language-neutral path ("/about"): the page also lives at /en/... and /de/.... */
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Rendered by the server whenever its data changes (the status page), not at build time. */
  live?: true;
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { id: "home", path: "/", file: "routes/site/home.tsx" },
  { id: "aiServices", path: "/ai-services", file: "routes/site/ai-services.tsx" },
  { id: "digitalConsulting", path: "/digital-consulting", file: "routes/site/digital-consulting.tsx" },
  { id: "projects", path: "/projects", file: "routes/site/projects.tsx" },
  { id: "about", path: "/about", file: "routes/site/about.tsx" },
  { id: "news", path: "/news", file: "routes/site/news.tsx" },
  { id: "newsArticle", path: "/news/:id", file: "routes/site/news-article.tsx" },
  { id: "contact", path: CONTACT_PATH, file: "routes/site/contact.tsx" },
  { id: "careers", path: "/careers", file: "routes/site/careers.tsx" },
  { id: "imprint", path: "/imprint", file: "routes/site/imprint.tsx" },
  { id: "privacy", path: "/privacy-policy", file: "routes/site/privacy-policy.tsx" },
  { id: "terms", path: "/terms-of-service", file: "routes/site/terms-of-service.tsx" },
  { id: "status", path: "/status", file: "routes/site/status.tsx", live: true },
];

/** Language-neutral paths of every page: the pages without parameters and each news article. */
export function sitePaths(): string[] {
  const pages = PUBLIC_PAGES.filter((page) => !page.path.includes(":")).map((page) => page.path);
  return [...pages, ...ARTICLES.map((article) => `/news/${article.id}`)];
}

/** The pages made at build time: all but the live ones, which the server renders when their data changes. */
export function builtPaths(): string[] {
  const live = new Set(PUBLIC_PAGES.filter((page) => page.live).map((page) => page.path));
  return sitePaths().filter((path) => !live.has(path));
}

/** The live pages' language-neutral paths. */
export function livePaths(): string[] {
  return PUBLIC_PAGES.filter((page) => page.live).map((page) => page.path);
}

/** The news feeds, one per language. */
export function feedPath(lang: (typeof LANGUAGES)[number]): string {
  return `/${lang}/news/rss.xml`;
}

/** Everything React Router renders at build time: every page (the contact form's token comes in a cookie). */
export function prerenderPaths(): string[] {
  const pages = builtPaths().flatMap((path) => LANGUAGES.map((lang) => localizePath(lang, path)));
  return [...pages, ...LANGUAGES.map(feedPath), "/sitemap.xml", "/robots.txt"];
}
