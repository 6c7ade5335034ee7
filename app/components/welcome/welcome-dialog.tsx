import { X } from "lucide-react";
import { useId } from "react";
import { company } from "#shared/company.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { WELCOME_DIALOG_ATTRIBUTE } from "#app/chrome/markup.ts";

/**
 * The welcome popup, a native modal <dialog>: the browser traps focus, closes
 * it on Escape and hides the page behind it from assistive technology.
 * app/chrome/welcome.ts decides when it opens.
 */
export function WelcomeDialog() {
  const { t } = useLanguage();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      {...{ [WELCOME_DIALOG_ATTRIBUTE]: "" }}
      className={
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-900 shadow-2xl " +
        "backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
      }
    >
      {/* The padding is inside, so a click on the dialog element itself is a click on its backdrop. */}
      <div className="p-6">
        <h2 id={titleId} className="pr-8 text-xl font-bold">
          {t("popup.title")}
        </h2>
        <p id={descriptionId} className="mt-1 font-medium text-brand-700 dark:text-brand-300">
          {t("popup.subtitle")}
        </p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t("popup.body")}</p>
        <a
          href={company.social.discord}
          target="_blank"
          rel="noopener noreferrer"
          className={
            "mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-md " +
            "bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900"
          }
        >
          {t("popup.discord")}
          <span className="sr-only"> {t("common.opensInNewTab")}</span>
        </a>
        <p className="mt-4 text-center text-sm">
          {t("popup.emailPrompt")}{" "}
          <a href={`mailto:${company.email.info}`} className="font-medium text-brand-700 underline dark:text-brand-300">
            {company.email.info}
          </a>
        </p>
        <p className="mt-4 text-center text-xs text-slate-600 dark:text-slate-400">{t("popup.autoClose")}</p>
        <form method="dialog">
          <button
            className={
              "absolute top-3 right-3 inline-flex size-10 cursor-pointer items-center " +
              "justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
            }
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t("popup.close")}</span>
          </button>
        </form>
      </div>
    </dialog>
  );
}
