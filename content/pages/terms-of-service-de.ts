// The German terms of service (see terms-of-service.ts).
import { company } from "#shared/company.ts";
import { localizePath } from "#shared/site/paths.ts";
import type { LegalDocument } from "#content/types.ts";

const address = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;

export const termsOfServiceDe: LegalDocument = {
  meta: {
    title: `Nutzungsbedingungen – ${company.brand}`,
    description: `Die Bedingungen, die für die Nutzung der Website der ${company.legalName} gelten.`,
  },
  heading: "Nutzungsbedingungen",
  intro: `Diese Bedingungen regeln die Nutzung der Website der ${company.legalName}; bitte lesen Sie sie sorgfältig.`,
  lastUpdated: "9. April 2025",
  sections: [
    {
      heading: "1. Geltungsbereich",
      blocks: [
        {
          type: "p",
          text:
            `Diese Bedingungen gelten für die Nutzung dieser Website, die von der ${company.legalName}, ` +
            `${address} („wir“ oder „uns“) betrieben wird. Sie gelten für alle Besucherinnen und Besucher, ` +
            `unabhängig davon, ob Sie Kontakt mit uns aufnehmen.`,
        },
        {
          type: "p",
          text:
            "Unsere Beratungs-, Entwicklungs- und KI-Leistungen richten sich nicht nach diesen Bedingungen, " +
            "sondern nach den individuellen Verträgen, die wir mit unseren Kundinnen und Kunden schließen " +
            "(siehe Abschnitt 5). Abweichende Bedingungen von Nutzerinnen und Nutzern finden keine Anwendung.",
        },
      ],
    },
    {
      heading: "2. Unsere Leistungen und Angebote",
      blocks: [
        {
          type: "p",
          text:
            "Auf dieser Website stellen wir unser Unternehmen und unsere Leistungen in den Bereichen " +
            "künstliche Intelligenz und digitale Beratung vor. Beschreibungen von Leistungen, Projekten, " +
            "Beispielen und Kennzahlen sind allgemeine Informationen. Sie sind kein verbindliches Angebot, " +
            "sondern eine Einladung, mit uns in Kontakt zu treten.",
        },
        {
          type: "p",
          text:
            "Ein Projekt wird erst durch einen gesonderten Vertrag vereinbart, der Leistungsumfang, Termine " +
            "und Vergütung festlegt. Die Inhalte dieser Website ersetzen keine individuelle Beratung für " +
            "Ihre konkrete Situation.",
        },
      ],
    },
    {
      heading: "3. Nutzung der Website",
      blocks: [
        {
          type: "p",
          text:
            "Sie dürfen diese Website nur im Einklang mit dem geltenden " +
            "Recht nutzen. Insbesondere dürfen Sie nicht:",
        },
        {
          type: "ul",
          items: [
            "versuchen, sich unbefugt Zugang zur Website, zu ihren Servern " +
              "oder zu ihrem internen Bereich zu verschaffen;",
            "die Website angreifen, stören oder überlasten, etwa mit " +
              "Schadsoftware oder einer ungewöhnlich großen Zahl von Anfragen;",
            "Inhalte so automatisiert abrufen (Scraping, Crawling), dass die Website " +
              "belastet wird oder technische Schutzmaßnahmen umgangen werden;",
            "das Kontaktformular missbrauchen, insbesondere um Werbung, " +
              "Spam oder rechtswidrige Inhalte zu versenden.",
          ],
        },
        {
          type: "p",
          text:
            "Die übliche Indexierung durch Suchmaschinen bleibt davon unberührt. Bei Anhaltspunkten für " +
            "einen Missbrauch können wir den Zugang zur Website einschränken oder sperren.",
        },
      ],
    },
    {
      heading: "4. Geistiges Eigentum",
      blocks: [
        {
          type: "p",
          text:
            "Die Texte, Bilder, Illustrationen, Grafiken, Logos und die Gestaltung dieser Website sind durch " +
            "das Urheberrecht und andere Schutzrechte geschützt. Soweit nicht anders angegeben, liegen die " +
            "Rechte bei uns.",
        },
        {
          type: "p",
          text:
            "Sie dürfen die Inhalte ansehen und für Ihren privaten Gebrauch Kopien anfertigen, etwa eine " +
            "Seite ausdrucken. Jede weitere Nutzung, insbesondere Vervielfältigung, Verbreitung, öffentliche " +
            "Zugänglichmachung oder Bearbeitung, bedarf unserer vorherigen schriftlichen Zustimmung, soweit " +
            "das Gesetz sie nicht erlaubt (etwa als Zitat). Inhalte Dritter, etwa die Icons von Lucide, " +
            "unterliegen den Lizenzen ihrer Urheber; Namen und Logos Dritter gehören den jeweiligen Inhabern.",
        },
      ],
    },
    {
      heading: "5. Kundenprojekte und gesonderte Vereinbarungen",
      blocks: [
        {
          type: "p",
          text:
            "Für Beratungs-, Entwicklungs-, KI- und sonstige Projekte gelten ausschließlich der mit der " +
            "Kundin oder dem Kunden geschlossene Vertrag und die Unterlagen, auf die er verweist. " +
            "Widerspricht ein solcher Vertrag diesen Bedingungen, hat der Vertrag Vorrang.",
        },
        {
          type: "p",
          text:
            "Angaben auf dieser Website zu Service-Levels, etwa eine Verfügbarkeit von 99,99 %, " +
            "Reaktionszeiten oder andere Leistungskennzahlen, beschreiben, was wir in geeigneten Projekten " +
            "anbieten können. Verbindlich werden sie erst, wenn sie in einem Vertrag ausdrücklich " +
            "schriftlich vereinbart sind.",
        },
      ],
    },
    {
      heading: "6. Haftung",
      blocks: [
        {
          type: "p",
          text:
            "Wir haften unbeschränkt für Schäden, die vorsätzlich oder grob fahrlässig verursacht wurden, " +
            "sowie für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit.",
        },
        {
          type: "p",
          text:
            "Bei leichter Fahrlässigkeit haften wir nur, wenn wir eine wesentliche Pflicht verletzen, also " +
            "eine Pflicht, deren Erfüllung die ordnungsgemäße Nutzung überhaupt erst ermöglicht und auf " +
            "deren Einhaltung Sie regelmäßig vertrauen dürfen. In diesem Fall ist unsere Haftung auf den " +
            "vorhersehbaren, für diese Art der Nutzung typischen Schaden begrenzt. Im Übrigen haften wir für " +
            "leichte Fahrlässigkeit nicht.",
        },
        {
          type: "p",
          text:
            "Diese Beschränkungen gelten auch zugunsten unserer gesetzlichen Vertreter, Mitarbeitenden und " +
            "Erfüllungsgehilfen. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.",
        },
      ],
    },
    {
      heading: "7. Verfügbarkeit der Website",
      blocks: [
        {
          type: "p",
          text:
            "Wir bemühen uns, diese Website jederzeit verfügbar zu halten, können aber nicht gewährleisten, " +
            "dass sie ununterbrochen und fehlerfrei erreichbar ist. Wartungsarbeiten, Sicherheitsupdates, " +
            "technische Störungen oder Ereignisse außerhalb unseres Einflussbereichs können den Zugang " +
            "vorübergehend einschränken.",
        },
        {
          type: "p",
          text:
            "Wir können die Website oder Teile davon jederzeit ändern, erweitern oder einstellen. Zusagen " +
            "zur Verfügbarkeit von Systemen, die wir für Kundinnen und Kunden entwickeln oder betreiben, " +
            "richten sich ausschließlich nach den gesonderten Vereinbarungen nach Abschnitt 5.",
        },
      ],
    },
    {
      heading: "8. Datenschutz",
      blocks: [
        {
          type: "p",
          text: [
            "Wie wir personenbezogene Daten verarbeiten, wenn Sie diese Website nutzen, " +
              "etwa wenn Sie uns eine Nachricht senden, erläutern wir in unserer ",
            { text: "Datenschutzerklärung", href: localizePath("de", "/privacy-policy") },
            ".",
          ],
        },
      ],
    },
    {
      heading: "9. Änderungen dieser Bedingungen",
      blocks: [
        {
          type: "p",
          text:
            "Wir können diese Bedingungen ändern, etwa wenn sich die Rechtslage oder unsere Website ändert. " +
            "Jede wesentliche Änderung kündigen wir auf dieser Seite mindestens 30 Tage vor ihrem " +
            "Inkrafttreten an. Es gilt die Fassung, die zum Zeitpunkt Ihrer Nutzung auf dieser Seite " +
            "veröffentlicht ist; das Datum der letzten Aktualisierung finden Sie oben.",
        },
      ],
    },
    {
      heading: "10. Anwendbares Recht und Gerichtsstand",
      blocks: [
        {
          type: "p",
          text:
            "Für diese Bedingungen gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des " +
            "UN-Kaufrechts (CISG). Sind Sie Verbraucherin oder Verbraucher, wird Ihnen durch diese " +
            "Rechtswahl nicht der Schutz der zwingenden Bestimmungen des Rechts des Staates entzogen, in dem " +
            "Sie Ihren gewöhnlichen Aufenthalt haben.",
        },
        {
          type: "p",
          text:
            `Sind Sie Kaufmann, juristische Person des öffentlichen Rechts oder öffentlich-rechtliches ` +
            `Sondervermögen, ist Gerichtsstand für alle Streitigkeiten aus oder im Zusammenhang mit diesen ` +
            `Bedingungen ${company.address.city}.`,
        },
        {
          type: "p",
          text:
            "Sollte eine Bestimmung dieser Bedingungen unwirksam sein oder werden, bleibt die Wirksamkeit " +
            "der übrigen Bestimmungen unberührt. An die Stelle der unwirksamen Bestimmung treten die " +
            "gesetzlichen Vorschriften.",
        },
      ],
    },
  ],
};
