import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 12,
  date: "2025-02-24",
  category: "industryInsights",
  readMinutes: 5,
  en: {
    title: "Private Cloud or Public Cloud GPUs? Hosting Language Models on Your Own Terms",
    excerpt:
      "Where a language model runs affects cost, control and GDPR compliance. We compare " +
      "private infrastructure with rented cloud GPUs and explain when each option fits.",
    imageAlt:
      "Abstract illustration of two server towers linked by a data stream beneath a cloud, in blue and grey tones",
    body: [
      {
        type: "p",
        text:
          "Companies that want to use language models with their own data soon face a basic question: should " +
          "the model run on rented GPUs in a public cloud, or on dedicated hardware in a private cloud, " +
          "whether in their own server room or with a colocation provider? Both approaches work. The right " +
          "answer depends less on technology than on usage patterns, data and in-house skills.",
      },
      { type: "h2", text: "Cost: flexible rent or fixed investment" },
      {
        type: "p",
        text:
          "Public cloud GPUs are billed by the hour and can be up and running within minutes. That is ideal " +
          "for pilots, fluctuating workloads and experiments with different model sizes. With steady, high " +
          "utilisation, however, rental costs add up, and dedicated hardware can become cheaper over its " +
          "lifetime. A private cloud, in turn, requires upfront investment, power, cooling and people who can " +
          "operate it.",
      },
      {
        type: "p",
        text:
          "Control and data protection are often the deciding factors. When personal or confidential data is " +
          "processed, the GDPR requires a clear picture of where data is stored, who can access it and which " +
          "sub-processors are involved. Public cloud providers offer EU regions and data processing " +
          "agreements, but questions about transfers to third countries and access by foreign authorities " +
          "remain part of the assessment. A private cloud keeps the entire chain in your own hands. Key " +
          "questions for the decision:",
      },
      {
        type: "ul",
        items: [
          "How evenly is the GPU load spread across the day and the year?",
          "Which data will the model see, and how sensitive is it?",
          "Do you have the skills to run GPU servers, or do you want to build them?",
          "How important is independence from a single provider's prices and terms?",
        ],
      },
      {
        type: "p",
        text:
          "In practice, we often recommend a hybrid path: validate the use case and measure real demand in an " +
          "EU-hosted public cloud first, then move stable and sensitive workloads to your own infrastructure " +
          "once the numbers justify it. Open-weight models make this switch much easier, because the same " +
          "model can run in both environments.",
      },
    ],
  },
  de: {
    title: "Private Cloud oder Public-Cloud-GPUs? Sprachmodelle nach eigenen Regeln betreiben",
    excerpt:
      "Wo ein Sprachmodell läuft, bestimmt Kosten, Kontrolle und DSGVO-Konformität. Wir vergleichen eigene " +
      "Infrastruktur mit gemieteten Cloud-GPUs und zeigen, wann sich welche Variante eignet.",
    imageAlt:
      "Abstrakte Illustration zweier Servertürme, verbunden durch einen " +
      "Datenstrom unter einer Wolke, in Blau- und Grautönen",
    body: [
      {
        type: "p",
        text:
          "Unternehmen, die Sprachmodelle mit eigenen Daten nutzen möchten, stehen schnell vor einer " +
          "Grundsatzfrage: Soll das Modell auf gemieteten GPUs in einer Public Cloud laufen oder auf " +
          "dedizierter Hardware in einer Private Cloud – im eigenen Serverraum oder bei einem " +
          "Colocation-Anbieter? Beide Wege funktionieren. Die richtige Antwort hängt weniger von der Technik " +
          "ab als von Nutzungsmustern, Daten und den eigenen Fähigkeiten.",
      },
      { type: "h2", text: "Kosten: flexible Miete oder feste Investition" },
      {
        type: "p",
        text:
          "GPUs in der Public Cloud werden stundenweise abgerechnet und sind in wenigen Minuten einsatzbereit. " +
          "Das ist ideal für Pilotprojekte, schwankende Last und Experimente mit unterschiedlichen " +
          "Modellgrößen. Bei gleichmäßig hoher Auslastung summieren sich die Mietkosten jedoch, und eigene " +
          "Hardware kann über ihre Lebensdauer günstiger werden. Eine Private Cloud erfordert dafür " +
          "Anfangsinvestitionen, Strom, Kühlung und Fachleute für den Betrieb.",
      },
      {
        type: "p",
        text:
          "Häufig geben Kontrolle und Datenschutz den Ausschlag. Werden personenbezogene oder vertrauliche " +
          "Daten verarbeitet, verlangt die DSGVO ein klares Bild davon, wo Daten gespeichert werden, wer " +
          "darauf zugreifen kann und welche Unterauftragsverarbeiter beteiligt sind. Public-Cloud-Anbieter " +
          "bieten EU-Regionen und Verträge zur Auftragsverarbeitung, doch Fragen zu Drittlandübermittlungen " +
          "und zum Zugriff ausländischer Behörden gehören weiterhin zur Prüfung. Eine Private Cloud hält die " +
          "gesamte Kette in eigener Hand. Wichtige Fragen für die Entscheidung:",
      },
      {
        type: "ul",
        items: [
          "Wie gleichmäßig verteilt sich die GPU-Last über den Tag und das Jahr?",
          "Welche Daten sieht das Modell, und wie sensibel sind sie?",
          "Verfügen Sie über das Know-how für den Betrieb von GPU-Servern, oder möchten Sie es aufbauen?",
          "Wie wichtig ist Ihnen die Unabhängigkeit von den Preisen und Bedingungen eines einzelnen Anbieters?",
        ],
      },
      {
        type: "p",
        text:
          "In der Praxis empfehlen wir oft einen hybriden Weg: zunächst in einer Public Cloud mit EU-Hosting " +
          "den Anwendungsfall validieren und den tatsächlichen Bedarf messen, dann stabile und sensible " +
          "Workloads in die eigene Infrastruktur verlagern, sobald die Zahlen es rechtfertigen. Modelle mit " +
          "offenen Gewichten erleichtern diesen Wechsel erheblich, weil dasselbe Modell in beiden Umgebungen " +
          "laufen kann.",
      },
    ],
  },
};
