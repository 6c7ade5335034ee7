// The visitor's language and its translations, available to every component.
// Free of router code, so islands can use it in the browser too.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { company } from "#shared/company.ts";
import type { Language } from "#shared/i18n/languages.ts";
import { localizePath } from "#shared/site/paths.ts";
import type { MessageKey, Messages } from "./en.ts";

type Vars = Record<string, string | number>;

export type LanguageContextValue = {
  lang: Language;
  messages: Partial<Messages>;
  /** The translation of key, or the key itself when it is missing. */
  t: (key: MessageKey, vars?: Vars) => string;
  /** A neutral path ("/about") as a link in the current language. */
  href: (path: string) => string;
};

const LanguageContext = createContext<LanguageContextValue | null>(null);

const builtInVars: Vars = {
  brand: company.brand,
  legalName: company.legalName,
  email: company.email.info,
};

export function translate(messages: Partial<Messages>, key: MessageKey, vars?: Vars): string {
  const text = messages[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars?.[name] ?? builtInVars[name] ?? whole));
}

/** The entries of messages whose key starts with one of the prefixes ("nav" -> "nav.*"). */
export function pickByPrefix(messages: Partial<Messages>, prefixes: readonly string[]): Partial<Messages> {
  const picked: Partial<Messages> = {};
  for (const [key, text] of Object.entries(messages) as [MessageKey, string][]) {
    if (prefixes.includes(key.slice(0, key.indexOf(".")))) picked[key] = text;
  }
  return picked;
}

export function LanguageProvider(props: { lang: Language; messages: Partial<Messages>; children: ReactNode }) {
  const { lang, messages } = props;
  const value = useMemo<LanguageContextValue>(
    () => ({
      lang,
      messages,
      t: (key, vars) => translate(messages, key, vars),
      href: (path) => localizePath(lang, path),
    }),
    [lang, messages],
  );
  return <LanguageContext.Provider value={value}>{props.children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used within a LanguageProvider");
  return value;
}
