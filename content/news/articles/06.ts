import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 6,
  date: "2025-03-17",
  category: "aiEthics",
  readMinutes: 6,
  en: {
    title: "Bias Audits, Documentation and Transparency: Using Language Models Responsibly",
    excerpt:
      "Language models can reproduce biases from their training data. Systematic audits, solid " +
      "documentation and honest communication help companies deploy them responsibly.",
    imageAlt: "Abstract illustration of a magnifying glass over balanced geometric shapes, in indigo and amber tones",
    body: [
      {
        type: "p",
        text:
          "Language models learn from huge amounts of text, and in doing so they absorb the stereotypes and " +
          "imbalances that this text contains. In a chatbot that answers product questions, this may rarely " +
          "matter. It matters a great deal when a model pre-sorts job applications, summarises customer " +
          "complaints or drafts responses that influence people's access to services.",
      },
      {
        type: "p",
        text:
          "Responsible deployment therefore does not end with choosing a good model. It requires checking how " +
          "the system behaves in your specific application, recording what you find, and being open with the " +
          "people who use it or are affected by it.",
      },
      { type: "h2", text: "Three building blocks for responsible use" },
      {
        type: "ul",
        items: [
          "Bias audits: test the system with counterfactual inputs, for example identical texts that differ " +
            "only in name, gender or origin, and compare the results systematically. Repeat the tests after " +
            "every change to the model or prompt.",
          "Documentation: record the purpose, model version, data sources, known limitations, " +
            "test results and responsible people, so that decisions can be traced later.",
          "Transparency: tell users when they are interacting with an AI system, explain in plain " +
            "language what it does and does not do, and offer a way to reach a human.",
        ],
      },
      {
        type: "p",
        text:
          "These measures are more than good practice. The EU AI Act requires documentation and human " +
          "oversight for high-risk applications, and its transparency obligations, such as informing people " +
          "that they are interacting with an AI system, apply from August 2026. Companies that establish these " +
          "routines now will find compliance much easier later.",
      },
      {
        type: "p",
        text:
          "In our projects, we treat audits and documentation as part of development rather than as a final " +
          "check. Small, regular tests catch problems earlier and cost far less than correcting a system that " +
          "is already in use.",
      },
    ],
  },
  de: {
    title: "Bias-Audits, Dokumentation und Transparenz: Sprachmodelle verantwortungsvoll nutzen",
    excerpt:
      "Sprachmodelle können Verzerrungen aus ihren Trainingsdaten übernehmen. Systematische Prüfungen, " +
      "sorgfältige Dokumentation und offene Kommunikation sichern einen verantwortungsvollen Einsatz.",
    imageAlt:
      "Abstrakte Illustration einer Lupe über ausbalancierten geometrischen Formen in Indigo- und Bernsteintönen",
    body: [
      {
        type: "p",
        text:
          "Sprachmodelle lernen aus riesigen Textmengen und übernehmen dabei auch die Stereotype und " +
          "Schieflagen, die darin enthalten sind. Bei einem Chatbot, der Produktfragen beantwortet, mag das " +
          "selten ins Gewicht fallen. Sehr wohl aber, wenn ein Modell Bewerbungen vorsortiert, " +
          "Kundenbeschwerden zusammenfasst oder Antworten entwirft, die darüber mitentscheiden, ob Menschen " +
          "Zugang zu Leistungen erhalten.",
      },
      {
        type: "p",
        text:
          "Ein verantwortungsvoller Einsatz endet deshalb nicht mit der Wahl eines guten Modells. Er verlangt, " +
          "das Verhalten des Systems in Ihrer konkreten Anwendung zu prüfen, die Ergebnisse festzuhalten und " +
          "offen mit den Menschen umzugehen, die es nutzen oder davon betroffen sind.",
      },
      { type: "h2", text: "Drei Bausteine für einen verantwortungsvollen Einsatz" },
      {
        type: "ul",
        items: [
          "Bias-Audits: Testen Sie das System mit kontrafaktischen Eingaben, etwa identischen Texten, die " +
            "sich nur in Name, Geschlecht oder Herkunft unterscheiden, und vergleichen Sie die Ergebnisse " +
            "systematisch. Wiederholen Sie die Tests nach jeder Änderung am Modell oder am Prompt.",
          "Dokumentation: Halten Sie Zweck, Modellversion, Datenquellen, bekannte Grenzen, " +
            "Testergebnisse und Verantwortliche fest, damit Entscheidungen später nachvollziehbar sind.",
          "Transparenz: Sagen Sie Nutzern, wenn sie mit einem KI-System interagieren, erklären Sie in " +
            "einfacher Sprache, was es leistet und was nicht, und bieten Sie einen Weg zu einem Menschen an.",
        ],
      },
      {
        type: "p",
        text:
          "Diese Maßnahmen sind mehr als gute Praxis. Der EU AI Act verlangt für Hochrisiko-Anwendungen " +
          "Dokumentation und menschliche Aufsicht, und seine Transparenzpflichten, etwa der Hinweis, dass " +
          "Menschen mit einem KI-System interagieren, gelten ab August 2026. Unternehmen, die diese Abläufe " +
          "jetzt etablieren, tun sich später mit der Compliance deutlich leichter.",
      },
      {
        type: "p",
        text:
          "In unseren Projekten behandeln wir Audits und Dokumentation als Teil der Entwicklung und nicht als " +
          "abschließende Prüfung. Kleine, regelmäßige Tests decken Probleme früher auf und kosten weit weniger " +
          "als die Korrektur eines Systems, das bereits im Einsatz ist.",
      },
    ],
  },
};
