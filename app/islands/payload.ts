// What the server hands an island's browser copy, on the island's element.
// Kept apart from the registry, so the browser's hydrator imports no component.
import type { ComponentType } from "react";
import type { Language } from "#shared/i18n/languages.ts";
import type { Messages } from "#app/i18n/en.ts";

/** What the browser needs to hydrate one island, stored on its element. */
export type IslandPayload = { lang: Language; messages: Partial<Messages>; props: Record<string, unknown> };

/** Any island component, as hydration sees it: props parsed from JSON. */
export type AnyIsland = ComponentType<Record<string, unknown>>;

export const ISLAND_ATTRIBUTE = "data-island";
export const PAYLOAD_ATTRIBUTE = "data-island-payload";
