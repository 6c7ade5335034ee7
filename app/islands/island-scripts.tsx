import { useContext } from "react";
import assets from "virtual:islands-assets";
import { RenderedIslandsContext } from "./island-renderer.ts";
import { ISLANDS, type IslandName } from "./registry.ts";

/** The chunks of the islands a page rendered: the hydrator's and each island's. */
function islandChunks(rendered: ReadonlySet<string>): string[] {
  if (rendered.size === 0 || assets.devRuntime) return [];
  return [...assets.hydrator, ...[...rendered].flatMap((name) => chunksOf(name as IslandName))];
}

function chunksOf(name: IslandName): string[] {
  const chunks = assets.modules[ISLANDS[name].source];
  // Prerendering runs in the build, so a registry that names a module the islands build did not split stops it.
  if (!chunks) throw new Error(`The islands build has no chunk for ${ISLANDS[name].source} (island ${name})`);
  return chunks;
}

/**
 * The scripts of a public page: the chrome script, and preloads for the code
 * of the islands it rendered (the chrome script loads them when it finds them).
 */
export function IslandScripts() {
  const rendered = useContext(RenderedIslandsContext) ?? new Set<string>();
  const preload = [...new Set([...assets.preload, ...islandChunks(rendered)])];
  return (
    <>
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {assets.devRuntime ? <script type="module" src={assets.devRuntime} /> : null}
      <script type="module" src={assets.entry} />
    </>
  );
}
