import { useLanguage } from "#app/i18n/language.tsx";
import { CONSENT_PARTS } from "#app/chrome/markup.ts";

/** The footer's "Cookie settings" link: reopens the consent dialog (app/chrome/consent.ts). */
export function CookieSettingsButton({ className }: { className: string }) {
  const { t } = useLanguage();
  return (
    <button type="button" className={className} {...{ [CONSENT_PARTS.opener]: "" }}>
      {t("footer.cookieSettings")}
    </button>
  );
}
