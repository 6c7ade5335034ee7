import { useContext, type ComponentProps, type ComponentType } from "react";
import type { Language } from "#shared/i18n/languages.ts";
import type { Messages } from "#app/i18n/en.ts";
import { LanguageProvider, pickByPrefix, useLanguage } from "#app/i18n/language.tsx";
import { IslandRendererContext } from "./island-renderer.ts";
import { ISLANDS, type IslandName } from "./registry.ts";

/** What the browser needs to hydrate one island, stored on its element. */
export type IslandPayload = { lang: Language; messages: Partial<Messages>; props: Record<string, unknown> };

/** Any island component, as hydration sees it: props parsed from JSON. */
export type AnyIsland = ComponentType<Record<string, unknown>>;

export const ISLAND_ATTRIBUTE = "data-island";
export const PAYLOAD_ATTRIBUTE = "data-island-payload";

/**
 * Server-renders an island inside a <div data-island>, with the props and the
 * dictionary entries its browser copy needs.
 */
export function Island<N extends IslandName>({
  name,
  props,
}: {
  name: N;
  props: ComponentProps<(typeof ISLANDS)[N]["component"]>;
}) {
  const islandProps = props as Record<string, unknown>;
  const { lang, messages } = useLanguage();
  const render = useContext(IslandRendererContext);
  const definition = ISLANDS[name];
  const payload: IslandPayload = { lang, messages: pickByPrefix(messages, definition.messages), props: islandProps };
  const Component = definition.component as AnyIsland;
  const tree = (
    <LanguageProvider lang={lang} messages={payload.messages}>
      <Component {...islandProps} />
    </LanguageProvider>
  );
  const attributes = { [ISLAND_ATTRIBUTE]: name, [PAYLOAD_ATTRIBUTE]: JSON.stringify(payload), className: "contents" };
  if (!render) return <div {...attributes}>{tree}</div>;
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: render(tree, name) }} />;
}
