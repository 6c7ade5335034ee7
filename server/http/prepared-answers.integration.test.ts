// The prepared answers must be what the general path answers: two listeners on
// the same files, one with them and one without, asked the same table of
// questions over real sockets, give the same status, headers and bytes. A
// header added to the general path later shows up here if the fast path misses it.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormTokens } from "#server/contact/form-token.ts";
import type { App } from "./app.ts";
import { createNodeListener } from "./node-listener.ts";
import type { SiteFile, SiteFiles } from "./site-files.ts";

function file(text: string, cacheControl: string, copies: { br?: boolean; gzip?: boolean } = {}): SiteFile {
  return {
    body: Buffer.from(text),
    ...(copies.br === false ? {} : { br: Buffer.from(`br:${text}`) }),
    ...(copies.gzip === false ? {} : { gzip: Buffer.from(`gz:${text}`) }),
    etag: `"${text.length}-${text.replace(/\W/g, "")}"`,
    contentType: "text/html; charset=utf-8",
    cacheControl,
  };
}

const PAGE = "public, max-age=0, must-revalidate";
const laterBrotli = file("origin page, brotli later", PAGE, { br: false });
const files: SiteFiles = {
  assets: new Map([
    ["/assets/app-1.js", file("script", "public, max-age=31536000, immutable")],
    ["/favicon.svg", file("icon", "public, max-age=3600", { br: false, gzip: false })],
  ]),
  pages: new Map([
    ["/en/about", file("about", PAGE)],
    ["/de/about", file("ueber uns", PAGE, { br: false })],
    ["/en/contact", file("contact", PAGE)],
    ["/en/status", file("status", PAGE)],
    ["/en/later", laterBrotli],
  ]),
  variants: { en: new Map([["/about", file("auto en", PAGE)]]), de: new Map([["/about", file("auto de", PAGE)]]) },
  notFound: { en: file("not found", "no-store") },
  madeForOrigin: [laterBrotli],
};

// One clock for both: everyone served in the same 100 ms gets the same form token, so the two answers' cookies match.
const tokens = createFormTokens(Buffer.alloc(32, 3), () => Date.parse("2026-03-02T10:00:00Z"));
const app = { fetch: () => new Response("rendered by the app") } as unknown as App;
const servers: Server[] = [];
const origins: { prepared: string; general: string } = { prepared: "", general: "" };

async function listen(preparedAnswers: boolean): Promise<string> {
  const options = { trustProxy: true, formTokens: tokens, isUnknownPath: () => true, preparedAnswers };
  const server = createServer(createNodeListener(app, files, options));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  origins.prepared = await listen(true);
  origins.general = await listen(false);
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

type Seen = { status: number; headers: string[]; body: string };

/** A request with exactly these headers (a flat name, value list: names may repeat), as the server saw it answered. */
function ask(origin: string, method: string, path: string, headers: string[]): Promise<Seen> {
  return new Promise((resolve, reject) => {
    // Headers given as a list are sent as they are: without a Host of its own the request would be refused (400).
    const withHost = headers.some((name, at) => at % 2 === 0 && name.toLowerCase() === "host")
      ? headers
      : ["Host", "localhost", ...headers];
    const sent = request(`${origin}${path}`, { method, headers: withHost, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = response.rawHeaders;
        // The date moves between the two answers; everything else must not.
        const kept = raw.flatMap((value, at) => (at % 2 === 0 && value !== "Date" ? [`${value}: ${raw[at + 1]}`] : []));
        resolve({ status: response.statusCode!, headers: kept, body: Buffer.concat(chunks).toString("latin1") });
      });
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}

const both = async (method: string, path: string, headers: string[]) => {
  const [prepared, general] = await Promise.all([
    ask(origins.prepared, method, path, headers),
    ask(origins.general, method, path, headers),
  ]);
  return { prepared, general };
};

const PATHS = [
  "/en/about",
  "/de/about",
  "/en/contact",
  "/en/status",
  "/assets/app-1.js",
  "/favicon.svg",
  "/about",
  "/en/nowhere",
];
const ENCODINGS = [undefined, "gzip", "br", "gzip, deflate, br", "br;q=0, gzip", "*", "identity", "GZIP;q=0.5"];
const ETAGS = (path: string) => {
  const entry = files.pages.get(path) ?? files.assets.get(path);
  const etag = entry?.etag ?? '"none"';
  return [undefined, etag, `${etag.slice(0, -1)}-gzip"`, `W/${etag.slice(0, -1)}-br"`, '"other", ' + etag, "*"];
};

describe("the prepared answers", () => {
  it("are the general path's: status, headers and bytes, for every page, encoding, method and validator", async () => {
    let compared = 0;
    const statuses = new Set<number>();
    for (const path of PATHS)
      for (const method of ["GET", "HEAD"])
        for (const encoding of ENCODINGS)
          for (const etag of ETAGS(path)) {
            const headers = [
              ...(encoding === undefined ? [] : ["Accept-Encoding", encoding]),
              ...(etag === undefined ? [] : ["If-None-Match", etag]),
            ];
            const { prepared, general } = await both(method, path, headers);
            expect(prepared, `${method} ${path} ${headers.join(": ")}`).toEqual(general);
            statuses.add(prepared.status);
            compared += 1;
          }
    expect(compared).toBe(PATHS.length * 2 * ENCODINGS.length * 6);
    // The table reaches every kind of answer: files, revalidations and the not-found page.
    expect([...statuses].sort()).toEqual([200, 304, 404]);
  });

  it("are the general path's for HTTPS behind a proxy, another host, and headers sent twice", async () => {
    for (const path of ["/en/about", "/en/contact", "/assets/app-1.js"])
      for (const headers of [
        ["X-Forwarded-Proto", "https", "Accept-Encoding", "br"],
        ["X-Forwarded-Proto", "https, http", "Host", "example.com"],
        ["Host", "example.com", "Accept-Encoding", "gzip"],
        ["Accept-Encoding", "identity", "Accept-Encoding", "gzip"],
        ["If-None-Match", '"x"', "If-None-Match", files.pages.get("/en/about")!.etag],
      ]) {
        const { prepared, general } = await both("GET", path, headers);
        expect(prepared, `${path} ${headers.join(": ")}`).toEqual(general);
      }
  });

  it("serve a copy made after start, as the general path does", async () => {
    const before = await both("GET", "/en/later", ["Accept-Encoding", "br, gzip"]);
    expect(before.prepared).toEqual(before.general);
    expect(before.prepared.headers).toContain("Content-Encoding: gzip");
    laterBrotli.br = Buffer.from("br made later");
    const after = await both("GET", "/en/later", ["Accept-Encoding", "br, gzip"]);
    expect(after.prepared).toEqual(after.general);
    expect(after.prepared.body).toBe("br made later");
  });

  it("carry the security headers, the form page's cookie and its private caching", async () => {
    const { prepared } = await both("GET", "/en/contact", ["Accept-Encoding", "gzip"]);
    expect(prepared.status).toBe(200);
    expect(prepared.body).toBe("gz:contact");
    for (const expected of [
      "Cache-Control: private, max-age=0, must-revalidate",
      "Content-Encoding: gzip",
      "Vary: Accept-Encoding",
      "X-Content-Type-Options: nosniff",
    ])
      expect(prepared.headers).toContain(expected);
    expect(prepared.headers.find((line) => line.startsWith("Content-Security-Policy:"))).toContain(
      "default-src 'none'",
    );
    expect(prepared.headers.find((line) => line.startsWith("Set-Cookie:"))).toMatch(/^Set-Cookie: form-token=[\w.-]+;/);
  });
});
