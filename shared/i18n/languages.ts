// The site's two languages and how a visitor's language is chosen. Pure: the
// server uses it to pick a prerendered variant, the app to render links.

export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/**
 * Where the visitor's explicit choice is kept: local storage, which decides,
 * and a cookie in step with it, which lets the server render unprefixed pages
 * in that language on the first paint.
 */
export const LANGUAGE_STORAGE_KEY = "preferredLanguage";
export const LANGUAGE_COOKIE = "preferredLanguage";
/** The language cookie's attributes (a year; sent on top-level navigations), "; Secure" added over HTTPS. */
export const LANGUAGE_COOKIE_ATTRIBUTES = "; Path=/; Max-Age=31536000; SameSite=Lax";

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "de";
}

export function otherLanguage(lang: Language): Language {
  return lang === "en" ? "de" : "en";
}

/** The value of one cookie from a Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The language an Accept-Language header prefers most: German when the tag
 * with the highest weight starts with "de" (de, de-DE, de-AT, de-CH, ...),
 * else English.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best = "";
  let bestWeight = -1;
  for (const entry of header.split(",")) {
    const [rawTag = "", ...params] = entry.trim().split(";");
    const tag = rawTag.trim().toLowerCase();
    if (!tag) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q" && value !== undefined) weight = Number(value);
    }
    if (Number.isFinite(weight) && weight > bestWeight) {
      best = tag;
      bestWeight = weight;
    }
  }
  return best.startsWith("de") && bestWeight > 0 ? "de" : DEFAULT_LANGUAGE;
}

/**
 * The language for an unprefixed URL: the stored choice (cookie) first, then
 * Accept-Language, then English.
 */
export function negotiateLanguage(headers: { cookie?: string | null; acceptLanguage?: string | null }): Language {
  const stored = readCookie(headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(stored)) return stored;
  return languageFromAcceptLanguage(headers.acceptLanguage);
}
