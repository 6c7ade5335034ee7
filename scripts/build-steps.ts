// Steps of the production build that React Router does not do itself.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { LANGUAGE_COOKIE, LANGUAGES } from "#shared/i18n/languages.ts";
import { builtPaths } from "#app/routing/pages.ts";
import { localizePath } from "#shared/site/paths.ts";
import { BUILD_ORIGIN } from "#server/http/site-origin.ts";

/** Renders each unprefixed page once per language, as a visitor with that stored choice would get it. */
export async function prerenderVariants(root: string): Promise<number> {
  const build = (await import(pathToFileURL(join(root, "build/app/server/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  // Nothing of an earlier build may be left to be served.
  rmSync(join(root, "build/variants"), { recursive: true, force: true });
  let count = 0;
  for (const lang of LANGUAGES) {
    for (const path of builtPaths()) {
      const response = await handle(
        new Request(`http://localhost${path}`, { headers: { cookie: `${LANGUAGE_COOKIE}=${lang}` } }),
      );
      if (response.status !== 200) throw new Error(`prerendering ${path} (${lang}) answered ${response.status}`);
      const file = join(root, "build/variants", lang, path === "/" ? "" : path, "index.html");
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, await response.text());
      count += 1;
    }
  }
  return count;
}

/**
 * Renders the not-found page once per language, for the server to answer
 * unknown paths from memory (build/not-found/<lang>.html).
 */
export async function prerenderNotFound(root: string): Promise<number> {
  const build = (await import(pathToFileURL(join(root, "build/app/server/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  rmSync(join(root, "build/not-found"), { recursive: true, force: true });
  for (const lang of LANGUAGES) {
    // Any path no route has: the catch-all renders it.
    const response = await handle(new Request(`http://localhost${localizePath(lang, "/404")}`));
    if (response.status !== 404)
      throw new Error(`prerendering the not-found page (${lang}) answered ${response.status}`);
    const file = join(root, "build/not-found", `${lang}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await response.text());
  }
  return LANGUAGES.length;
}

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest|rss)$/;

/**
 * Writes .br and .gz beside every text file that compresses, so the server
 * never compresses per request. Files that name the site's origin are left
 * out: the server compresses them once it has put the origin in.
 */
export function precompress(dirs: string[]): number {
  let count = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      const file = join(dir, entry);
      if (!COMPRESSIBLE.test(entry) || entry.split(sep).some((p) => p.startsWith(".")) || !statSync(file).isFile())
        continue;
      const body = readFileSync(file);
      if (body.includes(BUILD_ORIGIN)) continue;
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      const gz = gzipSync(body, { level: 9 });
      if (br.length < body.length) writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      count += 1;
    }
  }
  return count;
}

const INPUTS = [
  "app",
  "server",
  "shared",
  "public",
  "content",
  "index.ts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "vite.islands.config.ts",
  "react-router.config.ts",
];

/**
 * A fingerprint of everything a build depends on: source files (path, size,
 * mtime) and the build-time settings. `npm start` rebuilds when it changes.
 */
export function inputsFingerprint(root: string, env: Record<string, string | undefined>): string {
  const hash = createHash("sha256");
  // Settings that prerendered pages show (the origin is not one: the server puts it in).
  for (const name of ["CONTACT_RETENTION_DAYS"]) hash.update(`${name}=${env[name] ?? ""}\n`);
  const visit = (path: string) => {
    let stat;
    try {
      stat = statSync(join(root, path));
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(join(root, path)).sort()) visit(join(path, name));
    } else {
      hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(input);
  return hash.digest("hex");
}

export const BUILD_INFO = "build/build-info.json";
