import { company } from "#shared/company.ts";
import type { LegalDocument, LegalSection } from "#content/types.ts";
import {
  DEVICE_COOKIE,
  FORM_TOKEN_COOKIE,
  SESSION_COOKIE,
  emailLink,
  phoneLink,
  companyAddress,
} from "./privacy-policy-facts.ts";
import { browserSections } from "./privacy-policy-de-browser.ts";
import { rightsSections } from "./privacy-policy-de-rights.ts";
import { statusSubscriptionSection } from "./privacy-policy-de-status.ts";

export function privacyPolicyDe(options: { contactRetentionDays: number }): LegalDocument {
  const days = options.contactRetentionDays;
  const retentionDe = days === 1 ? "einem Tag" : `${days} Tagen`;
  return {
    meta: {
      title: `Datenschutzerklärung – ${company.brand}`,
      description:
        `Wie ${company.brand} auf dieser Website mit personenbezogenen Daten umgeht: Hosting, Kontaktformular, ` +
        `Abonnement der Statusseite, Speicherung im Browser, die Karte auf der Kontaktseite und Ihre Rechte ` +
        `nach der DSGVO.`,
    },
    heading: "Datenschutzerklärung",
    intro:
      "Diese Erklärung beschreibt, welche personenbezogenen Daten wir verarbeiten, wenn Sie diese Website " +
      "nutzen, zu welchen Zwecken und auf welcher Rechtsgrundlage wir das tun und welche Rechte Sie haben.",
    sections: [
      controllerSection(),
      overviewSection(),
      hostingSection(),
      contactFormSection(retentionDe),
      statusSubscriptionSection(),
      staffSignInSection(),
      ...browserSections(),
      ...rightsSections(),
    ],
  };
}

function controllerSection(): LegalSection {
  return {
    heading: "Verantwortlicher",
    blocks: [
      {
        type: "p",
        text:
          "Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser " +
          "Website im Sinne der Datenschutz-Grundverordnung (DSGVO) ist:",
      },
      { type: "address", lines: companyAddress("de") },
      {
        type: "ul",
        items: [["E-Mail: ", emailLink], ["Telefon: ", phoneLink], `Geschäftsführer: ${company.managingDirector}`],
      },
    ],
  };
}

function overviewSection(): LegalSection {
  return {
    heading: "Überblick",
    blocks: [
      {
        type: "p",
        text:
          "Wir verarbeiten personenbezogene Daten nur, soweit das nötig ist, um diese Website " +
          "bereitzustellen, sie sicher zu betreiben, Ihre Anfragen zu beantworten und Ihnen die von Ihnen " +
          "abonnierten Benachrichtigungen der Statusseite zu senden. Dazu gehören die technischen Daten, " +
          "die Ihr Browser bei jedem Aufruf mitsendet, die Angaben, die Sie in das Kontaktformular oder " +
          "beim Abonnement der Statusseite eingeben, und einige Einstellungen, die in Ihrem Browser " +
          "gespeichert werden.",
      },
      {
        type: "p",
        text:
          "Wir setzen keine Tracking- oder Analysewerkzeuge ein und geben personenbezogene Daten nicht zu " +
          "Werbezwecken an Dritte weiter. Dritte erhalten Daten nur in den Fällen, die in dieser Erklärung " +
          "beschrieben sind, etwa wenn Sie die Karte auf der Kontaktseite laden.",
      },
    ],
  };
}

function hostingSection(): LegalSection {
  return {
    heading: "Hosting und Server-Logs",
    blocks: [
      {
        type: "p",
        text:
          "Diese Website wird auf Servern in Deutschland gehostet, die ein Hosting-Dienstleister in " +
          "unserem Auftrag betreibt. Mit diesem Dienstleister haben wir einen Vertrag über die " +
          "Auftragsverarbeitung nach Art. 28 DSGVO geschlossen; er darf Ihre Daten nur nach unseren " +
          "Weisungen verarbeiten.",
      },
      {
        type: "p",
        text:
          "Bei jedem Aufruf einer Seite speichert der Server automatisch " +
          "folgende Informationen in Protokolldateien (Server-Logs):",
      },
      {
        type: "ul",
        items: [
          "die IP-Adresse des anfragenden Geräts",
          "Datum und Uhrzeit des Aufrufs",
          "die aufgerufene URL",
          "den Referrer, also die Seite, von der Sie kommen, sofern Ihr Browser ihn übermittelt",
          "die Browserkennung (Browsertyp und -version, Betriebssystem)",
          "den HTTP-Statuscode der Antwort",
        ],
      },
      {
        type: "p",
        text:
          "Wir nutzen diese Daten, um die Website auszuliefern, ihren stabilen Betrieb sicherzustellen und " +
          "Angriffe sowie Missbrauch zu erkennen und abzuwehren. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f " +
          "DSGVO; unser berechtigtes Interesse liegt im sicheren und fehlerfreien Betrieb der Website. Die " +
          "Protokolldateien werden nach 14 Tagen automatisch gelöscht.",
      },
      {
        type: "p",
        text:
          "Alle Verbindungen zu dieser Website sind mit TLS verschlüsselt (erkennbar an „https://“ in der " +
          "Adresszeile Ihres Browsers), sodass Dritte die von Ihnen übertragenen Daten nicht mitlesen " +
          "können.",
      },
    ],
  };
}

