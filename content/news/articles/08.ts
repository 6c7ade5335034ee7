import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 8,
  date: "2025-03-10",
  category: "healthcareTech",
  readMinutes: 5,
  en: {
    title: "AI-Assisted Clinical Documentation: What GDPR and German Health-Data Rules Require",
    excerpt:
      "AI can ease the documentation burden in hospitals and practices. Because health data is " +
      "specially protected, the legal and technical framework has to be right from the start.",
    imageAlt: "Abstract illustration of a medical document protected by a shield, in indigo and soft teal tones",
    body: [
      {
        type: "p",
        text:
          "Documentation takes up a large share of the working time of doctors and nursing staff. AI " +
          "assistants that turn dictations or conversation notes into structured drafts, suggest codes or " +
          "summarise discharge letters promise real relief. At the same time, few areas handle data as " +
          "sensitive as healthcare does.",
      },
      {
        type: "p",
        text:
          "Under the GDPR, health data belongs to the special categories of personal data in Article 9 and may " +
          "only be processed under strict conditions. In Germany, further rules apply: medical confidentiality " +
          "under Section 203 of the Criminal Code (StGB), the hospital and data-protection laws of the federal " +
          "states, and Section 393 of Book V of the Social Code (SGB V), which sets conditions for processing " +
          "health data in the cloud, including a C5 attestation based on the criteria of the Federal Office " +
          "for Information Security (BSI).",
      },
      { type: "h2", text: "What a compliant solution needs" },
      {
        type: "ul",
        items: [
          "A clear legal basis and a data protection impact assessment before the system goes live.",
          "A data processing agreement with every service provider, including contractual " +
            "confidentiality obligations that meet the requirements of medical secrecy.",
          "Hosting in the EU, or on premises where state law or internal " +
            "policy requires it, with encryption and role-based access.",
          "No use of patient data to train the provider's models unless this " +
            "has been explicitly agreed and is legally permissible.",
          "Final review and approval of every AI-generated draft by the responsible physician.",
        ],
      },
      {
        type: "p",
        text:
          "It is also worth checking early whether the software could qualify as a medical device. A tool that " +
          "only structures documentation is usually assessed differently from one that suggests diagnoses or " +
          "treatments. In our projects, we clarify these questions together with data-protection officers and, " +
          "where needed, legal counsel before development starts, because adding them afterwards is " +
          "considerably more expensive.",
      },
    ],
  },
  de: {
    title: "KI in der klinischen Dokumentation: Was DSGVO und deutsches Recht verlangen",
    excerpt:
      "KI kann Kliniken und Praxen bei der Dokumentation entlasten. Weil Gesundheitsdaten besonders " +
      "geschützt sind, muss der rechtliche und technische Rahmen von Anfang an stimmen.",
    imageAlt:
      "Abstrakte Illustration eines medizinischen Dokuments, geschützt " +
      "von einem Schild, in Indigo- und zarten Petroltönen",
    body: [
      {
        type: "p",
        text:
          "Die Dokumentation beansprucht einen großen Teil der Arbeitszeit von Ärztinnen, Ärzten und " +
          "Pflegekräften. KI-Assistenten, die aus Diktaten oder Gesprächsnotizen strukturierte Entwürfe " +
          "erstellen, Kodierungen vorschlagen oder Entlassbriefe zusammenfassen, versprechen spürbare " +
          "Entlastung. Zugleich gibt es kaum einen Bereich, in dem so sensible Daten verarbeitet werden wie im " +
          "Gesundheitswesen.",
      },
      {
        type: "p",
        text:
          "Nach der DSGVO gehören Gesundheitsdaten zu den besonderen Kategorien personenbezogener Daten nach " +
          "Artikel 9 und dürfen nur unter strengen Voraussetzungen verarbeitet werden. In Deutschland kommen " +
          "weitere Regeln hinzu: die ärztliche Schweigepflicht nach § 203 StGB, die Krankenhaus- und " +
          "Datenschutzgesetze der Länder sowie § 393 SGB V, der Bedingungen für die Verarbeitung von " +
          "Gesundheitsdaten in der Cloud festlegt, darunter ein C5-Testat nach den Kriterien des Bundesamts " +
          "für Sicherheit in der Informationstechnik (BSI).",
      },
      { type: "h2", text: "Was eine rechtskonforme Lösung braucht" },
      {
        type: "ul",
        items: [
          "Eine klare Rechtsgrundlage und eine Datenschutz-Folgenabschätzung, bevor das System in Betrieb geht.",
          "Einen Auftragsverarbeitungsvertrag mit jedem Dienstleister, einschließlich vertraglicher " +
            "Verschwiegenheitspflichten, die den Anforderungen der ärztlichen Schweigepflicht genügen.",
          "Hosting in der EU oder im eigenen Haus, wo Landesrecht oder interne Vorgaben dies " +
            "verlangen, mit Verschlüsselung und rollenbasierten Zugriffsrechten.",
          "Keine Nutzung von Patientendaten für das Training der Modelle des Anbieters, " +
            "sofern dies nicht ausdrücklich vereinbart und rechtlich zulässig ist.",
          "Abschließende Prüfung und Freigabe jedes KI-generierten Entwurfs durch " +
            "die verantwortliche Ärztin oder den verantwortlichen Arzt.",
        ],
      },
      {
        type: "p",
        text:
          "Zudem lohnt es sich, früh zu prüfen, ob die Software als Medizinprodukt einzustufen sein könnte. " +
          "Ein Werkzeug, das lediglich die Dokumentation strukturiert, wird in der Regel anders bewertet als " +
          "eines, das Diagnosen oder Therapien vorschlägt. In unseren Projekten klären wir diese Fragen " +
          "gemeinsam mit Datenschutzbeauftragten und bei Bedarf mit Rechtsberatung, bevor die Entwicklung " +
          "beginnt, denn nachträgliche Anpassungen sind deutlich teurer.",
      },
    ],
  },
};
