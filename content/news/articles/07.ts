import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 7,
  date: "2025-03-13",
  category: "business",
  readMinutes: 4,
  en: {
    title: "Measuring the ROI of AI Projects: From the First Use Case to Production",
    excerpt:
      "Many AI projects start with enthusiasm and end without a clear business case. A " +
      "baseline, honest cost accounting and the right metrics make the return measurable.",
    imageAlt: "Abstract illustration of a rising line chart merging into a network of nodes, in indigo and green tones",
    body: [
      {
        type: "p",
        text:
          "Whether an AI project pays off is often only asked when the budget for the next phase is due. By " +
          "then, the basis for a reliable answer is usually missing: nobody recorded how long the process took " +
          "before or which error rate was considered normal. We therefore recommend defining how success will " +
          "be measured before the first line of code is written.",
      },
      { type: "h2", text: "What belongs in an honest calculation" },
      {
        type: "p",
        text:
          "A sound ROI assessment compares the full costs with measurable " +
          "benefits. The following points are frequently underestimated:",
      },
      {
        type: "ul",
        items: [
          "A baseline: the time, cost and quality of the current " +
            "process, measured on real cases rather than estimated.",
          "Full costs: besides licences and inference, also integration, data " +
            "preparation, operations, monitoring, training and ongoing maintenance.",
          "Clear benefit metrics: for example processing time per case, error rate, " +
            "throughput or response time to customers, each with an agreed target.",
          "Adoption: a system that saves time only pays off if employees " +
            "actually use it, so usage should be measured as well.",
        ],
      },
      {
        type: "p",
        text:
          "The numbers change between pilot and production. Pilots often look more favourable because they run " +
          "on clean data and with committed users, while integration and operating costs only become visible " +
          "later. Conversely, production brings economies of scale that a pilot cannot show. We therefore " +
          "re-evaluate the calculation at each stage and adjust the scope if the benefit falls short of " +
          "expectations.",
      },
      {
        type: "p",
        text:
          "Not every benefit fits neatly into a spreadsheet. Faster answers for customers, more consistent " +
          "quality or relief for experienced staff are real effects, even if they are harder to price. We " +
          "document them alongside the hard figures, so that decisions rest on a complete picture rather than " +
          "on a single number.",
      },
    ],
  },
  de: {
    title: "Den ROI von KI-Projekten messen: vom ersten Anwendungsfall bis zum Betrieb",
    excerpt:
      "Viele KI-Projekte starten mit Begeisterung und enden ohne klaren Business Case. Eine " +
      "Ausgangsbasis, ehrliche Kostenrechnung und die richtigen Kennzahlen machen den Nutzen messbar.",
    imageAlt:
      "Abstrakte Illustration eines steigenden Liniendiagramms, das in " +
      "ein Netz aus Knoten übergeht, in Indigo- und Grüntönen",
    body: [
      {
        type: "p",
        text:
          "Ob sich ein KI-Projekt lohnt, wird oft erst gefragt, wenn das Budget für die nächste Phase ansteht. " +
          "Dann fehlt meist die Grundlage für eine belastbare Antwort: Niemand hat festgehalten, wie lange der " +
          "Prozess vorher dauerte oder welche Fehlerquote als normal galt. Wir empfehlen deshalb, schon vor " +
          "der ersten Zeile Code festzulegen, wie Erfolg gemessen wird.",
      },
      { type: "h2", text: "Was in eine ehrliche Rechnung gehört" },
      {
        type: "p",
        text:
          "Eine fundierte ROI-Betrachtung stellt die vollständigen Kosten einem " +
          "messbaren Nutzen gegenüber. Folgende Punkte werden häufig unterschätzt:",
      },
      {
        type: "ul",
        items: [
          "Eine Ausgangsbasis: Zeit, Kosten und Qualität des bisherigen " +
            "Prozesses, an echten Fällen gemessen statt geschätzt.",
          "Vollständige Kosten: neben Lizenzen und Inferenz auch Integration, " +
            "Datenaufbereitung, Betrieb, Monitoring, Schulung und laufende Wartung.",
          "Klare Nutzenkennzahlen: etwa Bearbeitungszeit pro Vorgang, Fehlerquote, Durchsatz oder " +
            "Antwortzeit gegenüber Kunden, jeweils mit einem vereinbarten Zielwert.",
          "Akzeptanz: Ein System, das Zeit spart, rechnet sich nur, wenn die Mitarbeitenden es " +
            "tatsächlich nutzen. Deshalb sollte auch die Nutzung gemessen werden.",
        ],
      },
      {
        type: "p",
        text:
          "Zwischen Pilot und Betrieb verändern sich die Zahlen. Pilotprojekte wirken oft günstiger, weil sie " +
          "mit sauberen Daten und engagierten Nutzern laufen, während Integrations- und Betriebskosten erst " +
          "später sichtbar werden. Umgekehrt entstehen im Betrieb Skaleneffekte, die ein Pilot nicht zeigen " +
          "kann. Wir bewerten die Rechnung daher in jeder Phase neu und passen den Umfang an, wenn der Nutzen " +
          "hinter den Erwartungen zurückbleibt.",
      },
      {
        type: "p",
        text:
          "Nicht jeder Nutzen lässt sich sauber in einer Tabelle abbilden. Schnellere Antworten für Kunden, " +
          "gleichmäßigere Qualität oder die Entlastung erfahrener Fachkräfte sind reale Effekte, auch wenn sie " +
          "schwerer zu beziffern sind. Wir dokumentieren sie neben den harten Zahlen, damit Entscheidungen auf " +
          "einem vollständigen Bild beruhen und nicht auf einer einzelnen Kennzahl.",
      },
    ],
  },
};
