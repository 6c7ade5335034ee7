import { readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { CHROME_ENTRY, HYDRATOR_MODULE, ISLANDS_BASE, ISLANDS_MANIFEST } from "./vite.islands.config.ts";

type ManifestChunk = { file: string; imports?: string[]; isDynamicEntry?: boolean };

/** A chunk's file and those of everything it imports statically, as URLs, the chunk first. */
function chunkUrls(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${ISLANDS_MANIFEST} has no ${key}: run the islands build first`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [ISLANDS_BASE + chunk.file, ...(chunk.imports ?? []).flatMap((inner) => chunkUrls(manifest, inner, seen))];
}

/**
 * `virtual:islands-assets`: where the public pages' scripts are. In a build
 * they come from the islands bundle's manifest (built first, see
 * scripts/build.ts): the chrome entry, the hydrator and each island module's
 * chunks, for the page to preload what it uses. In development Vite serves the
 * sources itself and nothing is preloaded.
 */
function islandsAssets(): Plugin {
  const id = "virtual:islands-assets";
  let command: "build" | "serve" = "serve";
  return {
    name: "islands-assets",
    configResolved(config) {
      command = config.command;
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      // In development the islands need React Router's refresh runtime first (hot reload).
      const devRuntime = "/@id/__x00__virtual:react-router/inject-hmr-runtime";
      if (command === "serve") {
        const sources = { entry: `/${CHROME_ENTRY}`, preload: [], hydrator: [], modules: {}, devRuntime };
        return `export default ${JSON.stringify(sources)};`;
      }
      const manifest = JSON.parse(readFileSync(ISLANDS_MANIFEST, "utf8")) as Record<string, ManifestChunk>;
      const [entry, ...preload] = chunkUrls(manifest, CHROME_ENTRY);
      const modules = Object.fromEntries(
        Object.entries(manifest)
          .filter(([, chunk]) => chunk.isDynamicEntry)
          .map(([key]) => [key, chunkUrls(manifest, key)]),
      );
      const assets = { entry, preload, hydrator: chunkUrls(manifest, HYDRATOR_MODULE), modules };
      return `export default ${JSON.stringify(assets)};`;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islandsAssets()],
  build: {
    // Inline nothing as data: URIs so the CSP needs no data: sources.
    assetsInlineLimit: 0,
    // Rolldown's coloured plugin-timing block read as a warning on every first `npm start`; scripts/build.ts times
    // each step itself.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // The server bundle takes in the few icons the pages use; loaded as a
  // package, the whole icon set cost every server process memory (decision 022).
  ssr: { noExternal: ["lucide-react"] },
});
