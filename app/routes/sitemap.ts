import { LANGUAGES } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { sitePaths } from "#app/routing/pages.ts";
import { siteUrl } from "#app/settings.server.ts";

// Every page at each of its URLs (en, de, and the unprefixed x-default), each
// entry listing all alternates, as Google's sitemap format for hreflang asks.
export function loader() {
  const origin = siteUrl();
  const entries = sitePaths().flatMap((path) => {
    const alternates = [
      ...LANGUAGES.map((lang) => ({ hreflang: lang, href: origin + localizePath(lang, path) })),
      { hreflang: "x-default", href: origin + path },
    ];
    const links = alternates
      .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${alt.href}"/>`)
      .join("\n");
    return alternates.map((url) => `  <url>\n    <loc>${url.href}</loc>\n${links}\n  </url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>
`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
