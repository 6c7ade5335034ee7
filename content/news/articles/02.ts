import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 2,
  date: "2025-04-01",
  category: "research",
  readMinutes: 6,
  en: {
    title: "Small, Distilled Language Models: When Less Is More for Business Tasks",
    excerpt:
      "Compact models trained on the outputs of larger ones can match them on narrow, well-defined " +
      "tasks. We explain when a small model is the better choice and when it is not.",
    imageAlt: "Abstract illustration of a large sphere passing light into a smaller sphere, in teal and indigo tones",
    body: [
      {
        type: "p",
        text:
          "For a long time, the rule for language models seemed simple: bigger is better. For open-ended " +
          "conversation and complex reasoning, that still largely holds. For narrow, clearly defined business " +
          "tasks, however, research and practical experience increasingly point in another direction. Small " +
          "models, often with only a few billion parameters, can come close to much larger models or even " +
          "match them when they are trained specifically for one job.",
      },
      {
        type: "p",
        text:
          'A key technique behind this is distillation. A large "teacher" model generates answers, labels or ' +
          'explanations for many examples, and a smaller "student" model learns from them. Combined with ' +
          "fine-tuning on a company's own data, the result is a compact model that handles one task very well " +
          "instead of many tasks reasonably well.",
      },
      { type: "h2", text: "When a small model is the better choice" },
      {
        type: "p",
        text:
          "Whether a small model is suitable depends less on the technology than on the " +
          "task. In our experience, the following signs speak in its favour:",
      },
      {
        type: "ul",
        items: [
          "The task is clearly delimited, for example classifying support " +
            "tickets, extracting fields from invoices or routing emails.",
          "There is a reliable way to check quality, ideally a labelled test set built from real cases.",
          "Requests arrive in high volume, so inference costs and response times matter.",
          "Data must stay on your own infrastructure or in a specific data centre for data-protection reasons.",
          "The inputs are fairly uniform and rarely require broad world knowledge.",
        ],
      },
      {
        type: "p",
        text:
          "A large model remains the better choice when tasks vary widely, require multi-step reasoning or " +
          "change frequently. A pragmatic path is often to start with a large model, collect real requests and " +
          "reviewed answers, and then distil a small model once the task has stabilised. Whatever you choose, " +
          "the deciding factor should be a measurement on your own data, not a benchmark table.",
      },
    ],
  },
  de: {
    title: "Kleine, destillierte Sprachmodelle: Wann weniger mehr ist",
    excerpt:
      "Kompakte Modelle, die aus den Ausgaben größerer Modelle lernen, können bei eng umrissenen Aufgaben " +
      "mithalten. Wir zeigen, wann ein kleines Modell die bessere Wahl ist und wann nicht.",
    imageAlt:
      "Abstrakte Illustration einer großen Kugel, die Licht an eine " +
      "kleinere Kugel weitergibt, in Petrol- und Indigotönen",
    body: [
      {
        type: "p",
        text:
          "Lange schien bei Sprachmodellen eine einfache Regel zu gelten: Größer ist besser. Für offene " +
          "Dialoge und komplexes Schlussfolgern trifft das weitgehend noch immer zu. Bei eng umrissenen, klar " +
          "definierten Geschäftsaufgaben weisen Forschung und Praxiserfahrung jedoch zunehmend in eine andere " +
          "Richtung. Kleine Modelle mit oft nur wenigen Milliarden Parametern können deutlich größeren " +
          "Modellen nahekommen oder sie sogar erreichen, wenn sie gezielt für eine Aufgabe trainiert werden.",
      },
      {
        type: "p",
        text:
          "Eine zentrale Technik dahinter ist die Destillation. Ein großes „Lehrermodell“ erzeugt für viele " +
          "Beispiele Antworten, Labels oder Begründungen, und ein kleineres „Schülermodell“ lernt daraus. " +
          "Kombiniert mit einem Fine-Tuning auf den eigenen Unternehmensdaten entsteht so ein kompaktes " +
          "Modell, das eine Aufgabe sehr gut beherrscht statt vieler Aufgaben einigermaßen gut.",
      },
      { type: "h2", text: "Wann ein kleines Modell die bessere Wahl ist" },
      {
        type: "p",
        text:
          "Ob ein kleines Modell passt, hängt weniger von der Technik ab als von der " +
          "Aufgabe. Nach unserer Erfahrung sprechen folgende Anzeichen dafür:",
      },
      {
        type: "ul",
        items: [
          "Die Aufgabe ist klar abgegrenzt, etwa das Klassifizieren von Support-Tickets, das " +
            "Auslesen von Feldern aus Rechnungen oder das Weiterleiten von E-Mails.",
          "Es gibt einen verlässlichen Weg, die Qualität zu prüfen, " +
            "idealerweise einen annotierten Testdatensatz aus echten Fällen.",
          "Anfragen fallen in großer Zahl an, sodass Inferenzkosten und Antwortzeiten ins Gewicht fallen.",
          "Die Daten müssen aus Datenschutzgründen auf der eigenen " +
            "Infrastruktur oder in einem bestimmten Rechenzentrum bleiben.",
          "Die Eingaben sind recht einheitlich und erfordern selten breites Weltwissen.",
        ],
      },
      {
        type: "p",
        text:
          "Ein großes Modell bleibt die bessere Wahl, wenn die Aufgaben stark variieren, mehrstufiges " +
          "Schlussfolgern erfordern oder sich häufig ändern. Ein pragmatischer Weg ist oft, mit einem großen " +
          "Modell zu beginnen, echte Anfragen und geprüfte Antworten zu sammeln und ein kleines Modell zu " +
          "destillieren, sobald sich die Aufgabe stabilisiert hat. Entscheidend sollte in jedem Fall eine " +
          "Messung auf Ihren eigenen Daten sein, nicht eine Benchmark-Tabelle.",
      },
    ],
  },
};
