// Every interactive part of a public page. Public pages load no router: the
// server renders them whole, and the browser hydrates only these islands
// (app/islands/client.tsx), each as its own React root.
import type { ComponentType } from "react";
import { ConsentBanner } from "#app/components/consent/consent-banner.tsx";
import { ContactForm } from "#app/components/contact-form.tsx";
import { CookieSettingsButton } from "#app/components/consent/cookie-settings-button.tsx";
import { LanguageSwitch } from "#app/components/language-switch.tsx";
import { MapEmbed } from "#app/components/map-embed.tsx";
import { Navbar } from "#app/components/navbar.tsx";
import { NewsList } from "#app/components/news-list.tsx";
import { NewsTicker } from "#app/components/news-ticker.tsx";
import { NotFoundLogger } from "#app/components/not-found-logger.tsx";
import { SiteTools } from "#app/components/site-tools.tsx";
import { DayKeys } from "#app/components/status/day-keys.tsx";

type IslandDefinition = {
  // Props arrive as JSON, so any serialisable shape is fine here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<any>;
  /** Dictionary key prefixes the island needs in the browser. */
  messages: readonly string[];
};

export const ISLANDS = {
  navbar: { component: Navbar, messages: ["nav"] },
  "consent-banner": { component: ConsentBanner, messages: ["consent"] },
  "site-tools": { component: SiteTools, messages: ["consent", "popup", "common"] },
  "cookie-settings": { component: CookieSettingsButton, messages: ["footer", "consent"] },
  "language-switch": { component: LanguageSwitch, messages: ["nav"] },
  "news-ticker": { component: NewsTicker, messages: ["ticker"] },
  "not-found-logger": { component: NotFoundLogger, messages: [] },
  "map-embed": { component: MapEmbed, messages: [] },
  "news-list": { component: NewsList, messages: ["news"] },
  "contact-form": { component: ContactForm, messages: ["contact"] },
  "day-keys": { component: DayKeys, messages: [] },
} satisfies Record<string, IslandDefinition>;

export type IslandName = keyof typeof ISLANDS;
