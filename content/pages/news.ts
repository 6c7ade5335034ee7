import { company } from "#shared/company.ts";
import type { Localized, Meta } from "#content/types.ts";

export type NewsPageContent = { meta: Meta; heading: string; intro: string };

export const news: Localized<NewsPageContent> = {
  en: {
    meta: {
      title: `Latest AI and Digital News – ${company.brand}`,
      description:
        "News and analysis on AI, data quality, search and digital " +
        "business, written by our consultants for decision-makers.",
    },
    heading: "Latest AI and Digital News",
    intro: "Our view on what moves AI, data and digital business – and what it means for your company.",
  },
  de: {
    meta: {
      title: `Aktuelle KI- und Digital-News – ${company.brand}`,
      description:
        "Nachrichten und Analysen zu KI, Datenqualität, Suche und digitalem " +
        "Geschäft – von unseren Beraterinnen und Beratern für Entscheider.",
    },
    heading: "Aktuelle KI- und Digital-News",
    intro:
      "Unser Blick auf das, was KI, Daten und digitales Geschäft bewegt – und was es für Ihr Unternehmen bedeutet.",
  },
};
