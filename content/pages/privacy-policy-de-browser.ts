// The German privacy policy's sections on what happens in the visitor's browser: the entries
// stored there, the consent dialog, the two-click map and the links to social networks.
import {
  CONSENT_STORAGE_KEY,
  CONTACT_SUBMISSIONS_KEY,
  THEME_STORAGE_KEY,
  WELCOME_SESSION_KEY,
} from "#shared/site/storage-keys.ts";
import { company } from "#shared/company.ts";
import type { LegalSection } from "#content/types.ts";
import { FORM_TOKEN_COOKIE, languageKey, osmPolicyLink, osmAddress } from "./privacy-policy-facts.ts";

export function browserSections(): LegalSection[] {
  return [browserStorageSection(), consentSection(), mapSection(), socialLinksSection()];
}

function browserStorageSection(): LegalSection {
  return {
    heading: "Speicherung in Ihrem Browser",
    blocks: [
      {
        type: "p",
        text:
          "Damit die Website so funktioniert, wie Sie es erwarten, speichern wir einige Einträge in Ihrem " +
          "Browser: im lokalen Speicher (Local Storage), im Sitzungsspeicher (Session Storage) oder als " +
          "Cookie. Sie sind unbedingt erforderlich, um die von Ihnen genutzten Funktionen bereitzustellen; " +
          "eine Einwilligung ist daher nicht nötig (§ 25 Abs. 2 Nr. 2 TDDDG). Keiner dieser Einträge dient " +
          "dem Tracking. Abgesehen vom Sprach-Cookie, das Ihr Browser an unseren Server sendet, damit " +
          "dieser die Seiten in Ihrer Sprache ausliefern kann, und dem Cookie des Kontaktformulars " +
          "verlassen diese Einträge Ihr Gerät nicht.",
      },
      {
        type: "ul",
        items: [
          `${languageKey} (Local Storage und Cookie): die von Ihnen gewählte Sprache. Das Cookie läuft ` +
            `nach einem Jahr ab; der Eintrag im Local Storage bleibt bestehen, bis Sie ihn löschen.`,
          `${THEME_STORAGE_KEY} (Local Storage): ob Sie das helle oder das dunkle Design gewählt haben. ` +
            `Der Eintrag bleibt bestehen, bis Sie ihn löschen.`,
          `${CONSENT_STORAGE_KEY} (Local Storage): Ihre Auswahl im Einwilligungsdialog mit dem Zeitpunkt ` +
            `der Auswahl und der Version des Dialogs. Der Eintrag bleibt bestehen, bis Sie ihn löschen; ` +
            `ändern wir die Einwilligungskategorien, fragen wir Sie erneut.`,
          `${WELCOME_SESSION_KEY} (Session Storage): dass Ihnen die Begrüßungsnachricht bereits ` +
            `angezeigt wurde, damit sie nicht erneut erscheint. Der Eintrag wird gelöscht, wenn Ihre ` +
            `Browsersitzung endet.`,
          `${CONTACT_SUBMISSIONS_KEY} (Local Storage): wie viele Nachrichten Sie in der letzten Stunde ` +
            `über das Kontaktformular gesendet haben, damit wiederholtes Senden begrenzt werden kann. ` +
            `Berücksichtigt wird nur die jeweils letzte Stunde.`,
          `${FORM_TOKEN_COOKIE} (Cookie): wird gesetzt, wenn Sie die Kontaktseite, die Statusseite (mit ihrem ` +
            `Formular zum Abonnieren) oder die Seite zur Auswahl der Dienste für ein Abonnement öffnen. Es ` +
            `enthält den von uns signierten Zeitpunkt, zu dem Sie die Seite geöffnet haben, und nichts über ` +
            `Sie: Alle, die die Seite in derselben Zehntelsekunde öffnen, erhalten denselben Wert. Ihr Browser ` +
            `sendet es mit jeder Anfrage an unseren Server; wir lesen es nur, wenn Sie das Kontaktformular oder ` +
            `ein Abonnement absenden, um zu prüfen, dass das Formular nicht Sekunden nach dem Öffnen der Seite ` +
            `von einem Programm gesendet wurde. Es ist als HttpOnly gekennzeichnet, wird nur über ` +
            `verschlüsselte Verbindungen übertragen und läuft nach 24 Stunden ab.`,
        ],
      },
      {
        type: "p",
        text:
          "Sie können diese Einträge jederzeit in den Einstellungen Ihres Browsers " +
          "löschen. Die Website verwendet dann wieder ihre Standardeinstellungen.",
      },
    ],
  };
}

