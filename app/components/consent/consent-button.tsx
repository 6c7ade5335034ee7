import { Cookie } from "lucide-react";
import { useLanguage } from "#app/i18n/language.tsx";
import { CONSENT_PARTS } from "#app/chrome/markup.ts";

/**
 * Floating button that reopens the consent dialog once it has been answered
 * (app/chrome/consent.ts shows it). While something marked to be kept clear
 * passes its corner it is hidden; the footer's "Cookie settings" stays on every page.
 */
export function ConsentButton() {
  const { t } = useLanguage();
  return (
    <button
      type="button"
      hidden
      aria-label={t("consent.reopen")}
      title={t("consent.reopen")}
      {...{ [CONSENT_PARTS.opener]: "", [CONSENT_PARTS.floating]: "" }}
      className={
        "fixed bottom-4 left-4 z-30 data-[stepped-aside]:invisible inline-flex size-12 cursor-pointer " +
        "items-center justify-center rounded-full border border-slate-300 bg-white shadow-lg " +
        "hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
      }
    >
      <Cookie aria-hidden="true" className="size-6" />
    </button>
  );
}
