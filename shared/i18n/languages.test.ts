import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, negotiateLanguage, readCookie } from "./languages.ts";

describe("languageFromAcceptLanguage", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["de", "de"],
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["DE-at", "de"],
    ["en-US,en;q=0.9,de;q=0.8", "en"],
    ["fr-FR,de;q=0.9", "en"],
    ["en;q=0.5, de;q=0.8", "de"],
    ["de;q=0, en", "en"],
    ["dk, en", "en"],
    ["garbage;;;", "en"],
  ])("%s -> %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("negotiateLanguage", () => {
  it("prefers the stored choice over Accept-Language", () => {
    expect(negotiateLanguage({ cookie: "a=1; preferredLanguage=en", acceptLanguage: "de" })).toBe("en");
    expect(negotiateLanguage({ cookie: "preferredLanguage=de", acceptLanguage: "en" })).toBe("de");
  });
  it("ignores a stored value that is not a language", () => {
    expect(negotiateLanguage({ cookie: "preferredLanguage=fr", acceptLanguage: "de-CH" })).toBe("de");
  });
  it("falls back to English", () => {
    expect(negotiateLanguage({})).toBe("en");
  });
});

describe("readCookie", () => {
  it("finds a cookie among others and ignores similar names", () => {
    expect(readCookie("xpreferredLanguage=de; preferredLanguage=en", "preferredLanguage")).toBe("en");
    expect(readCookie("theme=dark", "preferredLanguage")).toBeUndefined();
  });
});
