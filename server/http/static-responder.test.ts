import { describe, expect, it } from "vitest";
import type { SiteFile, SiteFiles } from "./site-files.ts";
import { chooseEncoding, respondFromSiteFiles, respondNotFound, type StaticRequest } from "./static-responder.ts";

function file(text: string, cacheControl = "public, max-age=0, must-revalidate"): SiteFile {
  return {
    body: Buffer.from(text),
    br: Buffer.from(`br:${text}`),
    gzip: Buffer.from(`gz:${text}`),
    etag: `"${text.length}-tag"`,
    contentType: "text/html; charset=utf-8",
    cacheControl,
  };
}

const files: SiteFiles = {
  assets: new Map([["/assets/app.js", file("js", "public, max-age=31536000, immutable")]]),
  pages: new Map([
    ["/en/about", file("about en")],
    ["/de/about", file("about de")],
    ["/en/contact", file("contact en")],
    ["/de/contact", file("contact de")],
  ]),
  variants: {
    en: new Map([
      ["/about", file("auto en")],
      ["/contact", file("auto contact en")],
    ]),
    de: new Map([
      ["/about", file("auto de")],
      ["/contact", file("auto contact de")],
    ]),
  },
  notFound: { en: file("not found", "no-store"), de: file("nicht gefunden", "no-store") },
  madeForOrigin: [],
};

function request(
  pathname: string,
  headers: Record<string, string> = {},
  extra: Partial<StaticRequest> = {},
): StaticRequest {
  return { method: "GET", pathname, search: "", header: (name) => headers[name.toLowerCase()], ...extra };
}

describe("respondFromSiteFiles", () => {
  it.each([
    ["a prefixed page", request("/de/about"), "about de"],
    ["an asset with a query string", request("/assets/app.js", {}, { search: "?v=1" }), "js"],
    [
      "an unprefixed page by cookie",
      request("/about", { cookie: "preferredLanguage=de", "accept-language": "en" }),
      "auto de",
    ],
    ["an unprefixed page by Accept-Language", request("/about", { "accept-language": "de-AT,de;q=0.9" }), "auto de"],
    ["an unprefixed page by default", request("/about"), "auto en"],
    ["the contact page (its form token comes in a cookie)", request("/de/contact"), "contact de"],
    ["the unprefixed contact page", request("/contact", { "accept-language": "de" }), "auto contact de"],
  ])("serves %s", (_name, req, body) => {
    expect(respondFromSiteFiles(files, req)?.body?.toString()).toBe(body);
  });

  it.each([
    ["another method", request("/en/about", {}, { method: "POST" })],
    ["a page with a query string", request("/en/about", {}, { search: "?page=2" })],
    ["an unknown path", request("/en/nope")],
    ["a trailing slash", request("/en/about/")],
  ])("leaves %s to the app", (_name, req) => {
    expect(respondFromSiteFiles(files, req)).toBeNull();
  });

  it("sends the precompressed copy with its own ETag and Vary", () => {
    const reply = respondFromSiteFiles(files, request("/en/about", { "accept-encoding": "gzip, deflate, br" }))!;
    expect(reply.body?.toString()).toBe("br:about en");
    expect(reply.headers["Content-Encoding"]).toBe("br");
    expect(reply.headers.ETag).toBe('"8-tag-br"');
    expect(reply.headers.Vary).toBe("Accept-Encoding");
    expect(reply.headers["Content-Length"]).toBe(String("br:about en".length));
  });

  it("marks unprefixed pages as varying by language and private", () => {
    const reply = respondFromSiteFiles(files, request("/about"))!;
    expect(reply.headers.Vary).toBe("Accept-Encoding, Cookie, Accept-Language");
  });

  it("answers 304 without a body when the ETag matches", () => {
    const reply = respondFromSiteFiles(files, request("/en/about", { "if-none-match": 'W/"x", "8-tag"' }))!;
    expect(reply.status).toBe(304);
    expect(reply.body).toBeNull();
  });

  it("answers HEAD with headers only", () => {
    const reply = respondFromSiteFiles(files, request("/assets/app.js", {}, { method: "HEAD" }))!;
    expect(reply.status).toBe(200);
    expect(reply.body).toBeNull();
    expect(reply.headers["Cache-Control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("respondNotFound", () => {
  it.each([
    [
      "the prefix's language",
      request("/de/gibt-es-nicht", { "accept-language": "en" }),
      "nicht gefunden",
      "Accept-Encoding",
    ],
    [
      "the stored language without a prefix",
      request("/nope", { cookie: "preferredLanguage=de" }),
      "nicht gefunden",
      "Accept-Encoding, Cookie, Accept-Language",
    ],
    [
      "the browser's language without a prefix",
      request("/nope", { "accept-language": "en-GB" }),
      "not found",
      "Accept-Encoding, Cookie, Accept-Language",
    ],
  ])("answers 404 from memory in %s", (_name, req, text, vary) => {
    const reply = respondNotFound(files, req)!;
    expect(reply.status).toBe(404);
    expect(reply.body?.toString()).toBe(text);
    expect(reply.headers.Vary).toBe(vary);
    expect(reply.headers["Cache-Control"]).toBe("no-store");
    expect(reply.headers.ETag).toBeUndefined();
  });

  it("sends the precompressed copy, and headers only for HEAD", () => {
    const reply = respondNotFound(files, request("/en/nope", { "accept-encoding": "gzip" }))!;
    expect(reply.body?.toString()).toBe("gz:not found");
    expect(reply.headers["Content-Encoding"]).toBe("gzip");
    expect(reply.headers["Content-Length"]).toBe(String("gz:not found".length));
    expect(respondNotFound(files, request("/en/nope", {}, { method: "HEAD" }))).toMatchObject({
      status: 404,
      body: null,
    });
  });

  it("leaves other methods, and builds without the page, to the app", () => {
    expect(respondNotFound(files, request("/en/nope", {}, { method: "POST" }))).toBeNull();
    expect(respondNotFound({ ...files, notFound: {} }, request("/en/nope"))).toBeNull();
  });
});

describe("chooseEncoding", () => {
  const both = file("x");
  it.each([
    [undefined, null],
    ["identity", null],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", null],
    ["*", "br"],
    ["BR", "br"],
  ])("%s -> %s", (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it("never picks an encoding it has no copy in", () => {
    expect(chooseEncoding("br, gzip", { ...both, br: undefined, gzip: undefined })).toBeNull();
  });
});
