import { useEffect, useRef, useState, type FormEvent } from "react";
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from "#shared/contact/contact-limits.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import type { MessageKey } from "#app/i18n/en.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { contactErrorMessages } from "./contact-form-messages.ts";
import { pageAgeMs, recordSubmission, submissionsLeft } from "./contact-submissions.ts";
import { showToast } from "./toast.ts";
import { buttonPrimary, textLink } from "./ui.tsx";

/**
 * The time trap in the browser: no submission in the first 3 s after the page opened (people take longer, bots do not).
 */
const MIN_PAGE_AGE_MS = 3_000;

export type ContactNotice = { kind: "sent" | "error"; text: string };

export type ContactFormProps = {
  /** Where the form posts without JavaScript (this page). */
  action: string;
  privacyHref: string;
  /** After a plain form post: what was sent, what was wrong, or what happened. */
  values?: Partial<Record<ContactField, string>>;
  errors?: Partial<Record<string, string>>;
  notice?: ContactNotice;
};

/** The server's answer; `token` comes with "Form expired" (the fresh one is in the cookie too). */
type ApiAnswer = { error?: string; fields?: Record<string, string>; token?: string };

// The schema (and zod with it) is loaded when the visitor starts on the form, not with the page.
let schemaModule: Promise<typeof import("#shared/contact/contact-schema.ts")> | undefined;
const loadSchema = () => (schemaModule ??= import("#shared/contact/contact-schema.ts"));

const input =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base " +
  "placeholder:text-slate-500 aria-invalid:border-red-700 dark:border-slate-500 dark:bg-slate-900 " +
  "dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400";

/**
 * The contact form. Without JavaScript it is a plain form that posts to the
 * page; with it, it checks the fields with the server's own schema, sends
 * JSON to /api/contact and answers with toasts. Either way the form
 * token (the server's time trap) travels in an HttpOnly cookie set with the page.
 */
export function ContactForm(props: ContactFormProps) {
  const { t, lang } = useLanguage();
  const [errors, setErrors] = useState<Partial<Record<string, string>>>(props.errors ?? {});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A fixed prefix, not useId: React renders the island, Preact hydrates it, and their ids differ (decision 030).
  const id = "contact";
  const ids = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, `${id}-${field}`])) as Record<
    ContactField,
    string
  >;

  // Once hydrated, our messages replace the browser's own validation bubbles.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const toastError = (title: string, description: string) => showToast({ title, description, variant: "error" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { contactFieldsSchema } = await loadSchema();
    const checked = contactFieldsSchema(contactErrorMessages(t)).safeParse(values);
    if (!checked.success) {
      const found = fieldErrors(checked.error);
      setErrors(found);
      const first = CONTACT_FIELDS.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setErrors({});
    if (pageAgeMs() < MIN_PAGE_AGE_MS) return toastError(t("contact.slowDownTitle"), t("contact.slowDownText"));
    if (submissionsLeft() === 0) return toastError(t("contact.tooManyTitle"), t("contact.tooManyText"));
    setBusy(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...values, language: lang }),
      });
      const answer = (await response.json().catch(() => ({}))) as ApiAnswer;
      if (response.status === 202) {
        recordSubmission();
        form.reset();
        showToast({ title: t("contact.successTitle"), description: t("contact.successText") });
      } else if (response.status === 429) {
        toastError(t("contact.tooManyTitle"), t("contact.tooManyText"));
      } else if (answer.fields?.token) {
        if (answer.error === "Please slow down") toastError(t("contact.slowDownTitle"), t("contact.slowDownText"));
        else toastError(t("contact.errorTitle"), t(answer.token ? "contact.expiredText" : "contact.forgedText"));
      } else {
        if (answer.fields) setErrors(answer.fields);
        toastError(t("contact.errorTitle"), t("contact.errorText"));
      }
    } catch {
      toastError(t("contact.errorTitle"), t("contact.errorText"));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: ContactField, type: "text" | "email" | "textarea", autoComplete: string) => {
    const error = errors[name];
    const common = {
      id: ids[name],
      name,
      placeholder: t(`contact.${name}Placeholder` as MessageKey),
      defaultValue: props.values?.[name] ?? "",
      required: true,
      maxLength: CONTACT_LIMITS[name].max,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${ids[name]}-error` : undefined,
      className: input,
    };
    return (
      <div>
        <label htmlFor={ids[name]} className="text-sm font-semibold">
          {t(`contact.${name}` as MessageKey)}
        </label>
        {type === "textarea" ? (
          <textarea rows={6} {...common} />
        ) : (
          <input type={type} autoComplete={autoComplete} {...common} />
        )}
        {error ? (
          <p id={`${ids[name]}-error`} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadSchema()}
      className="space-y-5"
    >
      {props.notice ? (
        <p
          role={props.notice.kind === "sent" ? "status" : "alert"}
          className={
            props.notice.kind === "sent"
              ? "rounded-md bg-green-50 p-3 font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
              : "rounded-md bg-red-50 p-3 font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
          }
        >
          {props.notice.text}
        </p>
      ) : null}
      {field("name", "text", "name")}
      {field("email", "email", "email")}
      {field("subject", "text", "off")}
      {field("message", "textarea", "off")}
      {/* The honeypot: invisible to people and to assistive technology, tempting to bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>{t("contact.honeypot")}</label>
        <input id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="language" value={lang} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("contact.privacyNote")}{" "}
        <a href={props.privacyHref} className={textLink}>
          {t("contact.privacyLink")}
        </a>
        .
      </p>
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonPrimary} w-full sm:w-auto`}>
        {busy ? t("contact.sending") : t("contact.send")}
      </button>
    </form>
  );
}
