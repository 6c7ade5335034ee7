// The imprint (Impressum) required by § 5 DDG and § 18 (2) MStV. Every value
// that identifies the company comes from shared/company.ts.
import { company } from "#shared/company.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { Inline, LegalDocument, Localized } from "#content/types.ts";

/** The country of the company's address in the given language, e.g. "Germany". */
function countryName(lang: Language): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(company.address.country) ?? company.address.country;
  } catch {
    return company.address.country;
  }
}

function addressLines(lang: Language, firstLines: string[]): string[] {
  return [
    ...firstLines,
    company.address.street,
    `${company.address.postalCode} ${company.address.city}`,
    countryName(lang),
  ];
}

const emailLink: Inline = { text: company.email.info, href: `mailto:${company.email.info}` };
const phoneLink: Inline = { text: company.phone, href: `tel:${company.phone.replace(/\s+/g, "")}` };

export const imprint: Localized<LegalDocument> = {
  en: {
    meta: {
      title: `Imprint – ${company.brand}`,
      description:
        `Legal information about ${company.legalName}: address, managing director, register entry, VAT ` +
        `identification number and contact details.`,
    },
    heading: "Imprint",
    intro:
      `This page provides the information that ${company.legalName} is required to publish as the provider of ` +
      `this website.`,
    sections: [
      {
        heading: "Information pursuant to § 5 DDG",
        blocks: [{ type: "address", lines: addressLines("en", [company.legalName]) }],
      },
      {
        heading: "Represented by",
        blocks: [{ type: "p", text: `${company.managingDirector}, managing director (Geschäftsführer)` }],
      },
      {
        heading: "Contact",
        blocks: [
          {
            type: "ul",
            items: [
              ["Phone: ", phoneLink],
              ["Email: ", emailLink],
            ],
          },
        ],
      },
      {
        heading: "Register entry",
        blocks: [
          {
            type: "ul",
            items: [
              "Entered in the commercial register (Handelsregister)",
              `Register court: ${company.register.court}`,
              `Register number: ${company.register.number}`,
            ],
          },
        ],
      },
      {
        heading: "VAT identification number",
        blocks: [
          {
            type: "p",
            text:
              `VAT identification number pursuant to § 27a of the German VAT Act (Umsatzsteuergesetz, UStG): ` +
              `${company.vatId}`,
          },
        ],
      },
      {
        heading: "Responsible for content pursuant to § 18 (2) MStV",
        blocks: [{ type: "address", lines: addressLines("en", [company.managingDirector, company.legalName]) }],
      },
      {
        heading: "Consumer dispute resolution",
        blocks: [
          {
            type: "p",
            text:
              "Pursuant to § 36 of the German Consumer Dispute Resolution Act " +
              "(Verbraucherstreitbeilegungsgesetz, VSBG), we state that we are neither willing nor obliged to " +
              "take part in dispute resolution proceedings before a consumer arbitration board.",
          },
        ],
      },
      {
        heading: "Liability for content",
        blocks: [
          {
            type: "p",
            text:
              "We prepare the content of these pages with great care. However, we cannot guarantee that it is " +
              "accurate, complete and up to date. As a service provider, we are responsible for our own " +
              "content on these pages under the general laws. We are not obliged to monitor third-party " +
              "information that is transmitted or stored, or to look for circumstances that indicate illegal " +
              "activity. Obligations to remove or block the use of information under the general laws remain " +
              "unaffected. Liability in this respect is only possible from the moment we become aware of a " +
              "specific infringement; as soon as we learn of such an infringement, we will remove the content " +
              "concerned without delay.",
          },
        ],
      },
      {
        heading: "Liability for links",
        blocks: [
          {
            type: "p",
            text:
              "Our website contains links to external websites of third parties, whose content we cannot " +
              "influence. We therefore cannot accept any responsibility for this third-party content; the " +
              "respective provider or operator of the linked pages is always responsible for it. We checked " +
              "the linked pages for possible legal violations when we set the links, and no illegal content " +
              "was recognisable at that time. Permanent monitoring of the linked pages is not reasonable " +
              "without concrete indications of an infringement. If we become aware of any infringement, we " +
              "will remove the link concerned without delay.",
          },
        ],
      },
      {
        heading: "Credits",
        blocks: [
          { type: "p", text: `Illustrations and images: created by ${company.brand}.` },
          { type: "p", text: "Icons: Lucide (ISC licence)." },
        ],
      },
    ],
  },
  de: {
    meta: {
      title: `Impressum – ${company.brand}`,
      description:
        `Rechtliche Angaben zur ${company.legalName}: Anschrift, Geschäftsführung, Registereintrag, ` +
        `Umsatzsteuer-Identifikationsnummer und Kontaktdaten.`,
    },
    heading: "Impressum",
    intro:
      `Auf dieser Seite finden Sie die Angaben, die die ${company.legalName} als Anbieterin dieser Website ` +
      `veröffentlichen muss.`,
    sections: [
      {
        heading: "Angaben gemäß § 5 DDG",
        blocks: [{ type: "address", lines: addressLines("de", [company.legalName]) }],
      },
      {
        heading: "Vertreten durch",
        blocks: [{ type: "p", text: `${company.managingDirector}, Geschäftsführer` }],
      },
      {
        heading: "Kontakt",
        blocks: [
          {
            type: "ul",
            items: [
              ["Telefon: ", phoneLink],
              ["E-Mail: ", emailLink],
            ],
          },
        ],
      },
      {
        heading: "Registereintrag",
        blocks: [
          {
            type: "ul",
            items: [
              "Eintragung im Handelsregister",
              `Registergericht: ${company.register.court}`,
              `Registernummer: ${company.register.number}`,
            ],
          },
        ],
      },
      {
        heading: "Umsatzsteuer-Identifikationsnummer",
        blocks: [
          {
            type: "p",
            text: `Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz (UStG): ${company.vatId}`,
          },
        ],
      },
      {
        heading: "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
        blocks: [{ type: "address", lines: addressLines("de", [company.managingDirector, company.legalName]) }],
      },
      {
        heading: "Verbraucherstreitbeilegung",
        blocks: [
          {
            type: "p",
            text:
              "Gemäß § 36 Verbraucherstreitbeilegungsgesetz (VSBG) weisen wir darauf hin, dass wir weder " +
              "bereit noch verpflichtet sind, an Streitbeilegungsverfahren vor einer " +
              "Verbraucherschlichtungsstelle teilzunehmen.",
          },
        ],
      },
      {
        heading: "Haftung für Inhalte",
        blocks: [
          {
            type: "p",
            text:
              "Wir erstellen die Inhalte dieser Seiten mit großer Sorgfalt. Für ihre Richtigkeit, " +
              "Vollständigkeit und Aktualität können wir jedoch keine Gewähr übernehmen. Als Diensteanbieter " +
              "sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Wir " +
              "sind jedoch nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen zu " +
              "überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen. " +
              "Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den allgemeinen " +
              "Gesetzen bleiben hiervon unberührt. Eine diesbezügliche Haftung ist jedoch erst ab dem " +
              "Zeitpunkt der Kenntnis einer konkreten Rechtsverletzung möglich; sobald wir von einer solchen " +
              "Rechtsverletzung erfahren, entfernen wir die betreffenden Inhalte umgehend.",
          },
        ],
      },
      {
        heading: "Haftung für Links",
        blocks: [
          {
            type: "p",
            text:
              "Unsere Website enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen " +
              "Einfluss haben. Deshalb können wir für diese fremden Inhalte keine Gewähr übernehmen; " +
              "verantwortlich ist stets der jeweilige Anbieter oder Betreiber der verlinkten Seiten. Die " +
              "verlinkten Seiten haben wir zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße überprüft; " +
              "rechtswidrige Inhalte waren zu diesem Zeitpunkt nicht erkennbar. Eine dauerhafte inhaltliche " +
              "Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte für eine Rechtsverletzung nicht " +
              "zumutbar. Wenn uns Rechtsverletzungen bekannt werden, entfernen wir den betreffenden Link " +
              "umgehend.",
          },
        ],
      },
      {
        heading: "Bildnachweise",
        blocks: [
          { type: "p", text: `Illustrationen und Bilder: erstellt von ${company.brand}.` },
          { type: "p", text: "Icons: Lucide (ISC-Lizenz)." },
        ],
      },
    ],
  },
};