function consentSection(): LegalSection {
  return {
    heading: "Einwilligungsverwaltung",
    blocks: [
      {
        type: "p",
        text:
          `Wir verwenden einen eigenen Einwilligungsdialog und kein Einwilligungswerkzeug eines ` +
          `Drittanbieters. Ihre Auswahl wird nur in Ihrem Browser gespeichert (siehe den Eintrag ` +
          `${CONSENT_STORAGE_KEY} oben) und weder an uns noch an andere übermittelt.`,
      },
      {
        type: "p",
        text:
          "Der Dialog unterscheidet zwischen unbedingt erforderlicher Speicherung, die immer aktiv ist, " +
          "und den Kategorien „Analyse“ und „Marketing“. Derzeit setzen wir keinerlei Analyse- oder " +
          "Marketing-Cookies oder -Dienste ein. Diese Kategorien würden nur wirksam, wenn wir künftig " +
          "solche Dienste einbinden, und dann nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 " +
          "Abs. 1 TDDDG); diese Erklärung würden wir vorher aktualisieren.",
      },
      {
        type: "p",
        text:
          "Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft über " +
          "„Cookie-Einstellungen“ am Ende jeder Seite widerrufen oder ändern (Art. 7 Abs. 3 DSGVO).",
      },
    ],
  };
}

function mapSection(): LegalSection {
  return {
    heading: "Karte auf der Kontaktseite",
    blocks: [
      {
        type: "p",
        text:
          "Unsere Kontaktseite kann eine Karte unseres Standorts von OpenStreetMap anzeigen. Zum Schutz " +
          "Ihrer Privatsphäre nutzen wir eine Zwei-Klick-Lösung: Beim Öffnen der Seite wird die Karte " +
          "nicht geladen; Sie sehen zunächst einen Platzhalter mit einer Schaltfläche. Erst wenn Sie diese " +
          "anklicken, verbindet sich Ihr Browser mit den Servern der OpenStreetMap Foundation und lädt die " +
          "Karte:",
      },
      { type: "address", lines: osmAddress("Vereinigtes Königreich") },
      {
        type: "p",
        text:
          "Die OpenStreetMap Foundation erhält dabei Ihre IP-Adresse und die technischen Informationen, " +
          "die Ihr Browser bei jeder Anfrage mitsendet (etwa die Browserkennung und die Adresse unserer " +
          "Seite). Rechtsgrundlage ist Ihre Einwilligung, die Sie durch das Anklicken der Schaltfläche " +
          "erteilen (Art. 6 Abs. 1 lit. a DSGVO und § 25 Abs. 1 TDDDG). Klicken Sie nicht, wird keine " +
          "Verbindung aufgebaut. Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft " +
          "widerrufen, indem Sie die Karte nicht erneut laden; eine bereits geladene Karte verschwindet, " +
          "wenn Sie die Seite verlassen oder neu laden.",
      },
      {
        type: "p",
        text:
          "Das Vereinigte Königreich ist kein Mitgliedstaat der EU; die Europäische Kommission hat jedoch " +
          "festgestellt, dass es ein angemessenes Datenschutzniveau gewährleistet " +
          "(Angemessenheitsbeschluss nach Art. 45 DSGVO).",
      },
      {
        type: "p",
        text: [
          "Weitere Informationen finden Sie in der ",
          osmPolicyLink("Datenschutzerklärung der OpenStreetMap Foundation"),
          " (englisch).",
        ],
      },
    ],
  };
}

function socialLinksSection(): LegalSection {
  return {
    heading: "Links zu sozialen Netzwerken",
    blocks: [
      {
        type: "p",
        text: [
          "Unsere Website verlinkt auf Profile bei ",
          { text: "X", href: company.social.x },
          ", ",
          { text: "LinkedIn", href: company.social.linkedin },
          " und ",
          { text: "Discord", href: company.social.discord },
          ". Es handelt sich um einfache Links, nicht um Plugins: Beim Besuch unserer Website werden " +
            "keine Daten an diese Netzwerke übertragen. Erst wenn Sie einem Link folgen, gelangen Sie zum " +
            "jeweiligen Netzwerk, das Ihre Daten dann in eigener Verantwortung und nach seiner eigenen " +
            "Datenschutzerklärung verarbeitet.",
        ],
      },
    ],
  };
}
