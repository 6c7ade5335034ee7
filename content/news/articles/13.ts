import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 13,
  date: "2025-02-19",
  category: "seoUpdates",
  readMinutes: 4,
  en: {
    title: "Multilingual SEO for German and English Websites: URLs, hreflang, Canonicals",
    excerpt:
      "A bilingual website only performs well in search if each language has its own URL and " +
      "search engines understand how the versions relate. Here is what matters.",
    imageAlt: "Abstract illustration of two overlapping speech bubbles linked to a globe, in teal and orange tones",
    body: [
      {
        type: "p",
        text:
          "Many companies in Germany address their customers in both German and English. Technically, there " +
          "are several ways to build such a website, but search engines do not understand all of them equally " +
          "well. A common mistake is to switch the language via a cookie or script while the address stays the " +
          "same. Search engines then usually see only one version, and the other language barely appears in " +
          "the results.",
      },
      { type: "h2", text: "One URL per language" },
      {
        type: "p",
        text:
          "The most robust approach is to give each language version its own URL, for example with a path " +
          "prefix such as /de/ and /en/. Every page is then available in exactly one language and can be " +
          "crawled and linked on its own. On top of this structure, a few signals tell search engines how the " +
          "pages belong together:",
      },
      {
        type: "ul",
        items: [
          "hreflang annotations, in the HTML head or the XML sitemap, that list " +
            "every language version of a page, including the page itself",
          "An x-default entry for visitors whose language matches none of the alternatives",
          "A self-referencing canonical tag on each language version, never a " +
            "canonical from the German page to the English one or vice versa",
          "Consistent internal links, so that the German navigation leads to German pages",
        ],
      },
      {
        type: "p",
        text:
          "The translation itself deserves attention, too. Search terms rarely carry over one to one: what a " +
          "German buyer types into a search engine may differ considerably from a literal translation of the " +
          "English phrase. Titles, meta descriptions and headings should therefore be researched and written " +
          "for each language, not merely translated.",
      },
      {
        type: "p",
        text:
          "Finally, automatic redirects based on the browser language should be used with care. They can help " +
          "visitors, but crawlers must still be able to reach every version. In our projects, we pick a " +
          "language for addresses without a prefix and keep the prefixed URLs accessible to everyone.",
      },
    ],
  },
  de: {
    title: "Mehrsprachiges SEO für deutsche und englische Websites: URLs, hreflang, Canonicals",
    excerpt:
      "Eine zweisprachige Website ist nur dann gut auffindbar, wenn jede Sprache eine eigene URL hat " +
      "und Suchmaschinen verstehen, wie die Versionen zusammenhängen. Darauf kommt es an.",
    imageAlt:
      "Abstrakte Illustration zweier überlappender Sprechblasen, " +
      "verbunden mit einem Globus, in Petrol- und Orangetönen",
    body: [
      {
        type: "p",
        text:
          "Viele Unternehmen in Deutschland sprechen ihre Kundschaft auf Deutsch und Englisch an. Technisch " +
          "lässt sich eine solche Website auf verschiedene Arten umsetzen, doch nicht jede verstehen " +
          "Suchmaschinen gleich gut. Ein häufiger Fehler: Die Sprache wird per Cookie oder Skript " +
          "umgeschaltet, während die Adresse gleich bleibt. Suchmaschinen sehen dann meist nur eine Version, " +
          "und die andere Sprache taucht in den Ergebnissen kaum auf.",
      },
      { type: "h2", text: "Eine URL pro Sprache" },
      {
        type: "p",
        text:
          "Am robustesten ist es, jeder Sprachversion eine eigene URL zu geben, etwa mit einem Pfadpräfix wie " +
          "/de/ und /en/. Jede Seite ist dann in genau einer Sprache verfügbar und lässt sich eigenständig " +
          "crawlen und verlinken. Darauf aufbauend zeigen einige Signale den Suchmaschinen, wie die Seiten " +
          "zusammengehören:",
      },
      {
        type: "ul",
        items: [
          "hreflang-Angaben im HTML-Head oder in der XML-Sitemap, die alle " +
            "Sprachversionen einer Seite auflisten, einschließlich der Seite selbst",
          "Ein x-default-Eintrag für Besucherinnen und Besucher, deren Sprache zu keiner der Alternativen passt",
          "Ein selbstreferenzierendes Canonical-Tag auf jeder Sprachversion – niemals ein " +
            "Canonical von der deutschen auf die englische Seite oder umgekehrt",
          "Eine konsistente interne Verlinkung, damit die deutsche Navigation auf deutsche Seiten führt",
        ],
      },
      {
        type: "p",
        text:
          "Auch die Übersetzung selbst verdient Aufmerksamkeit. Suchbegriffe lassen sich selten eins zu eins " +
          "übertragen: Was ein deutscher Einkäufer in die Suchmaschine eingibt, kann sich deutlich von der " +
          "wörtlichen Übersetzung des englischen Begriffs unterscheiden. Titel, Meta-Beschreibungen und " +
          "Überschriften sollten daher für jede Sprache eigens recherchiert und formuliert werden, nicht bloß " +
          "übersetzt.",
      },
      {
        type: "p",
        text:
          "Automatische Weiterleitungen anhand der Browsersprache sollten Sie schließlich mit Bedacht " +
          "einsetzen. Sie können Besuchern helfen, doch Crawler müssen weiterhin jede Version erreichen. In " +
          "unseren Projekten legen wir für Adressen ohne Präfix eine Sprache fest und lassen die URLs mit " +
          "Präfix für alle zugänglich.",
      },
    ],
  },
};
