import { useRouteLoaderData } from "react-router";
import { LANGUAGES } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { OG_IMAGE } from "#content/images.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import type { loader as rootLoader } from "#app/root.tsx";
import { usePageLocation } from "#app/routing/page-location.ts";

/** Query parameters that make a distinct, indexable page (news pagination). */
const CANONICAL_PARAMS = ["page"];

function canonicalSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of CANONICAL_PARAMS) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/** Public origin of the site (from the root loader), without a trailing slash. */
export function useSiteUrl(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.siteUrl ?? "";
}

/**
 * Title, description, a self-referencing canonical and hreflang alternates
 * (en, de, and x-default at the unprefixed URL). React hoists these into <head>.
 */
export function PageMeta({
  title,
  description,
  noindex = false,
}: {
  title: string;
  description: string;
  noindex?: boolean;
}) {
  const { lang } = useLanguage();
  const location = usePageLocation(lang);
  const siteUrl = useSiteUrl();
  const { path } = location;
  const search = canonicalSearch(location.search);
  const self = `${siteUrl}${location.pathname}${search}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <>
          <link rel="canonical" href={self} />
          {LANGUAGES.map((alt) => (
            <link key={alt} rel="alternate" hrefLang={alt} href={`${siteUrl}${localizePath(alt, path)}${search}`} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${path}${search}`} />
        </>
      )}
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={self} />
      <meta property="og:locale" content={lang === "de" ? "de_DE" : "en_US"} />
      <meta property="og:image" content={`${siteUrl}${OG_IMAGE.url}`} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
    </>
  );
}
