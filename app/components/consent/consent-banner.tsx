import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { MessageKey } from "#app/i18n/en.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { showToast } from "#app/components/toast.ts";
import type { ConsentChoices } from "./consent-record.ts";
import { answerConsent, closeConsentSettings, useConsentState } from "./consent-store.ts";
import { STORED_ENTRIES } from "./stored-entries.ts";

const NO_CHOICES: ConsentChoices = { analytics: false, marketing: false };

const button =
  "inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center " +
  "rounded-md px-4 text-sm font-semibold whitespace-nowrap sm:flex-none";
// Accept and reject look the same: neither is the "easy" path (OLG Köln 6 U 80/23).
const primary = `${button} bg-brand-700 text-white hover:bg-brand-900`;
const secondary = `${button} border border-slate-400 hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800`;

function Category(props: {
  name: MessageKey;
  description: MessageKey;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
  children?: ReactNode;
}) {
  const { t } = useLanguage();
  const id = useId();
  return (
    <li className="flex items-start gap-3 py-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange?.(event.target.checked)}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {t(props.name)}
          {props.disabled ? <span className="ml-2 text-xs font-normal">({t("consent.alwaysOn")})</span> : null}
        </label>
        <div className="text-sm text-slate-700 dark:text-slate-300">
          <p id={`${id}-description`}>{t(props.description)}</p>
          {props.children}
        </div>
      </div>
    </li>
  );
}

/** Every entry the site stores, by name, where it is kept and what for. */
function StoredEntries() {
  const { t } = useLanguage();
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5">
      {STORED_ENTRIES.map((entry) => (
        <li key={entry.purpose}>
          {entry.names.map((name, index) => (
            <span key={name}>
              {index > 0 ? ", " : null}
              <code className="font-mono text-xs break-all">{name}</code>
            </span>
          ))}{" "}
          ({t(entry.where)}): {t(entry.purpose)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The cookie consent dialog, with "Reject all" on the first
 * layer. It is a non-modal dialog pinned to the bottom of the page: present in
 * the server HTML so it paints with the page, and placed first in the document
 * so keyboard users reach it before anything else.
 */
export function ConsentBanner() {
  const { t, href } = useLanguage();
  const { ready, record, settingsOpen } = useConsentState();
  const open = ready && (record === null || settingsOpen);
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(NO_CHOICES);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Reopened by the visitor: preload the stored choices and move focus in.
  const [wasSettingsOpen, setWasSettingsOpen] = useState(settingsOpen);
  if (settingsOpen !== wasSettingsOpen) {
    setWasSettingsOpen(settingsOpen);
    if (settingsOpen) {
      setChoices(record ? { analytics: record.analytics, marketing: record.marketing } : NO_CHOICES);
      setCustomizing(true);
    }
  }
  useEffect(() => {
    if (settingsOpen) dialogRef.current?.focus();
  }, [settingsOpen]);

  const answer = (answered: ConsentChoices, kind: "accepted" | "saved") => {
    answerConsent(answered);
    setCustomizing(false);
    showToast({
      title: t("consent.toastTitle"),
      description: t(kind === "accepted" ? "consent.toastAccepted" : "consent.toastSaved"),
    });
  };

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      data-state={open ? "open" : "closed"}
      onKeyDown={(event) => {
        if (event.key === "Escape" && settingsOpen && record) closeConsentSettings();
      }}
      className={
        "consent-banner fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto border-t border-slate-300 " +
        "bg-white p-4 shadow-2xl sm:inset-x-4 sm:bottom-4 sm:mx-auto sm:max-w-2xl sm:rounded-xl sm:border " +
        "dark:border-slate-600 dark:bg-slate-900"
      }
    >
      <h2 id={titleId} className="text-lg font-bold">
        {t("consent.title")}
      </h2>
      <p id={descriptionId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t("consent.description")}{" "}
        <a href={href("/privacy-policy")} className="font-medium text-brand-700 underline dark:text-brand-300">
          {t("consent.privacyLink")}
        </a>
      </p>
      {customizing ? (
        <fieldset className="mt-3">
          <legend className="sr-only">{t("consent.categories")}</legend>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            <Category name="consent.necessary" description="consent.necessaryDescription" checked disabled>
              <StoredEntries />
            </Category>
            <Category
              name="consent.analytics"
              description="consent.analyticsDescription"
              checked={choices.analytics}
              onChange={(analytics) => setChoices((c) => ({ ...c, analytics }))}
            />
            <Category
              name="consent.marketing"
              description="consent.marketingDescription"
              checked={choices.marketing}
              onChange={(marketing) => setChoices((c) => ({ ...c, marketing }))}
            />
          </ul>
        </fieldset>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={primary} onClick={() => answer(NO_CHOICES, "saved")}>
          {t("consent.rejectAll")}
        </button>
        <button
          type="button"
          className={primary}
          onClick={() => answer({ analytics: true, marketing: true }, "accepted")}
        >
          {t("consent.acceptAll")}
        </button>
        {customizing ? (
          <button type="button" className={secondary} onClick={() => answer(choices, "saved")}>
            {t("consent.save")}
          </button>
        ) : (
          <button type="button" className={secondary} onClick={() => setCustomizing(true)}>
            {t("consent.customize")}
          </button>
        )}
        {settingsOpen && record ? (
          <button type="button" className={secondary} onClick={closeConsentSettings}>
            {t("consent.close")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
