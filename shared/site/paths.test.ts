import { describe, expect, it } from "vitest";
import { localizePath, splitLanguagePrefix, switchLanguageHref } from "./paths.ts";

describe("splitLanguagePrefix", () => {
  it.each([
    ["/", null, "/"],
    ["/en", "en", "/"],
    ["/de/about", "de", "/about"],
    ["/english", null, "/english"],
    ["/denmark/x", null, "/denmark/x"],
    ["/about", null, "/about"],
  ])("%s", (pathname, lang, path) => {
    expect(splitLanguagePrefix(pathname)).toEqual({ lang, path });
  });
});

describe("localizePath", () => {
  it("prefixes the path and drops the home slash", () => {
    expect(localizePath("de", "/")).toBe("/de");
    expect(localizePath("en", "/news/3")).toBe("/en/news/3");
  });
});

describe("switchLanguageHref", () => {
  it("moves to the same page in the other language", () => {
    expect(switchLanguageHref("/en/news", "?page=2", "de")).toBe("/de/news?page=2");
    expect(switchLanguageHref("/about", "", "en")).toBe("/en/about");
  });
});
