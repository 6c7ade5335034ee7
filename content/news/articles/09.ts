import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 9,
  date: "2025-03-06",
  category: "retailTech",
  readMinutes: 4,
  en: {
    title: "Demand Forecasting and Personalisation in Retail: What the Data Must Deliver",
    excerpt:
      "Machine learning can predict demand and tailor offers to each customer, but only " +
      "if the underlying data is clean, connected and available in time.",
    imageAlt: "Abstract illustration of a shopping basket and a rising curve, in teal tones",
    body: [
      {
        type: "p",
        text:
          "Retailers have always forecast demand, often with spreadsheets, experience and a good instinct for " +
          "the season. Machine learning does not replace that knowledge, but it can process far more signals " +
          "at once: sales history per store and item, promotions, public holidays, weather, price changes and " +
          "even local events. The result is a forecast that updates daily and picks up patterns that no one " +
          "could track by hand across thousands of products.",
      },
      {
        type: "p",
        text:
          "Personalisation follows the same logic from the customer's side. Instead of showing every visitor " +
          "the same offers, recommendation models learn from browsing and purchase behaviour which products " +
          "are likely to be relevant, and which are not.",
      },
      { type: "h2", text: "Good models start with good data" },
      {
        type: "p",
        text:
          "In our projects, the algorithm is rarely the bottleneck. Far more often, the data is scattered " +
          "across the till system, the online shop, merchandise management and the loyalty programme, with " +
          "different product codes and gaps in the history. Before any model is trained, it is worth checking " +
          "a few basics:",
      },
      {
        type: "ul",
        items: [
          "Consistent master data for products and stores, so that the same " +
            "item carries the same identifier in every channel",
          "Ideally two or more years of daily sales history, so that seasonal patterns appear more " +
            "than once, with stock-outs marked, since they otherwise look like low demand",
          "Documented promotions and price changes, because they explain many of the peaks in the data",
          "A legal basis and clear consent management for personal data used in personalisation, in line with the GDPR",
        ],
      },
      {
        type: "p",
        text:
          "Our advice is to start small: one product group, one region and a clearly measurable goal, such as " +
          "less waste in fresh produce or a higher share of relevant recommendations. Once the data pipeline " +
          "runs reliably, extending the approach to further categories is mostly a question of scaling rather " +
          "than starting over.",
      },
    ],
  },
  de: {
    title: "Bedarfsprognose und Personalisierung im Handel: Was die Daten leisten müssen",
    excerpt:
      "Maschinelles Lernen kann Nachfrage vorhersagen und Angebote auf einzelne Kunden zuschneiden " +
      "– vorausgesetzt, die Daten sind sauber, verknüpft und rechtzeitig verfügbar.",
    imageAlt: "Abstrakte Illustration eines Einkaufskorbs und einer steigenden Kurve in Petroltönen",
    body: [
      {
        type: "p",
        text:
          "Der Handel hat schon immer Bedarfe geplant – oft mit Tabellenkalkulation, Erfahrung und einem guten " +
          "Gespür für die Saison. Maschinelles Lernen ersetzt dieses Wissen nicht, kann aber weit mehr Signale " +
          "gleichzeitig verarbeiten: Abverkäufe je Filiale und Artikel, Aktionen, Feiertage, Wetter, " +
          "Preisänderungen und sogar lokale Veranstaltungen. Das Ergebnis ist eine Prognose, die sich täglich " +
          "aktualisiert und Muster erkennt, die bei Tausenden von Artikeln niemand von Hand überblicken könnte.",
      },
      {
        type: "p",
        text:
          "Personalisierung folgt derselben Logik aus Sicht der Kundschaft. Statt allen Besucherinnen und " +
          "Besuchern dieselben Angebote zu zeigen, lernen Empfehlungsmodelle aus Such- und Kaufverhalten, " +
          "welche Produkte voraussichtlich relevant sind – und welche nicht.",
      },
      { type: "h2", text: "Gute Modelle beginnen mit guten Daten" },
      {
        type: "p",
        text:
          "In unseren Projekten ist selten der Algorithmus der Engpass. Viel häufiger liegen die Daten " +
          "verstreut in Kassensystem, Onlineshop, Warenwirtschaft und Kundenbindungsprogramm, mit " +
          "unterschiedlichen Artikelnummern und Lücken in der Historie. Bevor ein Modell trainiert wird, lohnt " +
          "sich deshalb ein Blick auf einige Grundlagen:",
      },
      {
        type: "ul",
        items: [
          "Einheitliche Stammdaten für Artikel und Filialen, damit ein Produkt in allen Kanälen dieselbe Kennung trägt",
          "Möglichst zwei oder mehr Jahre Verkaufshistorie auf Tagesebene, damit saisonale Muster mehrfach " +
            "vorkommen, mit gekennzeichneten Fehlbeständen, die sonst wie geringe Nachfrage aussehen",
          "Dokumentierte Aktionen und Preisänderungen, denn sie erklären viele Spitzen in den Daten",
          "Eine Rechtsgrundlage und ein sauberes Einwilligungsmanagement für " +
            "personenbezogene Daten in der Personalisierung, im Einklang mit der DSGVO",
        ],
      },
      {
        type: "p",
        text:
          "Unser Rat: klein anfangen. Eine Warengruppe, eine Region und ein klar messbares Ziel, etwa weniger " +
          "Abschriften bei Frischware oder ein höherer Anteil relevanter Empfehlungen. Sobald die Datenstrecke " +
          "zuverlässig läuft, ist die Ausweitung auf weitere Sortimente vor allem eine Frage der Skalierung " +
          "und kein Neubeginn.",
      },
    ],
  },
};
