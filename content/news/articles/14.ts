import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 14,
  date: "2025-02-12",
  category: "marketTrends",
  readMinutes: 6,
  en: {
    title: "Open-Weight Language Models in the Enterprise: Licences, Self-Hosting, Independence",
    excerpt:
      'Open-weight models let companies run capable AI on their own infrastructure. But "open" does ' +
      "not always mean free to use as you like: the licences deserve a careful read.",
    imageAlt: "Abstract illustration of an open padlock formed from network nodes, in amber and slate tones",
    body: [
      {
        type: "p",
        text:
          "In recent years, language models whose weights are publicly available have become a serious " +
          "alternative to proprietary services accessed via an API. For many everyday business tasks, such as " +
          "summarising documents, extracting information or answering questions about internal knowledge, they " +
          "now deliver results that are good enough for productive use. That considerably widens the strategic " +
          "options for companies.",
      },
      {
        type: "p",
        text:
          'The word "open" needs careful handling, however. Open-weight means that the trained parameters can ' +
          "be downloaded. It does not automatically mean that training data and code are published, or that " +
          "any kind of use is permitted.",
      },
      { type: "h2", text: "Read the licence before you build" },
      {
        type: "p",
        text:
          "Licences for open-weight models vary widely. Some use established open-source licences such as " +
          "Apache 2.0 or MIT, while others come with their own terms that restrict certain uses, require " +
          "attribution or impose conditions on very large user bases. Before a model becomes part of a " +
          "product, the following points should be clarified:",
      },
      {
        type: "ul",
        items: [
          "Is commercial use permitted, and are there thresholds or restrictions on particular fields of use?",
          "May the model be fine-tuned, and under which terms may the adapted version be distributed?",
          "Are there obligations to name the model or pass on the licence text?",
          "Which acceptable use policy applies, and how does it relate to your own use case?",
        ],
      },
      {
        type: "p",
        text:
          "If the licence fits, self-hosting offers clear advantages: data stays within your own " +
          "infrastructure, costs become predictable, and the model version does not change without notice. " +
          "Above all, companies gain independence from individual vendors, because a well-designed system can " +
          "switch models as better ones appear. In our view, the realistic path is an architecture in which " +
          "the model remains interchangeable: open-weight models for sensitive or high-volume tasks, " +
          "commercial APIs where they offer a clear advantage.",
      },
    ],
  },
  de: {
    title: "Open-Weight-Modelle im Unternehmen: Lizenzen, Self-Hosting und Unabhängigkeit",
    excerpt:
      "Open-Weight-Modelle ermöglichen leistungsfähige KI auf eigener Infrastruktur. Doch „offen“ " +
      "heißt nicht immer „frei nutzbar“: Die Lizenzen verdienen einen genauen Blick.",
    imageAlt:
      "Abstrakte Illustration eines offenen Vorhängeschlosses aus Netzwerkknoten in Bernstein- und Schiefertönen",
    body: [
      {
        type: "p",
        text:
          "In den vergangenen Jahren haben sich Sprachmodelle, deren Gewichte öffentlich verfügbar sind, zu " +
          "einer ernsthaften Alternative zu proprietären Diensten per API entwickelt. Für viele typische " +
          "Aufgaben im Unternehmen, etwa das Zusammenfassen von Dokumenten, das Extrahieren von Informationen " +
          "oder das Beantworten von Fragen zu internem Wissen, liefern sie inzwischen Ergebnisse, die für den " +
          "produktiven Einsatz genügen. Das erweitert die strategischen Möglichkeiten von Unternehmen " +
          "erheblich.",
      },
      {
        type: "p",
        text:
          "Mit dem Wort „offen“ sollte man allerdings sorgfältig umgehen. Open-Weight bedeutet, dass sich die " +
          "trainierten Parameter herunterladen lassen. Es bedeutet nicht automatisch, dass Trainingsdaten und " +
          "Code veröffentlicht sind oder dass jede Art der Nutzung erlaubt ist.",
      },
      { type: "h2", text: "Erst die Lizenz lesen, dann bauen" },
      {
        type: "p",
        text:
          "Die Lizenzen von Open-Weight-Modellen unterscheiden sich stark. Manche nutzen etablierte " +
          "Open-Source-Lizenzen wie Apache 2.0 oder MIT, andere bringen eigene Bedingungen mit, die bestimmte " +
          "Nutzungen einschränken, eine Namensnennung verlangen oder Auflagen für sehr große Nutzerzahlen " +
          "vorsehen. Bevor ein Modell Teil eines Produkts wird, sollten folgende Punkte geklärt sein:",
      },
      {
        type: "ul",
        items: [
          "Ist die kommerzielle Nutzung erlaubt, und gibt es Schwellenwerte " +
            "oder Einschränkungen für bestimmte Einsatzbereiche?",
          "Ist Fine-Tuning erlaubt, und unter welchen Bedingungen darf die angepasste Version weitergegeben werden?",
          "Gibt es Pflichten, das Modell zu nennen oder den Lizenztext weiterzugeben?",
          "Welche Nutzungsrichtlinie gilt, und wie verhält sie sich zu Ihrem eigenen Anwendungsfall?",
        ],
      },
      {
        type: "p",
        text:
          "Passt die Lizenz, bietet Self-Hosting klare Vorteile: Die Daten bleiben in der eigenen " +
          "Infrastruktur, die Kosten werden planbar, und die Modellversion ändert sich nicht unangekündigt. " +
          "Vor allem gewinnen Unternehmen Unabhängigkeit von einzelnen Anbietern, denn ein gut gebautes System " +
          "kann das Modell wechseln, sobald bessere erscheinen. Aus unserer Sicht ist der realistische Weg " +
          "eine Architektur, in der das Modell austauschbar bleibt: Open-Weight-Modelle für sensible oder " +
          "volumenstarke Aufgaben, kommerzielle APIs dort, wo sie einen klaren Vorteil bieten.",
      },
    ],
  },
};
