import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSiteFiles } from "./site-files.ts";

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
  const files = loadSiteFiles({
    clientDir: join(root, "client"),
    islandsDir: join(root, "islands"),
    variantsDir: join(root, "variants"),
    notFoundDir: join(root, "not-found"),
  });

  it("maps prerendered pages to their URLs", () => {
    expect([...files.pages.keys()].sort()).toEqual(["/en", "/en/about", "/en/contact"]);
    expect(files.pages.get("/en/about")?.br?.toString()).toBe("compressed");
    expect(files.pages.get("/en/about")?.gzip).toBeUndefined();
  });

  it("serves assets, islands and public files, but no router data or hidden files", () => {
    expect([...files.assets.keys()].sort()).toEqual(["/assets/app-123.js", "/favicon.svg", "/islands/assets/client-9.js"]);
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
