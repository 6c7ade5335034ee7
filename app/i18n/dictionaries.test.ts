import { describe, expect, it } from "vitest";
import { de } from "./de.ts";
import { en, type MessageKey } from "./en.ts";
import { translate } from "./language.tsx";
import { pickMessages } from "./messages.server.ts";

describe("dictionaries", () => {
  it("hold identical keys in en and de", () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it("have no empty or placeholder values", () => {
    for (const dictionary of [en, de]) {
      for (const [key, value] of Object.entries(dictionary)) {
        expect(value.trim(), key).not.toBe("");
        expect(value, key).not.toMatch(/lorem|\bTODO\b|\bTBD\b/i);
      }
    }
  });

  it("use the same placeholders in both languages", () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      const vars = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect(vars(de[key]), key).toEqual(vars(en[key]));
    }
  });
});

describe("translate", () => {
  it("returns the key itself when it is missing", () => {
    expect(translate({}, "nav.about")).toBe("nav.about");
  });
  it("fills given and built-in variables", () => {
    expect(translate(en, "news.page", { page: 7 })).toBe("Page 7");
    expect(translate(de, "popup.title")).toMatch(/^Willkommen bei \S/);
  });
});

describe("pickMessages", () => {
  it("returns only the keys with the given prefixes, in the given language", () => {
    const picked = pickMessages("de", ["news"]);
    expect(Object.keys(picked).length).toBeGreaterThan(0);
    expect(Object.keys(picked).every((key) => key.startsWith("news."))).toBe(true);
    expect(picked["news.back"]).toBe(de["news.back"]);
  });
});
