import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 1,
  date: "2025-04-03",
  category: "industryNews",
  readMinutes: 5,
  en: {
    title: "EU AI Act: What Companies Building on General-Purpose Models Should Prepare Now",
    excerpt:
      "The first bans have applied since 2 February 2025, and rules for general-purpose AI models " +
      "follow on 2 August. Here is what businesses building on these models should do now.",
    imageAlt: "Abstract illustration of a balance scale above a circuit pattern, in indigo and blue tones",
    body: [
      {
        type: "p",
        text:
          "The EU AI Act entered into force on 1 August 2024, but its obligations apply in stages. Since 2 " +
          "February 2025, the bans on prohibited practices have been in effect, among them social scoring, " +
          "manipulative techniques that exploit people's vulnerabilities and emotion recognition in the " +
          "workplace. Since the same date, companies using AI must also ensure sufficient AI literacy among " +
          "their staff.",
      },
      {
        type: "p",
        text:
          "The next milestone is 2 August 2025. From then on, providers of general-purpose AI models, such as " +
          "the large language models behind many assistants, must keep technical documentation, inform " +
          "downstream providers, have a policy for complying with EU copyright law and publish a summary of " +
          "their training content. Models with systemic risk face additional duties.",
      },
      { type: "h2", text: "What this means if you build on such models" },
      {
        type: "p",
        text:
          "Most companies are not model providers: they use a model via an API or host an open model and build " +
          "their own applications on top. The rules still matter to them, because they rely on their " +
          "providers' documentation, and substantial changes such as extensive fine-tuning can shift provider " +
          "obligations onto them. We recommend five steps:",
      },
      {
        type: "ul",
        items: [
          "Create an inventory of all AI systems and models in use, " +
            "including tools that teams have adopted on their own.",
          "Check each use case against the list of prohibited practices and document the result.",
          "Ask your model providers which documentation they will provide " +
            "from August and how they will keep it current.",
          "Classify your own applications by risk level to see early whether high-risk requirements could apply later.",
          "Set up a training plan that covers AI literacy for everyone working with these systems.",
        ],
      },
      {
        type: "p",
        text:
          "None of this requires a large compliance programme. A clear overview, documented decisions and " +
          "named responsibilities make the later deadlines in 2026 and 2027 much easier to meet. With fines " +
          "for prohibited practices of up to 35 million euros or 7 percent of global annual turnover, the " +
          "first step is worth taking now.",
      },
    ],
  },
  de: {
    title: "EU AI Act: Was Anwender von KI-Basismodellen jetzt vorbereiten sollten",
    excerpt:
      "Seit dem 2. Februar 2025 gelten die ersten Verbote, am 2. August folgen die Regeln für KI-Modelle mit " +
      "allgemeinem Verwendungszweck. Was Unternehmen, die darauf aufbauen, jetzt tun sollten.",
    imageAlt: "Abstrakte Illustration einer Waage über einem Schaltkreismuster in Indigo- und Blautönen",
    body: [
      {
        type: "p",
        text:
          "Der EU AI Act ist am 1. August 2024 in Kraft getreten, seine Pflichten greifen jedoch schrittweise. " +
          "Seit dem 2. Februar 2025 gelten die Verbote bestimmter KI-Praktiken, darunter Social Scoring, " +
          "manipulative Techniken, die die Schutzbedürftigkeit von Menschen ausnutzen, und Emotionserkennung " +
          "am Arbeitsplatz. Ebenfalls seit diesem Datum müssen Unternehmen, die KI einsetzen, für ausreichende " +
          "KI-Kompetenz ihrer Beschäftigten sorgen.",
      },
      {
        type: "p",
        text:
          "Der nächste Stichtag ist der 2. August 2025. Ab dann müssen Anbieter von KI-Modellen mit " +
          "allgemeinem Verwendungszweck, etwa der großen Sprachmodelle hinter vielen Assistenten, eine " +
          "technische Dokumentation führen, nachgelagerte Anbieter informieren, eine Strategie zur Einhaltung " +
          "des EU-Urheberrechts vorweisen und eine Zusammenfassung ihrer Trainingsinhalte veröffentlichen. Für " +
          "Modelle mit systemischem Risiko gelten zusätzliche Pflichten.",
      },
      { type: "h2", text: "Was das für Unternehmen bedeutet, die auf solchen Modellen aufbauen" },
      {
        type: "p",
        text:
          "Die meisten Unternehmen sind keine Modellanbieter: Sie nutzen ein Modell per API oder betreiben ein " +
          "offenes Modell selbst und entwickeln darauf eigene Anwendungen. Betroffen sind sie trotzdem, denn " +
          "sie sind auf die Dokumentation ihrer Anbieter angewiesen, und wesentliche Änderungen wie ein " +
          "umfangreiches Fine-Tuning können Anbieterpflichten auf sie verlagern. Wir empfehlen fünf Schritte:",
      },
      {
        type: "ul",
        items: [
          "Erstellen Sie ein Verzeichnis aller eingesetzten KI-Systeme und -Modelle, " +
            "einschließlich der Werkzeuge, die Teams eigenständig nutzen.",
          "Prüfen Sie jeden Anwendungsfall anhand der Liste verbotener Praktiken und dokumentieren Sie das Ergebnis.",
          "Fragen Sie Ihre Modellanbieter, welche Dokumentation sie ab " +
            "August bereitstellen und wie sie diese aktuell halten.",
          "Ordnen Sie Ihre Anwendungen nach Risikostufen ein, um früh zu " +
            "erkennen, ob später Hochrisiko-Anforderungen gelten könnten.",
          "Legen Sie einen Schulungsplan fest, der die KI-Kompetenz aller " +
            "Beschäftigten abdeckt, die mit diesen Systemen arbeiten.",
        ],
      },
      {
        type: "p",
        text:
          "Dafür ist kein großes Compliance-Programm nötig. Ein klarer Überblick, dokumentierte Entscheidungen " +
          "und benannte Verantwortliche erleichtern es erheblich, die weiteren Fristen in den Jahren 2026 und " +
          "2027 einzuhalten. Da bei verbotenen Praktiken Bußgelder von bis zu 35 Millionen Euro oder 7 Prozent " +
          "des weltweiten Jahresumsatzes drohen, lohnt sich der erste Schritt schon jetzt.",
      },
    ],
  },
};
