import { createContext, type ReactNode } from "react";

/**
 * Renders an island to HTML as a root of its own. Provided by
 * entry.server.tsx only, so islands get the same useId values on the server
 * as when the browser hydrates them as separate roots.
 */
export type IslandRenderer = (node: ReactNode, identifierPrefix: string) => string;

export const IslandRendererContext = createContext<IslandRenderer | null>(null);
