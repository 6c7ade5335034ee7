import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 11,
  date: "2025-02-27",
  category: "sustainableTechnology",
  readMinutes: 6,
  en: {
    title: "The Energy Cost of AI Inference and How to Reduce It",
    excerpt:
      "Every answer from a language model consumes electricity. Efficient models, right-sized GPUs and " +
      "green data centres can shrink that footprint noticeably without sacrificing quality.",
    imageAlt: "Abstract illustration of a glowing circuit-board leaf above a server rack, in green tones",
    body: [
      {
        type: "p",
        text:
          "Discussions about the energy use of artificial intelligence often focus on training large models. " +
          "For companies that use AI in daily operations, however, inference matters more: the computing work " +
          "required every time a model answers a question, classifies a document or generates a text. A single " +
          "request uses little energy, but thousands of requests a day, every day, add up to a considerable " +
          "and permanent load.",
      },
      {
        type: "p",
        text:
          "The good news is that inference is also where companies have the most influence. Training happens " +
          "once, often at the model provider. How a model is operated, on which hardware and in which data " +
          "centre, is a decision each organisation makes for itself.",
      },
      { type: "h2", text: "The levers that make a difference" },
      {
        type: "p",
        text:
          "In our projects, we look at efficiency from the start, because it saves " +
          "money as well as energy. The most effective measures are:",
      },
      {
        type: "ul",
        items: [
          "Choosing the smallest model that reliably solves the task, " +
            "instead of defaulting to the largest one available",
          "Shrinking models through quantisation and distillation, with only a small loss in quality",
          "Right-sizing GPUs and batching requests, so that expensive " +
            "hardware is well utilised rather than sitting idle",
          "Hosting in data centres that run on renewable electricity and reuse their waste heat",
          "Caching frequent answers, so that identical questions do not trigger a new computation",
        ],
      },
      {
        type: "p",
        text:
          "Measurement is the foundation for all of this. Many GPUs and cloud platforms report power " +
          "consumption, and logging energy per request alongside latency and cost makes trade-offs visible. " +
          "Often a smaller, specialised model turns out to be faster, cheaper and more sustainable at the same " +
          "time.",
      },
      {
        type: "p",
        text:
          "Sustainability and economic efficiency rarely conflict here. An AI system that needs fewer " +
          "resources is easier to scale and easier to justify, both to management and in sustainability " +
          "reporting.",
      },
    ],
  },
  de: {
    title: "Der Energiebedarf von KI-Inferenz und wie Sie ihn senken",
    excerpt:
      "Jede Antwort eines Sprachmodells verbraucht Strom. Effiziente Modelle, passend dimensionierte GPUs " +
      "und grüne Rechenzentren verkleinern diesen Fußabdruck spürbar, ohne Abstriche bei der Qualität.",
    imageAlt: "Abstrakte Illustration eines leuchtenden Blatts aus Leiterbahnen über einem Serverschrank in Grüntönen",
    body: [
      {
        type: "p",
        text:
          "Wenn über den Energieverbrauch künstlicher Intelligenz gesprochen wird, geht es meist um das " +
          "Training großer Modelle. Für Unternehmen, die KI im Alltag einsetzen, ist jedoch die Inferenz " +
          "entscheidender: die Rechenarbeit, die jedes Mal anfällt, wenn ein Modell eine Frage beantwortet, " +
          "ein Dokument einordnet oder einen Text erzeugt. Eine einzelne Anfrage verbraucht wenig Energie, " +
          "doch Tausende Anfragen pro Tag, jeden Tag, summieren sich zu einer erheblichen und dauerhaften Last.",
      },
      {
        type: "p",
        text:
          "Die gute Nachricht: Gerade bei der Inferenz haben Unternehmen den größten Einfluss. Trainiert wird " +
          "einmal, oft beim Modellanbieter. Wie ein Modell betrieben wird, auf welcher Hardware und in welchem " +
          "Rechenzentrum, entscheidet jede Organisation selbst.",
      },
      { type: "h2", text: "Die Hebel, die den Unterschied machen" },
      {
        type: "p",
        text:
          "In unseren Projekten betrachten wir die Effizienz von Anfang an, denn sie " +
          "spart Geld ebenso wie Energie. Die wirksamsten Maßnahmen sind:",
      },
      {
        type: "ul",
        items: [
          "Das kleinste Modell wählen, das die Aufgabe zuverlässig löst, " +
            "statt automatisch zum größten verfügbaren zu greifen",
          "Modelle durch Quantisierung und Destillation verkleinern, bei nur geringen Qualitätseinbußen",
          "GPUs passend dimensionieren und Anfragen bündeln, damit teure " +
            "Hardware ausgelastet ist, statt im Leerlauf zu stehen",
          "In Rechenzentren hosten, die mit Strom aus erneuerbaren Quellen arbeiten und ihre Abwärme weiternutzen",
          "Häufige Antworten zwischenspeichern, damit identische Fragen keine neue Berechnung auslösen",
        ],
      },
      {
        type: "p",
        text:
          "Grundlage für all das ist das Messen. Viele GPUs und Cloud-Plattformen weisen den Stromverbrauch " +
          "aus, und wer die Energie pro Anfrage zusammen mit Latenz und Kosten protokolliert, macht " +
          "Zielkonflikte sichtbar. Oft erweist sich ein kleineres, spezialisiertes Modell als schneller, " +
          "günstiger und nachhaltiger zugleich.",
      },
      {
        type: "p",
        text:
          "Nachhaltigkeit und Wirtschaftlichkeit stehen hier selten im Widerspruch. Ein KI-System, das weniger " +
          "Ressourcen benötigt, lässt sich leichter skalieren und besser begründen – gegenüber der " +
          "Geschäftsleitung ebenso wie in der Nachhaltigkeitsberichterstattung.",
      },
    ],
  },
};
