import {
  CONSENT_STORAGE_KEY,
  CONTACT_SUBMISSIONS_KEY,
  THEME_STORAGE_KEY,
  WELCOME_SESSION_KEY,
} from "#shared/site/storage-keys.ts";
import { company } from "#shared/company.ts";
import type { LegalDocument } from "#content/types.ts";
import {
  DEVICE_COOKIE,
  FORM_TOKEN_COOKIE,
  SESSION_COOKIE,
  languageKey,
  emailLink,
  phoneLink,
  osmPolicyLink,
  bayldaLink,
  osmAddress,
  bayldaAddress,
  companyAddress,
} from "./privacy-policy-facts.ts";

export function privacyPolicyDe(options: { contactRetentionDays: number }): LegalDocument {
  const days = options.contactRetentionDays;
  const retentionDe = days === 1 ? "einem Tag" : `${days} Tagen`;
  return {
    meta: {
      title: `Datenschutzerklärung – ${company.brand}`,
      description:
        `Wie ${company.brand} auf dieser Website mit personenbezogenen Daten umgeht: Hosting, Kontaktformular, ` +
        `Speicherung im Browser, die Karte auf der Kontaktseite und Ihre Rechte nach der DSGVO.`,
    },
    heading: "Datenschutzerklärung",
    intro:
      "Diese Erklärung beschreibt, welche personenbezogenen Daten wir verarbeiten, wenn Sie diese Website " +
      "nutzen, zu welchen Zwecken und auf welcher Rechtsgrundlage wir das tun und welche Rechte Sie haben.",
    sections: [
      {
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
      },
      {
        heading: "Überblick",
        blocks: [
          {
            type: "p",
            text:
              "Wir verarbeiten personenbezogene Daten nur, soweit das nötig ist, um diese Website " +
              "bereitzustellen, sie sicher zu betreiben und Ihre Anfragen zu beantworten. Dazu gehören die " +
              "technischen Daten, die Ihr Browser bei jedem Aufruf mitsendet, die Angaben, die Sie in das " +
              "Kontaktformular eingeben, und einige Einstellungen, die in Ihrem Browser gespeichert werden.",
          },
          {
            type: "p",
            text:
              "Wir setzen keine Tracking- oder Analysewerkzeuge ein und geben personenbezogene Daten nicht zu " +
              "Werbezwecken an Dritte weiter. Dritte erhalten Daten nur in den Fällen, die in dieser Erklärung " +
              "beschrieben sind, etwa wenn Sie die Karte auf der Kontaktseite laden.",
          },
        ],
      },
      {
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
      },
      {
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
      },
      {
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
      },
      {
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
              `${FORM_TOKEN_COOKIE} (Cookie): wird gesetzt, wenn Sie die Kontaktseite öffnen. Es enthält den ` +
                `von uns signierten Zeitpunkt, zu dem Sie die Seite geöffnet haben, und nichts über Sie: Alle, ` +
                `die die Seite in derselben Zehntelsekunde öffnen, erhalten denselben Wert. Ihr Browser sendet ` +
                `es mit jeder Anfrage an unseren Server; wir lesen es nur, wenn Sie das Kontaktformular ` +
                `absenden, um zu prüfen, dass das Formular nicht Sekunden nach dem Öffnen der Seite von einem ` +
                `Programm gesendet wurde. Es ist als HttpOnly gekennzeichnet, wird nur über verschlüsselte ` +
                `Verbindungen übertragen und läuft nach 24 Stunden ab.`,
            ],
          },
          {
            type: "p",
            text:
              "Sie können diese Einträge jederzeit in den Einstellungen Ihres Browsers " +
              "löschen. Die Website verwendet dann wieder ihre Standardeinstellungen.",
          },
        ],
      },
      {
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
      },
      {
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
      },
      {
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
      },
      {
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
      },
      {
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
      },
      {
        heading: "Keine automatisierte Entscheidungsfindung",
        blocks: [
          {
            type: "p",
            text:
              "Wir setzen keine automatisierte Entscheidungsfindung " +
              "einschließlich Profiling im Sinne von Art. 22 DSGVO ein.",
          },
        ],
      },
      {
        heading: "Änderungen dieser Datenschutzerklärung",
        blocks: [
          {
            type: "p",
            text:
              "Wir passen diese Erklärung an, wenn sich unsere Website oder die rechtlichen " +
              "Vorgaben ändern. Die aktuelle Fassung finden Sie stets auf dieser Seite.",
          },
          { type: "p", text: "Stand dieser Datenschutzerklärung: 9. April 2025." },
        ],
      },
    ],
  };
}
