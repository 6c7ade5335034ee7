// The staff area's language switch: saves the choice (on the account when signed in, in a cookie always), then
// reloads the route data, whose layout loader hands every page the new language.
import { Languages } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { otherLanguage } from "#shared/i18n/languages.ts";
import { requestJson } from "./api-request.ts";
import { useStaffText } from "./staff-language.tsx";

export function StaffLanguageSwitch() {
  const { lang, t } = useStaffText();
  const revalidator = useRevalidator();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = otherLanguage(lang);

  async function change() {
    setBusy(true);
    const result = await requestJson("PUT", "/api/auth/language", { language: target });
    setFailed(!result.ok);
    if (result.ok) await revalidator.revalidate();
    setBusy(false);
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t("language.saveFailed")}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void change()}
        disabled={busy}
        lang={target}
        aria-label={t("language.otherLabel")}
        data-staff-language-switch=""
        className={
          "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 " +
          "text-sm font-semibold hover:bg-slate-100 disabled:cursor-wait dark:border-slate-600 " +
          "dark:bg-slate-900 dark:hover:bg-slate-800"
        }
      >
        <Languages aria-hidden="true" className="size-4" />
        {t("language.other")}
      </button>
    </div>
  );
}
