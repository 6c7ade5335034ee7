import { useLanguage } from "#app/i18n/language.tsx";
import { openConsentSettings } from "./consent-store.ts";

/** The footer's "Cookie settings" link: reopens the consent dialog. */
export function CookieSettingsButton({ className }: { className: string }) {
  const { t } = useLanguage();
  return (
    <button type="button" onClick={openConsentSettings} className={className}>
      {t("footer.cookieSettings")}
    </button>
  );
}
