import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 3,
  date: "2025-03-27",
  category: "seoUpdates",
  readMinutes: 4,
  en: {
    title: "AI Answers in Search Results: What B2B Websites Should Do Now",
    excerpt:
      "Search engines increasingly answer questions directly with AI-generated summaries. Clear structure, " +
      "visible expertise and structured data help B2B websites remain part of those answers.",
    imageAlt: "Abstract illustration of a search bar above layered answer cards, in indigo and violet tones",
    body: [
      {
        type: "p",
        text:
          "Search engines increasingly place AI-generated summaries above the classic list of results. Instead " +
          "of ten links, users first see an answer compiled from several sources, usually with a few " +
          "references attached. For simple questions, many of them will not click any further.",
      },
      {
        type: "p",
        text:
          "For B2B websites, this is both a risk and an opportunity. Pages that merely repeat general " +
          "knowledge lose visibility. Pages that explain a topic clearly and competently have a good chance of " +
          "being cited as a source, and the visitors who still click through tend to arrive with a more " +
          "specific interest.",
      },
      { type: "h2", text: "Three levers for B2B websites" },
      {
        type: "ul",
        items: [
          "Clear structure: one topic per page, meaningful headings and a direct answer to the core question " +
            "in the first paragraphs make content easy to understand for people and machines alike.",
          "Visible expertise: name authors and their background, describe your own " +
            "projects and methods, and keep facts and figures up to date.",
          "Structured data: schema.org markup for your organisation, articles, services and " +
            "products tells search engines unambiguously what a page is about.",
        ],
      },
      {
        type: "p",
        text:
          "We also recommend looking at your metrics in a new way. If impressions in Google Search Console " +
          "remain stable while clicks fall, AI answers may be covering part of the demand. In that case, the " +
          "quality of enquiries becomes a better yardstick than pure traffic.",
      },
      {
        type: "p",
        text:
          "Finally, it pays to offer more than a summary can. Concrete examples from your industry, " +
          "comparisons, checklists and well-explained decision criteria give readers a reason to visit your " +
          "site, and they show potential clients how you think and work.",
      },
    ],
  },
  de: {
    title: "KI-Antworten in den Suchergebnissen: Was B2B-Websites jetzt tun sollten",
    excerpt:
      "Suchmaschinen beantworten Fragen zunehmend direkt mit KI-generierten Zusammenfassungen. Klare " +
      "Struktur, sichtbare Expertise und strukturierte Daten helfen B2B-Websites, darin vorzukommen.",
    imageAlt: "Abstrakte Illustration einer Suchleiste über gestaffelten Antwortkarten in Indigo- und Violetttönen",
    body: [
      {
        type: "p",
        text:
          "Suchmaschinen stellen immer häufiger KI-generierte Zusammenfassungen über die klassische " +
          "Ergebnisliste. Statt zehn Links sehen Nutzer zuerst eine Antwort, die aus mehreren Quellen " +
          "zusammengestellt wurde und meist einige Verweise enthält. Bei einfachen Fragen klicken viele danach " +
          "nicht mehr weiter.",
      },
      {
        type: "p",
        text:
          "Für B2B-Websites ist das Risiko und Chance zugleich. Seiten, die nur Allgemeinwissen wiederholen, " +
          "verlieren an Sichtbarkeit. Seiten, die ein Thema klar und kompetent erklären, haben gute " +
          "Aussichten, als Quelle genannt zu werden, und wer dann noch durchklickt, kommt meist mit einem " +
          "konkreteren Anliegen.",
      },
      { type: "h2", text: "Drei Hebel für B2B-Websites" },
      {
        type: "ul",
        items: [
          "Klare Struktur: Ein Thema pro Seite, aussagekräftige Überschriften und eine direkte Antwort auf " +
            "die Kernfrage in den ersten Absätzen machen Inhalte für Menschen und Maschinen gleichermaßen " +
            "verständlich.",
          "Sichtbare Expertise: Nennen Sie Autorinnen und Autoren mit ihrem Hintergrund, beschreiben " +
            "Sie eigene Projekte und Methoden und halten Sie Fakten und Zahlen aktuell.",
          "Strukturierte Daten: schema.org-Auszeichnungen für Ihr Unternehmen, Ihre Artikel, Leistungen " +
            "und Produkte teilen Suchmaschinen eindeutig mit, worum es auf einer Seite geht.",
        ],
      },
      {
        type: "p",
        text:
          "Außerdem empfehlen wir, die eigenen Kennzahlen neu zu betrachten. Bleiben die Impressionen in der " +
          "Google Search Console stabil, während die Klicks sinken, decken KI-Antworten möglicherweise einen " +
          "Teil der Nachfrage ab. Dann ist die Qualität der Anfragen ein besserer Maßstab als der reine " +
          "Traffic.",
      },
      {
        type: "p",
        text:
          "Schließlich lohnt es sich, mehr zu bieten, als eine Zusammenfassung leisten kann. Konkrete " +
          "Beispiele aus Ihrer Branche, Vergleiche, Checklisten und gut erklärte Entscheidungskriterien geben " +
          "Lesern einen Grund, Ihre Website zu besuchen, und zeigen potenziellen Kunden, wie Sie denken und " +
          "arbeiten.",
      },
    ],
  },
};
