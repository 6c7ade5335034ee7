// The staff area's language in its components: `const { t, lang } = useStaffText()`, then `t("audit.title")`.
// Both staff dictionaries travel with the staff area's code (a few kilobytes, never on a public page), so a
// switch of language needs only the new language from the layout's loader.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Language } from "#shared/i18n/languages.ts";
import { staffText, type StaffKey, type StaffVars } from "#shared/i18n/staff/staff-language.ts";

export type StaffTextValue = { lang: Language; t: (key: StaffKey, vars?: StaffVars) => string };

const StaffLanguageContext = createContext<StaffTextValue | null>(null);

export function StaffLanguageProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const value = useMemo<StaffTextValue>(() => ({ lang, t: (key, vars) => staffText(lang, key, vars) }), [lang]);
  return <StaffLanguageContext.Provider value={value}>{children}</StaffLanguageContext.Provider>;
}

/** The staff text in the staff member's language (English outside the provider: a component rendered alone). */
export function useStaffText(): StaffTextValue {
  return useContext(StaffLanguageContext) ?? { lang: "en", t: (key, vars) => staffText("en", key, vars) };
}
