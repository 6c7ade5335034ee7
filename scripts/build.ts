// The production build: islands bundle, React Router (with prerendering), the
// unprefixed language variants, precompression, and the server bundle.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";

// React and React Router pick their production builds from NODE_ENV at import
// time, and the prerender step below imports them.
process.env.NODE_ENV = "production";
const { loadDotEnv } = await import("../server/config.ts");
loadDotEnv();
const { BUILD_INFO, inputsFingerprint, precompress, prerenderNotFound, prerenderVariants } = await import("./build-steps.ts");

const root = process.cwd();
const started = Date.now();
const step = (name: string) => console.log(`\n▸ ${name}`);

step("images");
const { generateImages } = await import("./generate-images.ts");
console.log(`  ${await generateImages()}`);

step("islands bundle");
await build({ configFile: join(root, "vite.islands.config.ts"), logLevel: "warn" });

step("React Router build and prerender");
execFileSync(join(root, "node_modules/.bin/react-router"), ["build"], { stdio: "inherit" });

step("unprefixed pages per language");
console.log(`  ${await prerenderVariants(root)} pages`);

step("not-found pages");
console.log(`  ${await prerenderNotFound(root)} pages`);

step("precompress");
console.log(`  ${precompress(["build/app/client", "build/islands", "build/variants", "build/not-found"].map((d) => join(root, d)))} files`);

step("server bundle");
await build({
  configFile: false,
  logLevel: "warn",
  build: {
    ssr: join(root, "index.ts"),
    outDir: join(root, "build/server"),
    emptyOutDir: true,
    target: "node20",
    rollupOptions: { output: { entryFileNames: "index.js" } },
  },
});

writeFileSync(join(root, BUILD_INFO), JSON.stringify({ fingerprint: inputsFingerprint(root, process.env), builtAt: new Date().toISOString() }));
console.log(`\nBuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
