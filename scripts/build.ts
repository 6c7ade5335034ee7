// The production build: islands bundle, React Router (with prerendering), the
// unprefixed language variants, precompression, and the server bundle.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";

// React and React Router pick their production builds from NODE_ENV at import
// time, and the prerender step below imports them.
process.env.NODE_ENV = "production";
// Pages name a placeholder origin; the server that runs the build names its own (decision 024).
const { BUILD_ORIGIN } = await import("#server/http/site-origin.ts");
process.env.SITE_URL = BUILD_ORIGIN;
const { loadDotEnv } = await import("#server/config.ts");
loadDotEnv();
const { BUILD_INFO, inputsFingerprint, precompress, prerenderNotFound, prerenderVariants } =
  await import("./build-steps.ts");
const { linesWorthShowing } = await import("./build-report.ts");
const { prerenderPaths } = await import("#app/routing/pages.ts");

const root = process.cwd();
const started = Date.now();
/** Runs one step and prints one line for it: its name, what it made and how long it took. */
const step = async (name: string, run: () => string | Promise<string>) => {
  const begun = Date.now();
  const made = await run();
  console.log(`▸ ${name}: ${made} (${((Date.now() - begun) / 1000).toFixed(1)} s)`);
};

await step("images", async () => {
  const { generateImages } = await import("./generate-images.ts");
  return generateImages();
});

await step("islands bundle", async () => {
  await build({ configFile: join(root, "vite.islands.config.ts"), logLevel: "warn" });
  return "built";
});

await step("React Router build and prerender", () => {
  // At "warn" it leaves out its line per prerendered file and per chunk; what is left is shown.
  const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build", "--logLevel", "warn"], {
    encoding: "utf8",
  });
  for (const line of linesWorthShowing(`${result.stdout}\n${result.stderr}`)) console.log(line);
  if (result.status !== 0)
    throw new Error(`react-router build failed (${result.error?.message ?? `exit status ${result.status}`})`);
  return `${prerenderPaths().length} paths prerendered`;
});

await step("unprefixed pages per language", async () => `${await prerenderVariants(root)} pages`);

await step("not-found pages", async () => `${await prerenderNotFound(root)} pages`);

await step("precompress", () => {
  const folders = ["build/app/client", "build/islands", "build/variants", "build/not-found"];
  return `${precompress(folders.map((d) => join(root, d)))} files`;
});

/**
 * An entry built into one file for plain Node (its packages stay in node_modules); answers the file's path. The
 * server's folder also gets a copy of public/, as it always has; the probe's needs none.
 */
async function nodeBundle(entry: string, outDir: string, file: string, copyPublic = true): Promise<string> {
  await build({
    configFile: false,
    logLevel: "warn",
    ...(copyPublic ? {} : { publicDir: false as const }),
    build: {
      ssr: join(root, entry),
      outDir: join(root, outDir),
      emptyOutDir: true,
      target: "node20",
      rollupOptions: { output: { entryFileNames: file } },
    },
  });
  return `${outDir}/${file}`;
}

await step("server bundle", () => nodeBundle("index.ts", "build/server", "index.js"));
// The remote probe alone, for `npm run probe` on a small box: the same check code, none of the server.
await step("probe bundle", () => nodeBundle("scripts/probe.ts", "build/probe", "probe.js", false));

writeFileSync(
  join(root, BUILD_INFO),
  JSON.stringify({ fingerprint: inputsFingerprint(root, process.env), builtAt: new Date().toISOString() }),
);
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
