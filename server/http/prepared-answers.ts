// The fast path for what most requests ask for: a prerendered page or an
// asset at its exact path, GET or HEAD, no query string. Its answer (status,
// every header, the body) depends only on the file, the encoding chosen, the
// scheme and whether the client's copy is current, so it is made once per
// such combination and sent as it is. The general path itself makes it
// (static-responder.ts and the listener's security headers), which stays the
// one place that decides what is answered; this module only remembers it.
// Pages that depend on the visitor (the unprefixed pages, the not-found page)
// and anything sent twice in one request's headers are left to the general path.
import type { IncomingMessage } from "node:http";
import type { SiteFile, SiteFiles } from "./site-files.ts";
import {
  chooseEncoding,
  etagMatches,
  representationEtag,
  type Encoding,
  type StaticReply,
  type StaticRequest,
} from "./static-responder.ts";

/** An answer as the listener sends it. */
export type Answer = {
  status: StaticReply["status"];
  /** Name, value, name, value…: what writeHead takes without building an object. Shared: do not modify. */
  headers: readonly string[];
  /** null for HEAD and 304. */
  body: Buffer | null;
};

/** The general path's answer to a request, with the security headers of its scheme; null when it has none. */
export type GeneralAnswer = (request: StaticRequest, https: boolean) => Answer | null;

/** What a request says that the answer depends on, read in one pass over its raw headers. */
export type FastRequest = {
  file: SiteFile;
  pathname: string;
  head: boolean;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  forwardedProto: string | undefined;
  host: string | undefined;
};

const READ = new Set(["accept-encoding", "if-none-match", "x-forwarded-proto", "host"]);

/**
 * The request, when the fast path may answer it: GET or HEAD of a page or asset at its exact path, no header it
 * reads given twice (Node would join or drop them; the general path does as Node does). Null otherwise.
 */
export function fastRequest(req: IncomingMessage, files: SiteFiles): FastRequest | null {
  const { method, url = "/" } = req;
  if (method !== "GET" && method !== "HEAD") return null;
  if (url.includes("?")) return null;
  const file = files.assets.get(url) ?? files.pages.get(url);
  if (!file) return null;
  const read: Record<string, string | undefined> = {};
  const raw = req.rawHeaders;
  for (let at = 0; at < raw.length; at += 2) {
    const name = raw[at]!.toLowerCase();
    if (!READ.has(name)) continue;
    if (read[name] !== undefined) return null;
    read[name] = raw[at + 1]!;
  }
  return {
    file,
    pathname: url,
    head: method === "HEAD",
    acceptEncoding: read["accept-encoding"],
    ifNoneMatch: read["if-none-match"],
    forwardedProto: read["x-forwarded-proto"],
    host: read.host,
  };
}

/** Accept-Encoding values seen, each with its choice for a file with both copies and for one with gzip only. */
const choices = new Map<string, [Encoding | null, Encoding | null]>();
// Clients send a handful of spellings; anyone may send more, so the memory of them is bounded.
const MAX_CHOICES = 64;
const BOTH = { br: Buffer.alloc(0), gzip: Buffer.alloc(0) } as SiteFile;
const GZIP_ONLY = { gzip: Buffer.alloc(0) } as SiteFile;

/** The encoding chooseEncoding would pick for this file, its parse of the header remembered. */
function encodingFor(acceptEncoding: string | undefined, file: SiteFile): Encoding | null {
  if (!acceptEncoding) return null;
  let choice = choices.get(acceptEncoding);
  if (!choice) {
    if (choices.size >= MAX_CHOICES) choices.clear();
    choice = [chooseEncoding(acceptEncoding, BOTH), chooseEncoding(acceptEncoding, GZIP_ONLY)];
    choices.set(acceptEncoding, choice);
  }
  if (file.br && choice[0] === "br") return "br";
  return file.gzip && choice[1] === "gzip" ? "gzip" : null;
}

/** A file's answers; made again when its compressed copies change (the origin's brotli copies come after start). */
type FileAnswers = { br: Buffer | undefined; gzip: Buffer | undefined; answers: (Answer | undefined)[] };

const ENCODINGS = [null, "gzip", "br"] as const;

export function createPreparedAnswers(general: GeneralAnswer) {
  const byFile = new WeakMap<SiteFile, FileAnswers>();

  /** The general path's answer to a GET that says only what this answer depends on. */
  function prepare(pathname: string, encoding: Encoding | null, notModified: boolean, https: boolean): Answer {
    const asked: Record<string, string> = {
      "accept-encoding": encoding ?? "identity",
      ...(notModified ? { "if-none-match": "*" } : {}),
    };
    const reply = general({ method: "GET", pathname, search: "", header: (name) => asked[name] }, https);
    if (!reply || reply.status === 404) throw new Error(`the general path has no answer for ${pathname}`);
    return reply;
  }

  /** The answer to a fast request; `https` as the general path judges the request's scheme. */
  return function answer(request: FastRequest, https: boolean): Answer {
    const { file } = request;
    let entry = byFile.get(file);
    if (!entry || entry.br !== file.br || entry.gzip !== file.gzip) {
      entry = { br: file.br, gzip: file.gzip, answers: [] };
      byFile.set(file, entry);
    }
    const encoding = encodingFor(request.acceptEncoding, file);
    const notModified =
      request.ifNoneMatch !== undefined && etagMatches(request.ifNoneMatch, representationEtag(file, encoding));
    const slot = ENCODINGS.indexOf(encoding) * 4 + (notModified ? 2 : 0) + (https ? 1 : 0);
    const prepared = (entry.answers[slot] ??= prepare(request.pathname, encoding, notModified, https));
    return request.head && prepared.body ? { ...prepared, body: null } : prepared;
  };
}
