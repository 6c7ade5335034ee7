import { readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { ISLANDS_BASE, ISLANDS_ENTRY, ISLANDS_MANIFEST } from "./vite.islands.config.ts";

/**
 * `virtual:islands-assets`: where the islands script of public pages is. In a
 * build it comes from the islands bundle's manifest (built first, see
 * scripts/build.ts); in development Vite serves the source itself.
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
      if (command === "serve")
        return `export default ${JSON.stringify({ entry: `/${ISLANDS_ENTRY}`, preload: [], devRuntime })};`;
      const manifest = JSON.parse(readFileSync(ISLANDS_MANIFEST, "utf8")) as Record<
        string,
        { file: string; imports?: string[] }
      >;
      const entry = manifest[ISLANDS_ENTRY];
      if (!entry) throw new Error(`${ISLANDS_MANIFEST} has no entry for ${ISLANDS_ENTRY}: run the islands build first`);
      const url = (key: string) => ISLANDS_BASE + manifest[key]!.file;
      const islands = { entry: ISLANDS_BASE + entry.file, preload: (entry.imports ?? []).map(url) };
      return `export default ${JSON.stringify(islands)};`;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islandsAssets()],
  build: {
    // Inline nothing as data: URIs so the CSP needs no data: sources.
    assetsInlineLimit: 0,
  },
  // The server bundle takes in the few icons the pages use; loaded as a
  // package, the whole icon set cost every server process memory (decision 022).
  ssr: { noExternal: ["lucide-react"] },
});
