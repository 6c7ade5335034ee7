import { describe, expect, it } from "vitest";
import { HEAD_SCRIPT, LANGUAGE_NEGOTIATED_ATTRIBUTE } from "./head-script.ts";

type Setup = {
  stored?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The language the server rendered the page in. */
  lang?: string;
  negotiated?: boolean;
  navigation?: "navigate" | "reload";
  protocol?: string;
  storageThrows?: boolean;
  acceptsCookies?: boolean;
};

/** Runs the head script against a minimal browser: what it reads and what it changes. */
function run(setup: Setup = {}) {
  const cookies = new Map(Object.entries(setup.cookies ?? {}));
  const written: string[] = [];
  const attributes = new Map<string, string>(setup.negotiated ? [[LANGUAGE_NEGOTIATED_ATTRIBUTE, ""]] : []);
  const classes = new Set<string>();
  const html = {
    lang: setup.lang ?? "en",
    style: {} as Record<string, string>,
    classList: {
      add: (name: string) => classes.add(name),
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    hasAttribute: (name: string) => attributes.has(name),
  };
  const document = {
    documentElement: html,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(text: string) {
      written.push(text);
      const [pair = ""] = text.split(";");
      const eq = pair.indexOf("=");
      if (setup.acceptsCookies !== false) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (setup.storageThrows) throw new Error("SecurityError");
      return setup.stored?.[key] ?? null;
    },
  };
  let reloads = 0;
  const location = { protocol: setup.protocol ?? "http:", reload: () => (reloads += 1) };
  const performance = { getEntriesByType: () => [{ type: setup.navigation ?? "navigate" }] };
  const matchMedia = () => ({ matches: false });
  new Function("document", "localStorage", "matchMedia", "location", "performance", HEAD_SCRIPT)(
    document,
    localStorage,
    matchMedia,
    location,
    performance,
  );
  return { cookies, written, reloads, hidden: html.style.visibility === "hidden", classes, attributes };
}

describe("the head script and the stored language", () => {
  it("loads a page negotiated in English again when German is stored, hidden until then, with the cookie set", () => {
    const result = run({ stored: { preferredLanguage: "de" }, lang: "en", negotiated: true });
    expect(result.cookies.get("preferredLanguage")).toBe("de");
    expect(result.written).toEqual(["preferredLanguage=de; Path=/; Max-Age=31536000; SameSite=Lax"]);
    expect(result.hidden).toBe(true);
    expect(result.reloads).toBe(1);
  });

  it("marks the cookie Secure over HTTPS", () => {
    expect(run({ stored: { preferredLanguage: "de" }, protocol: "https:" }).written).toEqual([
      "preferredLanguage=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    ]);
  });

  it("keeps the cookie in step on any page, but leaves a page whose URL names its language as it is", () => {
    const result = run({
      stored: { preferredLanguage: "de" },
      cookies: { preferredLanguage: "en", theme: "x" },
      lang: "en",
      negotiated: false,
    });
    expect(result.cookies.get("preferredLanguage")).toBe("de");
    expect(result.reloads).toBe(0);
    expect(result.hidden).toBe(false);
  });

  it("does nothing when the page already is in the stored language and the cookie agrees", () => {
    const result = run({
      stored: { preferredLanguage: "de" },
      cookies: { a: "1", preferredLanguage: "de" },
      lang: "de",
      negotiated: true,
    });
    expect(result.written).toEqual([]);
    expect(result.reloads).toBe(0);
  });

  it("never loops: no second load after a reload, none when the cookie is refused", () => {
    expect(
      run({ stored: { preferredLanguage: "de" }, lang: "en", negotiated: true, navigation: "reload" }).reloads,
    ).toBe(0);
    const refused = run({ stored: { preferredLanguage: "de" }, lang: "en", negotiated: true, acceptsCookies: false });
    expect(refused.reloads).toBe(0);
    expect(refused.hidden).toBe(false);
  });

  it("ignores what is not a language of the site, and storage that cannot be read", () => {
    expect(run({ stored: { preferredLanguage: "fr" }, negotiated: true }).written).toEqual([]);
    expect(run({ negotiated: true }).written).toEqual([]);
    const blocked = run({ storageThrows: true, negotiated: true });
    expect(blocked.reloads).toBe(0);
    expect(blocked.classes.has("js")).toBe(true);
    expect(blocked.attributes.get("data-consent")).toBe("pending");
  });

  it("still applies the theme and marks a missing consent answer", () => {
    const result = run({ stored: { theme: "dark", preferredLanguage: "en" }, negotiated: true });
    expect(result.classes.has("dark")).toBe(true);
    expect(result.attributes.get("data-consent")).toBe("pending");
  });
});
