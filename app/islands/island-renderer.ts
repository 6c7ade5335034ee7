import { createContext, type ReactNode } from "react";

/**
 * Renders an island to HTML as a root of its own. Provided by
 * entry.server.tsx only, so islands get the same useId values on the server
 * as when the browser hydrates them as separate roots.
 */
export type IslandRenderer = (node: ReactNode, identifierPrefix: string) => string;

export const IslandRendererContext = createContext<IslandRenderer | null>(null);

/**
 * The islands a page rendered, collected while it renders (entry.server.tsx
 * gives each render its own set), so the page preloads their code. The
 * scripts come last in <body>, after every island has rendered.
 */
export const RenderedIslandsContext = createContext<Set<string> | null>(null);
