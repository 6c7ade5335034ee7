import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { company } from "#shared/company.ts";
import { useLanguage } from "#app/i18n/language.tsx";

export default function WelcomeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLanguage();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className={
            "fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 " +
            "-translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl dark:bg-slate-900"
          }
        >
          <Dialog.Title className="pr-8 text-xl font-bold">{t("popup.title")}</Dialog.Title>
          <Dialog.Description className="mt-1 font-medium text-brand-700 dark:text-brand-300">
            {t("popup.subtitle")}
          </Dialog.Description>
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
            <a
              href={`mailto:${company.email.info}`}
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              {company.email.info}
            </a>
          </p>
          <p className="mt-4 text-center text-xs text-slate-600 dark:text-slate-400">{t("popup.autoClose")}</p>
          <Dialog.Close
            className={
              "absolute top-3 right-3 inline-flex size-10 cursor-pointer items-center " +
              "justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
            }
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t("popup.close")}</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
