import { company } from "#shared/company.ts";
import type { ContactContent, Localized } from "#content/types.ts";

export const contact: Localized<ContactContent> = {
  en: {
    meta: {
      title: "Contact – " + company.brand,
      description:
        "Get in touch with " +
        company.brand +
        " in Munich about AI projects, LLM solutions, hosting or digital " +
        "consulting. We usually reply within one working day.",
    },
    heading: "Contact",
    intro:
      "Do you have a question, a concrete project or just an idea you would like to discuss? " +
      "Write to us or give us a call. We usually reply within one working day.",
    info: {
      heading: "Contact information",
      addressLabel: "Address",
      emailLabel: "Email",
      phoneLabel: "Phone",
      hoursLabel: "Business hours",
      hoursWeekdays: "Monday to Friday: 9:00 – 18:00",
      hoursWeekend: "Saturday and Sunday: closed",
      note: "Messages sent through the contact form reach our team at " + company.email.info + ".",
    },
    map: {
      heading: "How to find us",
      placeholder: "The map has not been loaded yet. It will only be displayed once you load it.",
      button: "Load map",
      privacyNote: "Clicking loads the map from OpenStreetMap, which then receives your IP address.",
      caption: "Our office in Munich",
      frameTitle: "Map showing the location of the " + company.brand + " office in Munich",
    },
  },
  de: {
    meta: {
      title: "Kontakt – " + company.brand,
      description:
        "Kontaktieren Sie " +
        company.brand +
        " in München zu KI-Projekten, LLM-Lösungen, Hosting oder " +
        "Digitalberatung. Wir antworten meist innerhalb eines Werktags.",
    },
    heading: "Kontakt",
    intro:
      "Sie haben eine Frage, ein konkretes Vorhaben oder einfach eine Idee, die Sie besprechen möchten? " +
      "Schreiben Sie uns oder rufen Sie uns an. Wir antworten in der Regel innerhalb eines Werktags.",
    info: {
      heading: "Kontaktdaten",
      addressLabel: "Adresse",
      emailLabel: "E-Mail",
      phoneLabel: "Telefon",
      hoursLabel: "Geschäftszeiten",
      hoursWeekdays: "Montag bis Freitag: 9:00 – 18:00 Uhr",
      hoursWeekend: "Samstag und Sonntag: geschlossen",
      note: "Nachrichten über das Kontaktformular erreichen unser Team unter " + company.email.info + ".",
    },
    map: {
      heading: "So finden Sie uns",
      placeholder: "Die Karte ist noch nicht geladen. Sie wird erst angezeigt, wenn Sie sie laden.",
      button: "Karte laden",
      privacyNote: "Mit dem Klick wird die Karte von OpenStreetMap geladen, das dabei Ihre IP-Adresse erhält.",
      caption: "Unser Büro in München",
      frameTitle: "Karte mit dem Standort des Büros von " + company.brand + " in München",
    },
  },
};
