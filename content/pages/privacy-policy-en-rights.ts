// The English privacy policy's closing sections: the visitor's rights, the supervisory
// authority, automated decisions and changes to the policy.
import type { LegalSection } from "#content/types.ts";
import { emailLink, bayldaLink, bayldaAddress } from "./privacy-policy-facts.ts";

export function rightsSections(): LegalSection[] {
  return [rightsSection(), complaintSection(), automatedDecisionsSection(), changesSection()];
}

function rightsSection(): LegalSection {
  return {
    heading: "Your rights",
    blocks: [
      { type: "p", text: "With regard to your personal data, you have the following rights:" },
      {
        type: "ul",
        items: [
          "Access: you can ask us whether we process personal data " +
            "about you and, if so, which data (Art. 15 GDPR).",
          "Rectification: you can ask us to correct inaccurate data or to complete incomplete data (Art. 16 GDPR).",
          "Erasure: you can ask us to delete your data, unless we are required to keep it (Art. 17 GDPR).",
          "Restriction of processing: you can ask us to restrict the processing of your " +
            "data, for example while its accuracy is being checked (Art. 18 GDPR).",
          "Data portability: you can ask us to provide data that you have given us in a structured, " +
            "commonly used and machine-readable format, or to transmit it to another controller (Art. 20 " +
            "GDPR).",
          "Objection: on grounds relating to your particular situation, you can object at any time to " +
            "processing that is based on Art. 6(1)(f) GDPR. We will then stop processing the data unless " +
            "we can demonstrate compelling legitimate grounds that override your interests, or the " +
            "processing serves the establishment, exercise or defence of legal claims (Art. 21 GDPR).",
          "Withdrawal of consent: you can withdraw any consent you have given at any time with effect " +
            "for the future; this does not affect the lawfulness of the processing carried out before the " +
            "withdrawal (Art. 7(3) GDPR).",
        ],
      },
      {
        type: "p",
        text: [
          "To exercise your rights, simply write to us at ",
          emailLink,
          " or send us a letter to the address given above. This is free of charge for you.",
        ],
      },
    ],
  };
}

function complaintSection(): LegalSection {
  return {
    heading: "Right to lodge a complaint",
    blocks: [
      {
        type: "p",
        text:
          "You have the right to lodge a complaint with a data protection supervisory authority (Art. 77 " +
          "GDPR), in particular in the member state of your habitual residence, your place of work or the " +
          "place of the alleged infringement. The supervisory authority responsible for us is:",
      },
      { type: "address", lines: bayldaAddress("Germany") },
      { type: "p", text: ["Website: ", bayldaLink] },
    ],
  };
}

function automatedDecisionsSection(): LegalSection {
  return {
    heading: "No automated decision-making",
    blocks: [
      {
        type: "p",
        text: "We do not use automated decision-making, including profiling, within the meaning of Art. 22 GDPR.",
      },
    ],
  };
}

function changesSection(): LegalSection {
  return {
    heading: "Changes to this policy",
    blocks: [
      {
        type: "p",
        text:
          "We update this policy when our website or the legal requirements " +
          "change. The current version is always available on this page.",
      },
      { type: "p", text: "This policy is dated 26 November 2026." },
    ],
  };
}
