// The German privacy policy's closing sections: the visitor's rights, the supervisory
// authority, automated decisions and changes to the policy.
import type { LegalSection } from "#content/types.ts";
import { emailLink, bayldaLink, bayldaAddress } from "./privacy-policy-facts.ts";

export function rightsSections(): LegalSection[] {
  return [rightsSection(), complaintSection(), automatedDecisionsSection(), changesSection()];
}

function rightsSection(): LegalSection {
  return {
    heading: "Ihre Rechte",
    blocks: [
      { type: "p", text: "Im Hinblick auf Ihre personenbezogenen Daten haben Sie folgende Rechte:" },
      {
        type: "ul",
        items: [
          "Auskunft: Sie können von uns erfahren, ob wir personenbezogene Daten " +
            "über Sie verarbeiten und, falls ja, welche (Art. 15 DSGVO).",
          "Berichtigung: Sie können verlangen, dass wir unrichtige Daten berichtigen " +
            "oder unvollständige Daten vervollständigen (Art. 16 DSGVO).",
          "Löschung: Sie können verlangen, dass wir Ihre Daten löschen, " +
            "sofern wir sie nicht aufbewahren müssen (Art. 17 DSGVO).",
          "Einschränkung der Verarbeitung: Sie können verlangen, dass wir die Verarbeitung Ihrer " +
            "Daten einschränken, etwa solange ihre Richtigkeit geprüft wird (Art. 18 DSGVO).",
          "Datenübertragbarkeit: Sie können verlangen, dass wir Ihnen Daten, die Sie uns bereitgestellt " +
            "haben, in einem strukturierten, gängigen und maschinenlesbaren Format übergeben oder sie an " +
            "einen anderen Verantwortlichen übermitteln (Art. 20 DSGVO).",
          "Widerspruch: Aus Gründen, die sich aus Ihrer besonderen Situation ergeben, können Sie einer " +
            "Verarbeitung, die auf Art. 6 Abs. 1 lit. f DSGVO beruht, jederzeit widersprechen. Wir " +
            "verarbeiten die Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe " +
            "nachweisen, die Ihre Interessen überwiegen, oder die Verarbeitung dient der Geltendmachung, " +
            "Ausübung oder Verteidigung von Rechtsansprüchen (Art. 21 DSGVO).",
          "Widerruf einer Einwilligung: Eine erteilte Einwilligung können Sie jederzeit mit Wirkung für " +
            "die Zukunft widerrufen; die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt " +
            "davon unberührt (Art. 7 Abs. 3 DSGVO).",
        ],
      },
      {
        type: "p",
        text: [
          "Um Ihre Rechte auszuüben, schreiben Sie uns einfach an ",
          emailLink,
          " oder per Post an die oben genannte Anschrift. Das ist für Sie kostenlos.",
        ],
      },
    ],
  };
}

function complaintSection(): LegalSection {
  return {
    heading: "Beschwerderecht bei einer Aufsichtsbehörde",
    blocks: [
      {
        type: "p",
        text:
          "Sie haben das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO), " +
          "insbesondere in dem Mitgliedstaat Ihres gewöhnlichen Aufenthalts, Ihres Arbeitsplatzes oder des " +
          "Orts des mutmaßlichen Verstoßes. Die für uns zuständige Aufsichtsbehörde ist:",
      },
      { type: "address", lines: bayldaAddress("Deutschland") },
      { type: "p", text: ["Website: ", bayldaLink] },
    ],
  };
}

function automatedDecisionsSection(): LegalSection {
  return {
    heading: "Keine automatisierte Entscheidungsfindung",
    blocks: [
      {
        type: "p",
        text:
          "Wir setzen keine automatisierte Entscheidungsfindung " +
          "einschließlich Profiling im Sinne von Art. 22 DSGVO ein.",
      },
    ],
  };
}

function changesSection(): LegalSection {
  return {
    heading: "Änderungen dieser Datenschutzerklärung",
    blocks: [
      {
        type: "p",
        text:
          "Wir passen diese Erklärung an, wenn sich unsere Website oder die rechtlichen " +
          "Vorgaben ändern. Die aktuelle Fassung finden Sie stets auf dieser Seite.",
      },
      { type: "p", text: "Stand dieser Datenschutzerklärung: 26. November 2026." },
    ],
  };
}
