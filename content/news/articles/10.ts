import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 10,
  date: "2025-03-03",
  category: "quantumTechnology",
  readMinutes: 7,
  en: {
    title: "Quantum Computing: What Is Realistic and Why Post-Quantum Cryptography Matters Now",
    excerpt:
      "Useful quantum computers are still years away. Encryption is a different story: data " +
      "intercepted today could be decrypted later, so planning the migration should start now.",
    imageAlt: "Abstract illustration of interlinked qubit spheres and a padlock, in deep blue and violet tones",
    body: [
      {
        type: "p",
        text:
          "Quantum computing attracts bold headlines, and it is easy to lose sight of what the technology can " +
          "actually do today. Current machines are impressive research instruments, but they are still small " +
          "and error-prone. For most companies, there is no quantum application that would beat a well-built " +
          "classical solution in day-to-day operations, and serious estimates for broad commercial use range " +
          "from several years to well over a decade.",
      },
      {
        type: "p",
        text:
          "That does not mean businesses can ignore the topic. The most pressing question is not what quantum " +
          "computers will compute, but what they will break. Widely used public-key methods such as RSA and " +
          "elliptic-curve cryptography rely on mathematical problems that a sufficiently large quantum " +
          "computer could solve efficiently.",
      },
      { type: "h2", text: "Why the cryptography question cannot wait" },
      {
        type: "p",
        text:
          "Attackers can record encrypted traffic today and store it until they are able to decrypt it, an " +
          'approach known as "harvest now, decrypt later". Data that must stay confidential for many years, ' +
          "such as contracts, health records or intellectual property, is therefore already at risk. In August " +
          "2024, the US National Institute of Standards and Technology (NIST) published its first three " +
          "post-quantum standards, FIPS 203, 204 and 205, giving organisations a stable basis for the " +
          "transition. Sensible first steps include:",
      },
      {
        type: "ul",
        items: [
          "An inventory of where and how cryptography is used in your systems, including in third-party software",
          "A classification of data by how long it must remain confidential",
          "Conversations with suppliers about their roadmap for supporting the new standards",
          "Crypto-agile system design, so that algorithms can be replaced without a complete rebuild",
        ],
      },
      {
        type: "p",
        text:
          "In our experience, the inventory alone takes longer than expected, because cryptography is hidden " +
          "in libraries, devices and protocols that nobody has examined in years. Starting now spreads the " +
          "effort over time and avoids a rushed migration later. Quantum computing itself can then be " +
          "approached calmly: follow the field, identify possible use cases in optimisation or simulation, and " +
          "experiment once the technology is ready.",
      },
    ],
  },
  de: {
    title: "Quantencomputing: Was realistisch ist und warum Post-Quanten-Kryptografie jetzt zählt",
    excerpt:
      "Alltagstaugliche Quantencomputer lassen noch Jahre auf sich warten. Bei der Verschlüsselung " +
      "ist das anders: Heute abgefangene Daten könnten später entschlüsselt werden.",
    imageAlt:
      "Abstrakte Illustration verbundener Qubit-Kugeln und eines Vorhängeschlosses in Dunkelblau- und Violetttönen",
    body: [
      {
        type: "p",
        text:
          "Quantencomputing sorgt für große Schlagzeilen, und dabei gerät leicht aus dem Blick, was die " +
          "Technologie heute tatsächlich leistet. Die aktuellen Rechner sind beeindruckende " +
          "Forschungsinstrumente, aber noch klein und fehleranfällig. Für die meisten Unternehmen gibt es " +
          "derzeit keine Quantenanwendung, die im Tagesgeschäft eine gut gebaute klassische Lösung übertreffen " +
          "würde. Seriöse Einschätzungen für den breiten kommerziellen Einsatz reichen von einigen Jahren bis " +
          "weit über ein Jahrzehnt.",
      },
      {
        type: "p",
        text:
          "Ignorieren sollten Unternehmen das Thema trotzdem nicht. Die dringlichste Frage ist nicht, was " +
          "Quantencomputer berechnen, sondern was sie brechen können. Verbreitete Public-Key-Verfahren wie RSA " +
          "und Kryptografie auf Basis elliptischer Kurven beruhen auf mathematischen Problemen, die ein " +
          "ausreichend großer Quantencomputer effizient lösen könnte.",
      },
      { type: "h2", text: "Warum die Kryptografie-Frage nicht warten kann" },
      {
        type: "p",
        text:
          "Angreifer können verschlüsselten Datenverkehr schon heute mitschneiden und speichern, bis sie ihn " +
          "entschlüsseln können – bekannt als „Harvest now, decrypt later“. Daten, die viele Jahre vertraulich " +
          "bleiben müssen, etwa Verträge, Gesundheitsdaten oder geistiges Eigentum, sind damit bereits " +
          "gefährdet. Im August 2024 hat das US-amerikanische National Institute of Standards and Technology " +
          "(NIST) seine ersten drei Post-Quanten-Standards veröffentlicht, FIPS 203, 204 und 205. Damit haben " +
          "Organisationen eine verlässliche Grundlage für die Umstellung. Sinnvolle erste Schritte sind:",
      },
      {
        type: "ul",
        items: [
          "Eine Bestandsaufnahme, wo und wie Kryptografie in Ihren Systemen " +
            "eingesetzt wird, auch in Software von Drittanbietern",
          "Eine Einordnung der Daten danach, wie lange sie vertraulich bleiben müssen",
          "Gespräche mit Lieferanten über deren Fahrplan zur Unterstützung der neuen Standards",
          "Krypto-agile Systeme, in denen sich Algorithmen ohne kompletten Neubau austauschen lassen",
        ],
      },
      {
        type: "p",
        text:
          "Unserer Erfahrung nach dauert allein die Bestandsaufnahme länger als gedacht, weil Kryptografie in " +
          "Bibliotheken, Geräten und Protokollen steckt, die seit Jahren niemand mehr angesehen hat. Wer jetzt " +
          "beginnt, verteilt den Aufwand über die Zeit und vermeidet später eine überhastete Migration. Dem " +
          "Quantencomputing selbst können Sie dann gelassen begegnen: die Entwicklung verfolgen, mögliche " +
          "Anwendungsfälle in Optimierung oder Simulation identifizieren und experimentieren, sobald die " +
          "Technik reif ist.",
      },
    ],
  },
};
