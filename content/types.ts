// Shapes of the site's copy. Every content module exports one value per
// language typed with the same shape, so English and German cannot drift
// apart: a missing or extra field is a type error.
import type { Language } from "#shared/i18n/languages.ts";

export type Localized<T> = Record<Language, T>;

/** Text with optional links: "Write to " + { text: "us", href: "mailto:..." }. */
export type Inline = string | { text: string; href: string };

/** A block of rich text. Rendered by React, never as raw HTML. */
export type Block =
  | { type: "p"; text: string | Inline[] }
  | { type: "h2"; text: string }
  | { type: "h3"; text: string }
  | { type: "ul"; items: (string | Inline[])[] }
  | { type: "address"; lines: string[] };

export type Meta = { title: string; description: string };

export type CardIcon =
  | "brain"
  | "shield"
  | "server"
  | "database"
  | "activity"
  | "rocket"
  | "scale"
  | "users"
  | "graduation"
  | "clock"
  | "wallet"
  | "heart";

export type HomeContent = {
  meta: Meta;
  hero: { eyebrow: string; title: string; text: string; primaryCta: string; secondaryCta: string };
  founder: {
    heading: string;
    /** The founder and CEO's story; mentions 25+ years of experience. */
    paragraphs: string[];
    linkedinLabel: string;
    discordLabel: string;
  };
  servicesTeaser: {
    heading: string;
    intro: string;
    /** [AI services card, projects card]; each links to its own subdomain. */
    cards: [TeaserCard, TeaserCard];
  };
  testimonials: { heading: string; items: [Testimonial, Testimonial, Testimonial] };
  cta: { heading: string; text: string; button: string };
};

export type TeaserCard = { title: string; description: string; linkLabel: string };
export type Testimonial = { quote: string; author: string; position: string };

export type AiServicesContent = {
  meta: Meta;
  hero: { title: string; subtitle: string };
  intro: { heading: string; paragraphs: string[]; button: string };
  capabilities: { heading: string; items: CapabilityCard[] };
  process: { heading: string; intro: string; steps: { title: string; description: string }[] };
};

export type CapabilityCard = { icon: CardIcon; title: string; description: string; points: string[] };

export type DigitalConsultingContent = {
  meta: Meta;
  hero: { title: string; subtitle: string };
  capabilities: { heading: string; items: { icon: CardIcon; title: string; description: string }[] };
  services: {
    heading: string;
    items: { title: string; description: string; bullets: [string, string, string, string] }[];
  };
  cta: { heading: string; text: string; button: string };
};

export type ProjectsContent = {
  meta: Meta;
  heading: string;
  intro: string;
  visitLabel: string;
  technologiesLabel: string;
  projects: {
    /** Which generated image to show. */
    image: "summarizer" | "playgrounds-de" | "playgrounds-world";
    imageAlt: string;
    title: string;
    description: string;
    link: string;
    technologies: string[];
  }[];
};

export type AboutContent = {
  meta: Meta;
  heading: string;
  intro: string;
  story: { heading: string; paragraphs: string[] };
  mission: { heading: string; intro: string; bullets: [string, string, string] };
  team: { heading: string; intro: string; ceo: { position: string; description: string[]; portraitAlt: string } };
};

export type CareersContent = {
  meta: Meta;
  heading: string;
  intro: string;
  reasons: { heading: string; items: { title: string; description: string }[] };
  benefits: { heading: string; items: { icon: CardIcon; title: string; description: string }[] };
  openings: {
    heading: string;
    fullTime: string;
    location: string;
    requirementsLabel: string;
    responsibilitiesLabel: string;
    apply: string;
    jobs: { title: string; description: string; requirements: string[]; responsibilities: string[] }[];
  };
  openApplication: { heading: string; text: string; button: string };
};

export type ContactContent = {
  meta: Meta;
  heading: string;
  intro: string;
  info: {
    heading: string;
    addressLabel: string;
    emailLabel: string;
    phoneLabel: string;
    hoursLabel: string;
    hoursWeekdays: string;
    hoursWeekend: string;
    /** Says that messages reach the company's info address. */
    note: string;
  };
  map: {
    heading: string;
    placeholder: string;
    button: string;
    privacyNote: string;
    caption: string;
    frameTitle: string;
  };
};

export type LegalDocument = {
  meta: Meta;
  heading: string;
  intro: string;
  /** Display text such as "April 9, 2025"; terms only. */
  lastUpdated?: string;
  sections: LegalSection[];
};

export type LegalSection = {
  heading: string;
  /** The heading's anchor, the same in both languages, for links from elsewhere (e.g. a mail's footer). */
  id?: string;
  blocks: Block[];
};

export const NEWS_CATEGORIES = [
  "seoUpdates",
  "marketTrends",
  "research",
  "industryInsights",
  "business",
  "dataAnalytics",
  "industryNews",
  "aiEthics",
  "retailTech",
  "quantumTechnology",
  "sustainableTechnology",
  "healthcareTech",
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export type ArticleText = { title: string; excerpt: string; imageAlt: string; body: Block[] };

export type NewsArticle = {
  id: number;
  /** ISO date, e.g. "2025-04-03". */
  date: string;
  category: NewsCategory;
  readMinutes: 4 | 5 | 6 | 7;
} & Localized<ArticleText>;
