import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 4,
  date: "2025-03-24",
  category: "marketTrends",
  readMinutes: 5,
  en: {
    title: "From Pilot to Production: Where German SMEs Get Stuck with AI",
    excerpt:
      "Many Mittelstand companies have tested AI in pilots. Turning them into production systems is " +
      "the harder part. We look at the typical obstacles: skills, data and compliance.",
    imageAlt:
      "Abstract illustration of a small prototype gear meshing with a larger production gear, in blue and indigo tones",
    body: [
      {
        type: "p",
        text:
          "In many German Mittelstand companies, the first phase of AI adoption is over. Teams have tried chat " +
          "assistants, tested document analysis or built a prototype for customer service. The question now is " +
          "how these experiments become systems that run reliably every day, are integrated into existing " +
          "processes and pay off.",
      },
      {
        type: "p",
        text:
          "This transition is where many projects stall. A pilot can succeed with a small team, a hand-picked " +
          "dataset and a lot of goodwill. Production needs stable interfaces, operations, monitoring and clear " +
          "ownership. In our projects, three obstacles come up again and again.",
      },
      { type: "h2", text: "Typical obstacles on the way to production" },
      {
        type: "ul",
        items: [
          "Skills: few people understand both the business process and the technology, and " +
            "external knowledge often leaves together with the service provider.",
          "Data: relevant information is scattered across ERP, CRM, file shares and " +
            "emails, often without consistent formats or clear responsibilities.",
          "Compliance: data protection, the EU AI Act and, where employees are affected, the " +
            "involvement of the works council need to be considered early rather than at the end.",
        ],
      },
      {
        type: "p",
        text:
          "None of these obstacles is insurmountable, but each of them needs time and a plan. We recommend " +
          "choosing one use case with a measurable benefit, naming an owner in the business unit, and building " +
          "skills internally from the start, for example by having your own staff work alongside external " +
          "experts.",
      },
      {
        type: "p",
        text:
          "Equally important is the operating model: who monitors quality, who decides on updates, and how " +
          "does feedback from users flow back into the system? Companies that answer these questions before " +
          "launch make the step from pilot to production considerably more smoothly.",
      },
    ],
  },
  de: {
    title: "Vom Pilotprojekt in den Betrieb: Wo der Mittelstand bei KI hängen bleibt",
    excerpt:
      "Viele mittelständische Unternehmen haben KI in Pilotprojekten getestet. Schwieriger ist der Schritt " +
      "in den Regelbetrieb. Wir zeigen die typischen Hürden: Know-how, Daten und Compliance.",
    imageAlt:
      "Abstrakte Illustration eines kleinen Prototyp-Zahnrads, das in ein " +
      "größeres Produktionszahnrad greift, in Blau- und Indigotönen",
    body: [
      {
        type: "p",
        text:
          "In vielen mittelständischen Unternehmen ist die erste Phase der KI-Einführung abgeschlossen. Teams " +
          "haben Chat-Assistenten ausprobiert, Dokumentenanalysen getestet oder einen Prototyp für den " +
          "Kundenservice gebaut. Nun stellt sich die Frage, wie aus diesen Experimenten Systeme werden, die " +
          "jeden Tag zuverlässig laufen, in bestehende Prozesse eingebunden sind und sich rechnen.",
      },
      {
        type: "p",
        text:
          "Genau an diesem Übergang geraten viele Projekte ins Stocken. Ein Pilot kann mit einem kleinen Team, " +
          "einem handverlesenen Datensatz und viel gutem Willen gelingen. Der Regelbetrieb braucht stabile " +
          "Schnittstellen, einen geordneten Betrieb, Monitoring und klare Zuständigkeiten. In unseren " +
          "Projekten begegnen uns immer wieder drei Hürden.",
      },
      { type: "h2", text: "Typische Hürden auf dem Weg in den Betrieb" },
      {
        type: "ul",
        items: [
          "Know-how: Nur wenige Menschen verstehen sowohl den Geschäftsprozess als auch die " +
            "Technik, und externes Wissen geht oft mit dem Dienstleister wieder verloren.",
          "Daten: Relevante Informationen liegen verteilt in ERP, CRM, Dateiablagen und " +
            "E-Mails, häufig ohne einheitliche Formate oder klare Verantwortlichkeiten.",
          "Compliance: Datenschutz, der EU AI Act und, sofern Beschäftigte betroffen sind, die " +
            "Beteiligung des Betriebsrats sollten früh berücksichtigt werden und nicht erst am Ende.",
        ],
      },
      {
        type: "p",
        text:
          "Keine dieser Hürden ist unüberwindbar, aber jede braucht Zeit und einen Plan. Wir empfehlen, einen " +
          "Anwendungsfall mit messbarem Nutzen auszuwählen, eine verantwortliche Person im Fachbereich zu " +
          "benennen und von Anfang an internes Know-how aufzubauen, etwa indem eigene Mitarbeitende gemeinsam " +
          "mit externen Fachleuten arbeiten.",
      },
      {
        type: "p",
        text:
          "Ebenso wichtig ist das Betriebsmodell: Wer überwacht die Qualität, wer entscheidet über Updates, " +
          "und wie fließt das Feedback der Nutzer zurück in das System? Unternehmen, die diese Fragen vor dem " +
          "Start beantworten, gelingt der Schritt vom Pilotprojekt in den Betrieb deutlich reibungsloser.",
      },
    ],
  },
};
