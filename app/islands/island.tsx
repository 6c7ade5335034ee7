import { useContext, type ComponentProps } from "react";
import { LanguageProvider, pickByPrefix, useLanguage } from "#app/i18n/language.tsx";
import { IslandRendererContext, RenderedIslandsContext } from "./island-renderer.ts";
import { ISLAND_ATTRIBUTE, PAYLOAD_ATTRIBUTE, type AnyIsland, type IslandPayload } from "./payload.ts";
import { ISLANDS, type IslandName } from "./registry.ts";

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
  useContext(RenderedIslandsContext)?.add(name);
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
