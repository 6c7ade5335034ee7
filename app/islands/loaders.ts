// How the browser loads each island's component: one chunk per island, so a
// page fetches only the code of the islands it renders. The keys are the
// registry's (registry.ts), which the type checks; the server preloads each
// chunk by the registry's `source`.
import type { ComponentType } from "react";
import type { AnyIsland } from "./payload.ts";
import type { IslandName } from "./registry.ts";

type Loader = () => Promise<AnyIsland>;

/** Props arrive parsed from JSON: hydration sees every island as an AnyIsland. */
function island<P>(load: () => Promise<ComponentType<P>>): Loader {
  return load as unknown as Loader;
}

export const ISLAND_LOADERS: Record<IslandName, Loader> = {
  "news-ticker": island(() => import("#app/components/news-ticker.tsx").then((module) => module.NewsTicker)),
  "not-found-logger": island(() =>
    import("#app/components/not-found-logger.tsx").then((module) => module.NotFoundLogger),
  ),
  "map-embed": island(() => import("#app/components/map-embed.tsx").then((module) => module.MapEmbed)),
  "news-list": island(() => import("#app/components/news-list.tsx").then((module) => module.NewsList)),
  "contact-form": island(() => import("#app/components/contact-form.tsx").then((module) => module.ContactForm)),
  "day-keys": island(() => import("#app/components/status/day-keys.tsx").then((module) => module.DayKeys)),
  "local-times": island(() => import("#app/components/status/local-times.tsx").then((module) => module.LocalTimes)),
};
