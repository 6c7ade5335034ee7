import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 5,
  date: "2025-03-20",
  category: "dataAnalytics",
  readMinutes: 7,
  en: {
    title: "Clean Data In, Useful Insights Out: Data-Quality Pipelines for AI",
    excerpt:
      "News and social media data is noisy. Deduplication, spam filtering, relevance scoring " +
      "and sentiment analysis turn it into a reliable basis for AI-driven analysis.",
    imageAlt: "Abstract illustration of data streams passing through a series of filters, in teal and indigo tones",
    body: [
      {
        type: "p",
        text:
          "Anyone who analyses news articles and social media posts with AI quickly learns that the quality of " +
          "the results depends far more on the input data than on the choice of model. Raw feeds contain the " +
          "same agency report in dozens of versions, automated spam, off-topic mentions and posts whose tone " +
          "is hard to read. Without cleaning, these distortions flow straight into dashboards and decisions.",
      },
      { type: "h2", text: "Four stages of a robust pipeline" },
      {
        type: "p",
        text:
          "In our projects, we structure data preparation as a pipeline with clearly separated " +
          "stages. Each stage can be tested, measured and improved on its own:",
      },
      {
        type: "ul",
        items: [
          "Deduplication: exact copies are removed via hashes, near-duplicates such as slightly " +
            "rewritten agency reports via methods like MinHash or embedding similarity.",
          "Spam filtering: simple rules catch obvious cases, while a trained " +
            "classifier detects bot-like posts, advertising and link farms.",
          "Relevance scoring: each document receives a score for how well it matches the topic in " +
            "question, so that a company name that is also a common word does not produce false hits.",
          "Sentiment analysis: models adapted to the domain assess the tone, ideally per " +
            "aspect, for example separately for product, service and price.",
        ],
      },
      {
        type: "p",
        text:
          "The order matters. Removing duplicates and spam first saves computing costs in the more expensive " +
          "later stages and prevents a single viral post from skewing the overall picture of sentiment. " +
          "Thresholds should be set deliberately and documented, because every filter also discards some valid " +
          "content.",
      },
      {
        type: "p",
        text:
          "Just as important is ongoing quality control. We regularly review random samples from each stage by " +
          "hand, log how many documents each filter removes and watch for sudden changes. A jump in the spam " +
          "rate or a drop in relevant hits is often the first sign that a source has changed its format or " +
          "that a new topic needs its own rules.",
      },
    ],
  },
  de: {
    title: "Saubere Daten, belastbare Erkenntnisse: Datenqualitäts-Pipelines für KI",
    excerpt:
      "Nachrichten- und Social-Media-Daten sind verrauscht. Deduplizierung, Spamfilter, " +
      "Relevanzbewertung und Sentimentanalyse machen daraus eine verlässliche Grundlage für KI-Analysen.",
    imageAlt:
      "Abstrakte Illustration von Datenströmen, die eine Reihe von Filtern durchlaufen, in Petrol- und Indigotönen",
    body: [
      {
        type: "p",
        text:
          "Wer Nachrichtenartikel und Social-Media-Beiträge mit KI auswertet, merkt schnell: Die Qualität der " +
          "Ergebnisse hängt weit stärker von den Eingangsdaten ab als von der Wahl des Modells. Rohe " +
          "Datenströme enthalten dieselbe Agenturmeldung in Dutzenden Varianten, automatisierten Spam, " +
          "themenfremde Erwähnungen und Beiträge, deren Tonfall schwer zu deuten ist. Ohne Bereinigung fließen " +
          "diese Verzerrungen direkt in Dashboards und Entscheidungen ein.",
      },
      { type: "h2", text: "Vier Stufen einer robusten Pipeline" },
      {
        type: "p",
        text:
          "In unseren Projekten gliedern wir die Datenaufbereitung als Pipeline mit klar " +
          "getrennten Stufen. Jede Stufe lässt sich einzeln testen, messen und verbessern:",
      },
      {
        type: "ul",
        items: [
          "Deduplizierung: Exakte Kopien werden über Hashwerte entfernt, Beinahe-Duplikate wie leicht " +
            "umformulierte Agenturmeldungen über Verfahren wie MinHash oder Embedding-Ähnlichkeit.",
          "Spamfilter: Einfache Regeln fangen offensichtliche Fälle ab, ein trainierter " +
            "Klassifikator erkennt botartige Beiträge, Werbung und Linkfarmen.",
          "Relevanzbewertung: Jedes Dokument erhält einen Wert dafür, wie gut es zum jeweiligen Thema passt, " +
            "damit etwa ein Firmenname, der zugleich ein gängiges Wort ist, keine Fehltreffer erzeugt.",
          "Sentimentanalyse: Auf die Domäne angepasste Modelle bewerten den Tonfall, " +
            "idealerweise pro Aspekt, zum Beispiel getrennt nach Produkt, Service und Preis.",
        ],
      },
      {
        type: "p",
        text:
          "Die Reihenfolge ist wichtig. Wer Duplikate und Spam zuerst entfernt, spart Rechenkosten in den " +
          "aufwendigeren späteren Stufen und verhindert, dass ein einzelner viraler Beitrag das Stimmungsbild " +
          "verzerrt. Schwellenwerte sollten bewusst gesetzt und dokumentiert werden, denn jeder Filter " +
          "verwirft auch einige gültige Inhalte.",
      },
      {
        type: "p",
        text:
          "Ebenso wichtig ist eine laufende Qualitätskontrolle. Wir prüfen regelmäßig Stichproben aus jeder " +
          "Stufe von Hand, protokollieren, wie viele Dokumente jeder Filter entfernt, und achten auf " +
          "plötzliche Veränderungen. Ein Sprung in der Spamquote oder ein Rückgang relevanter Treffer ist oft " +
          "das erste Anzeichen dafür, dass eine Quelle ihr Format geändert hat oder ein neues Thema eigene " +
          "Regeln braucht.",
      },
    ],
  },
};