/** The contact form; `retentionDe` is how long messages are kept, e.g. "30 Tagen". */
function contactFormSection(retentionDe: string): LegalSection {
  return {
    heading: "Kontaktformular",
    blocks: [
      { type: "h3", text: "Welche Daten wir verarbeiten" },
      { type: "p", text: "Wenn Sie uns über das Kontaktformular eine Nachricht senden, verarbeiten wir:" },
      {
        type: "ul",
        items: [
          "Ihren Namen",
          "Ihre E-Mail-Adresse",
          "Betreff und Text Ihrer Nachricht",
          "den Zeitpunkt, zu dem die Nachricht bei uns eingeht",
          "die Sprache der Seite, von der aus Sie die Nachricht gesendet haben",
          "einen Einweg-Hash Ihrer IP-Adresse, aus dem sich die Adresse nicht wiederherstellen lässt " +
            "und den wir ausschließlich nutzen, um Missbrauch des Formulars zu begrenzen",
        ],
      },
      {
        type: "p",
        text:
          "Die Angaben sind weder gesetzlich noch vertraglich vorgeschrieben. " +
          "Ohne sie können wir Ihre Anfrage jedoch nicht beantworten.",
      },
      { type: "h3", text: "Zweck und Rechtsgrundlage" },
      {
        type: "p",
        text:
          "Wir verarbeiten die Daten, um Ihre Anfrage zu bearbeiten und zu beantworten. Betrifft Ihre " +
          "Anfrage den Abschluss eines Vertrags mit uns (etwa die Anfrage nach einem Projektangebot), ist " +
          "Rechtsgrundlage Art. 6 Abs. 1 lit. b DSGVO. Andernfalls ist Rechtsgrundlage Art. 6 Abs. 1 lit. " +
          "f DSGVO; unser berechtigtes Interesse liegt darin, die an uns gerichteten Anfragen zu " +
          "beantworten. Den Hash Ihrer IP-Adresse verarbeiten wir auf Grundlage von Art. 6 Abs. 1 lit. f " +
          "DSGVO; unser berechtigtes Interesse liegt im Schutz des Formulars vor Missbrauch.",
      },
      { type: "h3", text: "Spamschutz ohne Dritte" },
      {
        type: "p",
        text:
          `Wir schützen das Formular ohne externe Dienste vor Spam: mit einem versteckten Feld, das nur ` +
          `automatisierte Programme ausfüllen, mit einer Prüfung der Zeit zwischen dem Öffnen der Seite ` +
          `und dem Absenden sowie mit Begrenzungen, wie viele Nachrichten in einem bestimmten Zeitraum ` +
          `gesendet werden können. Für die Zeitprüfung setzt die Kontaktseite ein Cookie mit dem Namen ` +
          `${FORM_TOKEN_COOKIE} (siehe „Speicherung in Ihrem Browser“). Dazu werden keine Daten an Dritte ` +
          `weitergegeben.`,
      },
      { type: "h3", text: "Zustellung und Speicherdauer" },
      {
        type: "p",
        text: [
          "Ihre Nachricht wird uns per E-Mail an unsere Adresse ",
          emailLink,
          ` zugestellt. Wir löschen Kontaktnachrichten nach ${retentionDe}. Das gilt nicht, wenn sich ` +
            `aus Ihrer Anfrage eine Geschäftsbeziehung ergibt oder gesetzliche Aufbewahrungspflichten eine ` +
            `längere Speicherung verlangen, insbesondere nach § 257 Handelsgesetzbuch (HGB) und § 147 ` +
            `Abgabenordnung (AO). In diesen Fällen bewahren wir die Daten nur so lange auf, wie es dafür ` +
            `erforderlich ist, und verwenden sie nur für diesen Zweck.`,
        ],
      },
    ],
  };
}

function staffSignInSection(): LegalSection {
  return {
    heading: "Anmeldung von Mitarbeitenden",
    blocks: [
      {
        type: "p",
        text:
          `Diese Website hat einen internen Bereich, den nur unsere Mitarbeitenden nutzen können. Meldet ` +
          `sich eine Mitarbeiterin oder ein Mitarbeiter an, setzen wir ein Cookie mit dem Namen ` +
          `${SESSION_COOKIE}, das die Anmeldung aufrechterhält. Es ist als HttpOnly gekennzeichnet, sodass ` +
          `Skripte auf der Seite es nicht lesen können, und wird nur über verschlüsselte Verbindungen ` +
          `übertragen. Die Sitzung endet nach 30 Minuten Inaktivität, spätestens nach 12 Stunden oder mit ` +
          `der Abmeldung. Besucherinnen und Besucher, die sich nicht anmelden, erhalten dieses Cookie nie.`,
      },
      {
        type: "p",
        text:
          `Bei derselben Anmeldung setzen wir ein zweites Cookie mit dem Namen ${DEVICE_COOKIE}. Es ` +
          `enthält eine zufällige Kennung des Browsers und das Konto, mit dem er sich angemeldet hat, von ` +
          `uns signiert, damit der Browser bei der nächsten Anmeldung als bekannt gilt: Fehlversuche von ` +
          `anderer Stelle können die Person dann nicht aussperren. Es ist als HttpOnly gekennzeichnet, ` +
          `wird nur über verschlüsselte Verbindungen übertragen, bleibt nach der Abmeldung bestehen und ` +
          `läuft 180 Tage nach der letzten Anmeldung ab.`,
      },
      {
        type: "p",
        text:
          "Die Cookies sind unbedingt erforderlich, um den internen Bereich bereitzustellen, den die " +
          "angemeldete Person nutzt (§ 25 Abs. 2 Nr. 2 " +
          "Telekommunikation-Digitale-Dienste-Datenschutz-Gesetz, TDDDG). Die damit verbundene " +
          "Verarbeitung beruht auf Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im " +
          "Schutz des internen Bereichs vor unbefugtem Zugriff.",
      },
    ],
  };
}
