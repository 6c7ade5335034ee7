// The built site, held in memory: every file with its precompressed brotli and
// gzip copies (made at build time) and a strong ETag, ready to send.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { LANGUAGES, type Language } from "#shared/i18n/languages.ts";

export type SiteFile = {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
};

export type SiteFiles = {
  /** Assets and public files by URL path ("/assets/x.js", "/favicon.svg"). */
  assets: Map<string, SiteFile>;
  /** Prerendered pages by URL path ("/en/about"). */
  pages: Map<string, SiteFile>;
  /** Unprefixed pages ("/about") prerendered in each language. */
  variants: Record<Language, Map<string, SiteFile>>;
  /** The not-found page in each language, for paths nothing else answers. */
  notFound: Partial<Record<Language, SiteFile>>;
};

export type BuildLayout = {
  /** React Router's client output: assets and the prerendered prefixed pages. */
  clientDir: string;
  /** The islands bundle, served under /islands/. */
  islandsDir: string;
  /** The unprefixed pages, one folder per language. */
  variantsDir: string;
  /** The not-found pages, "<lang>.html". */
  notFoundDir: string;
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".rss": "application/rss+xml; charset=utf-8",
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";
const SHORT = "public, max-age=3600";
// A missing page may exist tomorrow: no cache keeps the 404.
const NOT_FOUND = "no-store";

function extension(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") ? path.slice(dot) : "";
}

/** Every file under dir (relative paths with "/"), skipping hidden folders and compressed copies. */
function listFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return entries
    .map((entry) => entry.split(sep).join("/"))
    .filter((entry) => !entry.split("/").some((part) => part.startsWith(".")))
    .filter((entry) => !entry.endsWith(".br") && !entry.endsWith(".gz"))
    .filter((entry) => statSync(join(dir, entry)).isFile());
}

function readOptional(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

const etagOf = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

function loadFile(path: string, cacheControl: string): SiteFile {
  const body = readFileSync(path);
  return {
    body,
    br: readOptional(`${path}.br`),
    gzip: readOptional(`${path}.gz`),
    etag: etagOf(body),
    contentType: TYPES[extension(path)] ?? "application/octet-stream",
    cacheControl,
  };
}

/**
 * A file made while running (a page rendered when its data changed), served
 * like a built one: compressed once here, never per request. Brotli at a
 * middle quality: made often, it must be quick to make.
 */
export function siteFileFrom(text: string, contentType: string, cacheControl: string): SiteFile {
  const body = Buffer.from(text);
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 6 }),
    etag: etagOf(body),
    contentType,
    cacheControl,
  };
}

/** "en/about/index.html" -> "/en/about"; "index.html" -> "/". */
function pagePath(file: string): string {
  const path = `/${file.slice(0, -"index.html".length)}`.replace(/\/$/, "");
  return path || "/";
}

export function loadSiteFiles(layout: BuildLayout): SiteFiles {
  const assets = new Map<string, SiteFile>();
  const pages = new Map<string, SiteFile>();
  for (const file of listFiles(layout.clientDir)) {
    const path = join(layout.clientDir, file);
    if (file.endsWith("index.html")) pages.set(pagePath(file), loadFile(path, REVALIDATE));
    // Navigation data for the router, which public pages do not load.
    else if (file.endsWith(".data")) continue;
    else assets.set(`/${file}`, loadFile(path, file.startsWith("assets/") ? IMMUTABLE : SHORT));
  }
  for (const file of listFiles(layout.islandsDir)) {
    assets.set(`/islands/${file}`, loadFile(join(layout.islandsDir, file), IMMUTABLE));
  }
  const variants = {} as Record<Language, Map<string, SiteFile>>;
  for (const lang of LANGUAGES) {
    const dir = join(layout.variantsDir, lang);
    const map = new Map<string, SiteFile>();
    for (const file of listFiles(dir)) {
      if (file.endsWith("index.html")) map.set(pagePath(file), loadFile(join(dir, file), "private, max-age=0, must-revalidate"));
    }
    variants[lang] = map;
  }
  const notFound: SiteFiles["notFound"] = {};
  for (const lang of LANGUAGES) {
    const path = join(layout.notFoundDir, `${lang}.html`);
    if (existsSync(path)) notFound[lang] = loadFile(path, NOT_FOUND);
  }
  return { assets, pages, variants, notFound };
}

/** Paths relative to the project root, as scripts/build.ts writes them. */
export function defaultBuildLayout(root: string): BuildLayout {
  return {
    clientDir: join(root, "build/app/client"),
    islandsDir: join(root, "build/islands"),
    variantsDir: join(root, "build/variants"),
    notFoundDir: join(root, "build/not-found"),
  };
}

export function describeSiteFiles(files: SiteFiles): string {
  const variants = LANGUAGES.map((lang) => `${files.variants[lang].size} ${lang}`).join(", ");
  const notFound = LANGUAGES.filter((lang) => files.notFound[lang]).join(", ") || "none";
  return `${files.pages.size} pages, ${files.assets.size} assets, unprefixed variants: ${variants}, not-found pages: ${notFound}`;
}
