// The built site, held in memory: every file with its precompressed brotli and
// gzip copies (made at build time) and a strong ETag, ready to send. Files
// that name the site's origin get it here (site-origin.ts), and with it fresh
// compressed copies: gzip at once, brotli in the background (compressForOrigin).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { LANGUAGES, type Language } from "#shared/i18n/languages.ts";
import { withOrigin } from "./site-origin.ts";

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
  /** The files made for this origin at load, whose brotli copy compressForOrigin makes. */
  madeForOrigin: SiteFile[];
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

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const etagOf = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** Kinds of file that can name the origin: text the build writes. */
const TEXT = new Set([".html", ".xml", ".txt", ".rss", ".json", ".js", ".css", ".svg", ".webmanifest"]);

/** A compressed copy worth keeping: only when it is smaller. */
const smaller = (compressed: Buffer, body: Buffer) => (compressed.length < body.length ? compressed : undefined);

type Loader = (path: string, cacheControl: string) => SiteFile;

function fileLoader(origin: string, madeForOrigin: SiteFile[]): Loader {
  return (path, cacheControl) => {
    const read = readFileSync(path);
    const rewritten = TEXT.has(extension(path)) ? withOrigin(read, origin) : null;
    const body = rewritten ?? read;
    const file: SiteFile = {
      body,
      // The build's copies hold the placeholder: a rewritten file gets its own.
      br: rewritten ? undefined : readOptional(`${path}.br`),
      gzip: rewritten ? smaller(gzipSync(rewritten, { level: 9 }), rewritten) : readOptional(`${path}.gz`),
      etag: etagOf(body),
      contentType: TYPES[extension(path)] ?? "application/octet-stream",
      cacheControl,
    };
    if (rewritten) madeForOrigin.push(file);
    return file;
  };
}

/**
 * A file made while running (a page rendered when its data changed), served
 * like a built one: compressed once here, never per request. Brotli at a
 * middle quality: made often, it must be quick to make. `identity`, when
 * given, is what its ETag is made of instead of the body.
 */
export function siteFileFrom(text: string, contentType: string, cacheControl: string, identity?: string): SiteFile {
  const body = Buffer.from(text);
  // Made by every worker at its own moment: a body that holds the moment (a
  // "generated at") gets a weak validator of what it says, the same in every worker.
  const etag = identity === undefined ? etagOf(body) : `W/${etagOf(Buffer.from(identity))}`;
  return {
    body,
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: gzipSync(body, { level: 6 }),
    etag,
    contentType,
    cacheControl,
  };
}

/**
 * The same, compressed on libuv's thread pool rather than in the event loop: a page of hundreds of services is
 * megabytes, and the requests served meanwhile should not wait for it.
 */
export async function siteFileMade(
  text: string,
  contentType: string,
  cacheControl: string,
  identity?: string,
): Promise<SiteFile> {
  const body = Buffer.from(text);
  const [br, gzip] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 6 }),
  ]);
  const etag = identity === undefined ? etagOf(body) : `W/${etagOf(Buffer.from(identity))}`;
  return { body, br, gzip, etag, contentType, cacheControl };
}

/** "en/about/index.html" -> "/en/about"; "index.html" -> "/". */
function pagePath(file: string): string {
  const path = `/${file.slice(0, -"index.html".length)}`.replace(/\/$/, "");
  return path || "/";
}

/** Loads the build, naming origin (SITE_URL, without a trailing slash) wherever a file names the site. */
export function loadSiteFiles(layout: BuildLayout, { origin }: { origin: string }): SiteFiles {
  const madeForOrigin: SiteFile[] = [];
  const loadFile = fileLoader(origin, madeForOrigin);
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
      if (file.endsWith("index.html"))
        map.set(pagePath(file), loadFile(join(dir, file), "private, max-age=0, must-revalidate"));
    }
    variants[lang] = map;
  }
  const notFound: SiteFiles["notFound"] = {};
  for (const lang of LANGUAGES) {
    const path = join(layout.notFoundDir, `${lang}.html`);
    if (existsSync(path)) notFound[lang] = loadFile(path, NOT_FOUND);
  }
  return { assets, pages, variants, notFound, madeForOrigin };
}

/**
 * Makes the brotli copies of the files rewritten for the origin, one at a time
 * on libuv's thread pool: the event loop keeps serving (gzip meanwhile), and
 * the pool keeps threads free for DNS and file reads. Quality 11, as the build
 * compresses everything else. Resolves with how many files it compressed.
 */
export async function compressForOrigin(files: SiteFiles): Promise<number> {
  for (const file of files.madeForOrigin) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length };
    file.br = smaller(await brotli(file.body, { params }), file.body);
  }
  return files.madeForOrigin.length;
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
  return (
    `${files.pages.size} pages, ${files.assets.size} assets, unprefixed variants: ${variants}, not-found ` +
    `pages: ${notFound}, ${files.madeForOrigin.length} files naming the origin`
  );
}
