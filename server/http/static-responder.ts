// Answers GET and HEAD for the built site from memory: assets, prerendered
// pages, unprefixed pages in the visitor's language, and the not-found page.
// Returns null when the request is for something else (the app answers it).
import { negotiateLanguage } from "#shared/i18n/languages.ts";
import { splitLanguagePrefix } from "#shared/site/paths.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

export type StaticRequest = {
  method: string;
  pathname: string;
  search: string;
  header: (name: string) => string | null | undefined;
};

export type StaticReply = {
  status: 200 | 304 | 404;
  /** Shared between requests for the same representation: do not modify. */
  headers: Readonly<Record<string, string>>;
  /** null for HEAD and 304. */
  body: Buffer | null;
};

export type Encoding = "br" | "gzip";

/** The best encoding the client accepts that we have a copy in. */
export function chooseEncoding(acceptEncoding: string | null | undefined, file: SiteFile): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (file.br && (accepted.has("br") || accepted.has("*"))) return "br";
  if (file.gzip && (accepted.has("gzip") || accepted.has("*"))) return "gzip";
  return null;
}

const LANGUAGE_VARY = "Accept-Encoding, Cookie, Accept-Language";

function visitorLanguage(request: StaticRequest) {
  return negotiateLanguage({ cookie: request.header("cookie"), acceptLanguage: request.header("accept-language") });
}

function findFile(files: SiteFiles, request: StaticRequest): { file: SiteFile; vary: string } | null {
  const asset = files.assets.get(request.pathname);
  if (asset) return { file: asset, vary: "Accept-Encoding" };
  // A query string makes a different page (news ?page=2): the app renders it.
  if (request.search) return null;
  const page = files.pages.get(request.pathname);
  if (page) return { file: page, vary: "Accept-Encoding" };
  const lang = visitorLanguage(request);
  const variant = files.variants[lang].get(request.pathname);
  if (variant) return { file: variant, vary: LANGUAGE_VARY };
  return null;
}

export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison (RFC 9110, 8.8.3.2), as If-None-Match asks.
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** Each representation has its own validator: the file's, marked with its encoding. */
export const representationEtag = (file: SiteFile, encoding: Encoding | null) =>
  encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;

/** Headers of one representation, made once: every request for it shares the object. */
const headerCache = new WeakMap<SiteFile, Map<string, Readonly<Record<string, string>>>>();

function representationHeaders(
  file: SiteFile,
  encoding: Encoding | null,
  vary: string,
  status: StaticReply["status"],
  length: number,
) {
  let byKey = headerCache.get(file);
  if (!byKey) headerCache.set(file, (byKey = new Map()));
  const key = `${status}|${encoding ?? ""}|${vary}`;
  let headers = byKey.get(key);
  if (!headers) {
    headers = {
      "Content-Type": file.contentType,
      "Cache-Control": file.cacheControl,
      // Each representation has its own validator (a 404 needs none).
      ...(status === 404 ? {} : { ETag: representationEtag(file, encoding) }),
      Vary: vary,
      ...(status !== 304 && encoding ? { "Content-Encoding": encoding } : {}),
      ...(status !== 304 ? { "Content-Length": String(length) } : {}),
    };
    byKey.set(key, headers);
  }
  return headers;
}

export function respondFromSiteFiles(files: SiteFiles, request: StaticRequest): StaticReply | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const found = findFile(files, request);
  if (!found) return null;
  const { file, vary } = found;
  const encoding = chooseEncoding(request.header("accept-encoding"), file);
  const body = encoding === "br" ? file.br! : encoding === "gzip" ? file.gzip! : file.body;
  if (etagMatches(request.header("if-none-match"), representationEtag(file, encoding))) {
    return { status: 304, headers: representationHeaders(file, encoding, vary, 304, 0), body: null };
  }
  const headers = representationHeaders(file, encoding, vary, 200, body.length);
  return { status: 200, headers, body: request.method === "HEAD" ? null : body };
}

/**
 * The not-found page for a GET or HEAD of a path nothing answers (the caller
 * knows which those are): in the language of the path's prefix, else the
 * visitor's. Null when the build has no such page.
 */
export function respondNotFound(files: SiteFiles, request: StaticRequest): StaticReply | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const prefix = splitLanguagePrefix(request.pathname).lang;
  const file = files.notFound[prefix ?? visitorLanguage(request)];
  if (!file) return null;
  const encoding = chooseEncoding(request.header("accept-encoding"), file);
  const body = encoding === "br" ? file.br! : encoding === "gzip" ? file.gzip! : file.body;
  const headers = representationHeaders(file, encoding, prefix ? "Accept-Encoding" : LANGUAGE_VARY, 404, body.length);
  return { status: 404, headers, body: request.method === "HEAD" ? null : body };
}
