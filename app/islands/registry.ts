// Every island of a public page: the parts that need a framework in the
// browser. The page chrome (navigation, theme, consent, welcome popup) is not
// among them: it is server-rendered with plain DOM behaviour (app/chrome).
// The server renders islands with React; the browser hydrates each as its own
// root, loading only the code of the islands on the page (app/islands/client.tsx).
import type { ComponentType } from "react";
import { ContactForm } from "#app/components/contact-form.tsx";
import { MapEmbed } from "#app/components/map-embed.tsx";
import { NewsList } from "#app/components/news-list.tsx";
import { NewsTicker } from "#app/components/news-ticker.tsx";
import { NotFoundLogger } from "#app/components/not-found-logger.tsx";
import { DayKeys } from "#app/components/status/day-keys.tsx";
import { LocalTimes } from "#app/components/status/local-times.tsx";

type IslandDefinition = {
  // Props arrive as JSON, so any serialisable shape is fine here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<any>;
  /** The component's module, as the islands build names it: the page preloads its chunk. */
  source: string;
  /** Dictionary key prefixes the island needs in the browser. */
  messages: readonly string[];
};

export const ISLANDS = {
  "news-ticker": { component: NewsTicker, source: "app/components/news-ticker.tsx", messages: ["ticker"] },
  "not-found-logger": { component: NotFoundLogger, source: "app/components/not-found-logger.tsx", messages: [] },
  "map-embed": { component: MapEmbed, source: "app/components/map-embed.tsx", messages: [] },
  "news-list": { component: NewsList, source: "app/components/news-list.tsx", messages: ["news"] },
  "contact-form": { component: ContactForm, source: "app/components/contact-form.tsx", messages: ["contact"] },
  "day-keys": { component: DayKeys, source: "app/components/status/day-keys.tsx", messages: [] },
  "local-times": { component: LocalTimes, source: "app/components/status/local-times.tsx", messages: [] },
} satisfies Record<string, IslandDefinition>;

export type IslandName = keyof typeof ISLANDS;
