import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { compressForOrigin, loadSiteFiles } from "./site-files.ts";
import { BUILD_ORIGIN } from "./site-origin.ts";

const root = mkdtempSync(join(tmpdir(), "site-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, content: string) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

describe("loadSiteFiles", () => {
  write("client/en/about/index.html", "<p>about</p>");
  write("client/en/about/index.html.br", "compressed");
  write("client/en/index.html", "<p>home</p>");
  write("client/en/about.data", "router data");
  write("client/assets/app-123.js", "code");
  write("client/favicon.svg", "<svg/>");
  write("client/.vite/manifest.json", "{}");
  write("islands/assets/client-9.js", "islands");
  write("variants/de/index.html", "<p>Start</p>");
  write("variants/de/about/index.html", "<p>Über</p>");
  write("client/en/contact/index.html", "<form></form>");
  write("not-found/en.html", "<h1>Oops! Page not found</h1>");
  write("not-found/en.html.gz", "gzipped");
  write("not-found/de.html", "<h1>Hoppla! Seite nicht gefunden</h1>");
  const layout = {
    clientDir: join(root, "client"),
    islandsDir: join(root, "islands"),
    variantsDir: join(root, "variants"),
    notFoundDir: join(root, "not-found"),
  };
  const files = loadSiteFiles(layout, { origin: "https://www.example.com" });

  it("maps prerendered pages to their URLs", () => {
    expect([...files.pages.keys()].sort()).toEqual(["/en", "/en/about", "/en/contact"]);
    expect(files.pages.get("/en/about")?.br?.toString()).toBe("compressed");
    expect(files.pages.get("/en/about")?.gzip).toBeUndefined();
  });

  it("serves assets, islands and public files, but no router data or hidden files", () => {
    expect([...files.assets.keys()].sort()).toEqual([
      "/assets/app-123.js",
      "/favicon.svg",
      "/islands/assets/client-9.js",
    ]);
    expect(files.assets.get("/assets/app-123.js")?.cacheControl).toContain("immutable");
    expect(files.assets.get("/favicon.svg")?.cacheControl).not.toContain("immutable");
    expect(files.assets.get("/favicon.svg")?.contentType).toBe("image/svg+xml");
  });

  it("loads the unprefixed variants per language", () => {
    expect([...files.variants.de.keys()].sort()).toEqual(["/", "/about"]);
    expect(files.variants.en.size).toBe(0);
  });

  it("holds the not-found page per language, kept by no cache", () => {
    expect(files.notFound.en?.body.toString()).toBe("<h1>Oops! Page not found</h1>");
    expect(files.notFound.en?.gzip?.toString()).toBe("gzipped");
    expect(files.notFound.de?.body.toString()).toContain("Hoppla");
    expect(files.notFound.de?.cacheControl).toBe("no-store");
  });

  it("gives equal content equal ETags and different content different ones", () => {
    expect(files.pages.get("/en")?.etag).toMatch(/^".+"$/);
    expect(files.pages.get("/en")?.etag).not.toBe(files.pages.get("/en/about")?.etag);
  });
});

describe("loadSiteFiles for the origin it runs at", () => {
  const page = (origin: string) =>
    `<link rel="canonical" href="${origin}/en/news"><link rel="alternate" hreflang="de" ` +
    `href="${origin}/de/news">${"<p>News</p>".repeat(200)}`;
  write("origin/client/en/news/index.html", page(BUILD_ORIGIN));
  // Copies the build made before (an older build): they name the placeholder and must not be served.
  write("origin/client/en/news/index.html.br", "stale");
  write("origin/client/en/news/index.html.gz", "stale");
  write("origin/client/sitemap.xml", `<urlset><url><loc>${BUILD_ORIGIN}/en</loc></url></urlset>`);
  write("origin/client/robots.txt", `Sitemap: ${BUILD_ORIGIN}/sitemap.xml`);
  write("origin/client/en/news/rss.xml", `<rss><channel><link>${BUILD_ORIGIN}/en/news</link></channel></rss>`);
  write("origin/variants/de/news/index.html", page(BUILD_ORIGIN));
  write("origin/not-found/en.html", `<a href="${BUILD_ORIGIN}/en">home</a>`);
  write("origin/client/assets/app-1.js", "code");
  write("origin/client/assets/app-1.js.br", "compressed at build");
  const layout = {
    clientDir: join(root, "origin/client"),
    islandsDir: join(root, "origin/islands"),
    variantsDir: join(root, "origin/variants"),
    notFoundDir: join(root, "origin/not-found"),
  };
  const origin = "https://www.muster-digital.example";
  const files = loadSiteFiles(layout, { origin });
  const everyFile = [
    ...files.pages.values(),
    ...files.assets.values(),
    ...files.variants.de.values(),
    files.notFound.en!,
  ];

  it("names the origin from the configuration wherever the build wrote its placeholder", () => {
    expect(files.pages.get("/en/news")?.body.toString()).toBe(page(origin));
    expect(files.variants.de.get("/news")?.body.toString()).toBe(page(origin));
    expect(files.assets.get("/sitemap.xml")?.body.toString()).toContain(`<loc>${origin}/en</loc>`);
    expect(files.assets.get("/robots.txt")?.body.toString()).toBe(`Sitemap: ${origin}/sitemap.xml`);
    expect(files.assets.get("/en/news/rss.xml")?.body.toString()).toContain(`<link>${origin}/en/news</link>`);
    expect(files.notFound.en?.body.toString()).toContain(`${origin}/en`);
    for (const file of everyFile) expect(file.body.toString()).not.toContain(BUILD_ORIGIN);
  });

  it(
    "compresses what it rewrote: gzip at once, brotli once " +
      "compressForOrigin is done, never the build's stale copies",
    async () => {
      const news = files.pages.get("/en/news")!;
      expect(gunzipSync(news.gzip!).toString()).toBe(page(origin));
      expect(news.br).toBeUndefined();
      expect(await compressForOrigin(files)).toBe(files.madeForOrigin.length);
      expect(files.madeForOrigin).toContain(news);
      expect(brotliDecompressSync(news.br!).toString()).toBe(page(origin));
      for (const file of files.madeForOrigin) {
        if (file.br) expect(brotliDecompressSync(file.br).toString()).toBe(file.body.toString());
      }
      // A file that does not name the origin keeps the build's copies.
      expect(files.assets.get("/assets/app-1.js")?.br?.toString()).toBe("compressed at build");
      expect(files.madeForOrigin).not.toContain(files.assets.get("/assets/app-1.js"));
    },
  );

  it("gives each origin's page its own ETag", () => {
    const elsewhere = loadSiteFiles(layout, { origin: "https://staging.example" });
    expect(elsewhere.pages.get("/en/news")?.etag).not.toBe(files.pages.get("/en/news")?.etag);
  });
});
