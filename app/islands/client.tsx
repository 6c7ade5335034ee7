// The only script of a public page: hydrates each island as its own root.
import { useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { LanguageProvider } from "#app/i18n/language.tsx";
import { ISLAND_ATTRIBUTE, PAYLOAD_ATTRIBUTE, type AnyIsland, type IslandPayload } from "./island.tsx";
import { ISLANDS, type IslandName } from "./registry.ts";

function isIslandName(name: string | null): name is IslandName {
  return name !== null && Object.hasOwn(ISLANDS, name);
}

/** Marks the island's element once React has hydrated it (tests wait for it before using the keyboard). */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => element.setAttribute("data-hydrated", ""), [element]);
  return children;
}

for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = element.getAttribute(ISLAND_ATTRIBUTE);
  if (!isIslandName(name)) continue;
  const { lang, messages, props } = JSON.parse(element.getAttribute(PAYLOAD_ATTRIBUTE) ?? "{}") as IslandPayload;
  const Component = ISLANDS[name].component as AnyIsland;
  hydrateRoot(
    element,
    <Hydrated element={element}>
      <LanguageProvider lang={lang} messages={messages}>
        <Component {...props} />
      </LanguageProvider>
    </Hydrated>,
    { identifierPrefix: name },
  );
}
