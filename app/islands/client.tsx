// Hydrates each island of a public page as its own root, loading each one's
// code on demand. Loaded by the chrome script (app/chrome/main.ts) only on
// pages that have islands. The production build runs it on Preact through its
// React compatibility layer (vite.islands.config.ts): the same components, a
// tenth of the framework's weight.
import { useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { LanguageProvider } from "#app/i18n/language.tsx";
import { ISLAND_ATTRIBUTE, PAYLOAD_ATTRIBUTE, type IslandPayload } from "./payload.ts";
import { ISLAND_LOADERS } from "./loaders.ts";
import type { IslandName } from "./registry.ts";

function isIslandName(name: string | null): name is IslandName {
  return name !== null && Object.hasOwn(ISLAND_LOADERS, name);
}

/** Marks the island's element once it has hydrated (tests wait for it before using the keyboard). */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => element.setAttribute("data-hydrated", ""), [element]);
  return children;
}

async function hydrate(element: HTMLElement, name: IslandName) {
  const { lang, messages, props } = JSON.parse(element.getAttribute(PAYLOAD_ATTRIBUTE) ?? "{}") as IslandPayload;
  const Component = await ISLAND_LOADERS[name]();
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

for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = element.getAttribute(ISLAND_ATTRIBUTE);
  if (isIslandName(name)) void hydrate(element, name);
}
