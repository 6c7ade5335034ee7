import { defineConfig } from "vite";
import { withoutUseClientWarnings } from "./scripts/build-report.ts";

// The browser code of public pages, built before the React Router build, which
// reads its manifest: the chrome script every page loads (plain DOM), and the
// hydrator with one chunk per island, which only pages with islands load.
export const CHROME_ENTRY = "app/chrome/main.ts";
export const HYDRATOR_MODULE = "app/islands/client.tsx";
export const ISLANDS_BASE = "/islands/";
export const ISLANDS_OUT_DIR = "build/islands";
export const ISLANDS_MANIFEST = `${ISLANDS_OUT_DIR}/.vite/manifest.json`;

// Islands are rendered by React on the server and hydrated by Preact in the
// browser (decision 030): its compatibility layer runs the same components for
// a tenth of React DOM's 58 KB brotli. Exact matches only, so React's own
// subpaths map to Preact's.
const PREACT = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
];

export default defineConfig({
  base: ISLANDS_BASE,
  publicDir: false,
  resolve: { alias: PREACT },
  build: {
    outDir: ISLANDS_OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { chrome: CHROME_ENTRY },
      onLog: withoutUseClientWarnings,
      // No timing block: scripts/build.ts times each step.
      checks: { bundlerTimings: false },
    },
  },
});
