import { defineConfig } from "vite";
import { withoutUseClientWarnings } from "./scripts/build-report.ts";

// The browser bundle of public pages: React and the islands, nothing else.
// Built before the React Router build, which reads its manifest.
export const ISLANDS_ENTRY = "app/islands/client.tsx";
export const ISLANDS_BASE = "/islands/";
export const ISLANDS_OUT_DIR = "build/islands";
export const ISLANDS_MANIFEST = `${ISLANDS_OUT_DIR}/.vite/manifest.json`;

export default defineConfig({
  base: ISLANDS_BASE,
  publicDir: false,
  build: {
    outDir: ISLANDS_OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    rolldownOptions: { input: ISLANDS_ENTRY, onLog: withoutUseClientWarnings },
  },
});
