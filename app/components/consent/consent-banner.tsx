import { useId, type ReactNode } from "react";
import type { MessageKey } from "#app/i18n/en.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { CONSENT_ACTION_ATTRIBUTE, CONSENT_CATEGORY_ATTRIBUTE, CONSENT_PARTS } from "#app/chrome/markup.ts";
import { STORED_ENTRIES } from "./stored-entries.ts";

const button =
  "inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center " +
  "rounded-md px-4 text-sm font-semibold whitespace-nowrap sm:flex-none";
// Accept and reject look the same: neither is the "easy" path (OLG Köln 6 U 80/23).
const primary = `${button} bg-brand-700 text-white hover:bg-brand-900`;
const secondary = `${button} border border-slate-400 hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800`;

function Category(props: {
  name: MessageKey;
  description: MessageKey;
  /** The stored choice it edits; none for the category that is always on. */
  category?: "analytics" | "marketing";
  children?: ReactNode;
}) {
  const disabled = props.category === undefined;
  const { t } = useLanguage();
  const id = useId();
  return (
    <li className="flex items-start gap-3 py-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        defaultChecked={disabled}
        disabled={disabled}
        {...(props.category ? { [CONSENT_CATEGORY_ATTRIBUTE]: props.category } : {})}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {t(props.name)}
          {disabled ? <span className="ml-2 text-xs font-normal">({t("consent.alwaysOn")})</span> : null}
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

/** A button of the banner: what it does is named by data-consent-action, wired by app/chrome/consent.ts. */
function ActionButton(props: { action: string; label: MessageKey; primary?: boolean; hidden?: boolean }) {
  const { t } = useLanguage();
  return (
    <button
      type="button"
      className={props.primary ? primary : secondary}
      hidden={props.hidden}
      {...{ [CONSENT_ACTION_ATTRIBUTE]: props.action }}
    >
      {t(props.label)}
    </button>
  );
}

/**
 * The cookie consent dialog, with "Reject all" on the first layer. It is a
 * non-modal dialog pinned to the bottom of the page: present in the server HTML
 * so it paints with the page (the head script reveals it when no answer is
 * stored), and placed first in the document so keyboard users reach it before
 * anything else. Its behaviour is app/chrome/consent.ts: no framework runs it.
 */
export function ConsentBanner() {
  const { t, href } = useLanguage();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      data-state="closed"
      data-toast-title={t("consent.toastTitle")}
      data-toast-accepted={t("consent.toastAccepted")}
      data-toast-saved={t("consent.toastSaved")}
      {...{ [CONSENT_PARTS.banner]: "" }}
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
      <fieldset className="mt-3" hidden {...{ [CONSENT_PARTS.categories]: "" }}>
        <legend className="sr-only">{t("consent.categories")}</legend>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          <Category name="consent.necessary" description="consent.necessaryDescription">
            <StoredEntries />
          </Category>
          <Category name="consent.analytics" description="consent.analyticsDescription" category="analytics" />
          <Category name="consent.marketing" description="consent.marketingDescription" category="marketing" />
        </ul>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-2">
        <ActionButton action="reject" label="consent.rejectAll" primary />
        <ActionButton action="accept" label="consent.acceptAll" primary />
        <ActionButton action="save" label="consent.save" hidden />
        <ActionButton action="customize" label="consent.customize" />
        <ActionButton action="close" label="consent.close" hidden />
      </div>
    </div>
  );
}
