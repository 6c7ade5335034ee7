import { useEffect, useRef, useState, type FormEvent } from "react";
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from "#shared/contact/contact-limits.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import type { MessageKey } from "#app/i18n/en.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { contactErrorMessages } from "./contact-form-messages.ts";
import { pageAgeMs, recordSubmission, submissionsLeft } from "./contact-submissions.ts";
import { showToast } from "./toast.ts";
import { fieldErrorClass, FormNotice, Honeypot, inputClass } from "./form-parts.tsx";
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
type ApiAnswer = { error?: string; fields?: Record<string, string>; token?: string; storage?: string };

// The schema (and zod with it) is loaded when the visitor starts on the form, not with the page.
let schemaModule: Promise<typeof import("#shared/contact/contact-schema.ts")> | undefined;
const loadSchema = () => (schemaModule ??= import("#shared/contact/contact-schema.ts"));

type FieldErrors = Partial<Record<string, string>>;

/** One labelled field with its error message, tied to it for assistive technology. */
function Field(props: {
  name: ContactField;
  type: "text" | "email" | "textarea";
  autoComplete: string;
  id: string;
  defaultValue: string;
  error: string | undefined;
}) {
  const { t } = useLanguage();
  const { name, id, error } = props;
  const limits: { min?: number; max: number } = CONTACT_LIMITS[name];
  // The length rules are said before the first try, not only in a refusal ("Job" is too short a subject).
  const hint = limits.min === undefined ? null : t("contact.lengthHint", { min: limits.min, max: limits.max });
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    placeholder: t(`contact.${name}Placeholder` as MessageKey),
    defaultValue: props.defaultValue,
    required: true,
    minLength: limits.min,
    maxLength: limits.max,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {t(`contact.${name}` as MessageKey)}
      </label>
      {props.type === "textarea" ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={props.type} autoComplete={props.autoComplete} {...common} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Sending with JavaScript: the fields are checked with the server's own schema
 * (the first wrong one gets focus), the browser's time trap and hourly limit
 * come next, then JSON goes to /api/contact and the answer becomes a toast.
 */
function useContactSubmit(ids: Record<ContactField, string>, initialErrors: FieldErrors) {
  const { t, lang } = useLanguage();
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [busy, setBusy] = useState(false);
  const toastError = (title: string, description: string) => showToast({ title, description, variant: "error" });

  const answered = (status: number, answer: ApiAnswer, form: HTMLFormElement) => {
    if (status === 202) {
      recordSubmission();
      form.reset();
      showToast({ title: t("contact.successTitle"), description: t("contact.successText") });
    } else if (status === 429) {
      toastError(t("contact.tooManyTitle"), t("contact.tooManyText"));
    } else if (status === 503 && answer.storage === "full") {
      // The form is not reset: the visitor sends the same text again later.
      toastError(t("contact.noSpaceTitle"), t("contact.noSpaceText"));
    } else if (answer.fields?.token) {
      if (answer.error === "Please slow down") toastError(t("contact.slowDownTitle"), t("contact.slowDownText"));
      else toastError(t("contact.errorTitle"), t(answer.token ? "contact.expiredText" : "contact.forgedText"));
    } else {
      if (answer.fields) setErrors(answer.fields);
      toastError(t("contact.errorTitle"), t("contact.errorText"));
    }
  };

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
      answered(response.status, (await response.json().catch(() => ({}))) as ApiAnswer, form);
    } catch {
      toastError(t("contact.errorTitle"), t("contact.errorText"));
    } finally {
      setBusy(false);
    }
  }

  return { errors, busy, submit };
}

// A fixed prefix, not useId: React renders the island, Preact hydrates it, and their ids differ (decision 030).
const ID = "contact";
const IDS = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, `${ID}-${field}`])) as Record<
  ContactField,
  string
>;

/**
 * The contact form. Without JavaScript it is a plain form that posts to the
 * page; with it, it checks the fields with the server's own schema, sends
 * JSON to /api/contact and answers with toasts. Either way the form
 * token (the server's time trap) travels in an HttpOnly cookie set with the page.
 */
export function ContactForm(props: ContactFormProps) {
  const { t, lang } = useLanguage();
  const { errors, busy, submit } = useContactSubmit(IDS, props.errors ?? {});
  const formRef = useRef<HTMLFormElement>(null);

  // Once hydrated, our messages replace the browser's own validation bubbles.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const field = (name: ContactField, type: "text" | "email" | "textarea", autoComplete: string) => (
    <Field
      name={name}
      type={type}
      autoComplete={autoComplete}
      id={IDS[name]}
      defaultValue={props.values?.[name] ?? ""}
      error={errors[name]}
    />
  );

  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadSchema()}
      className="space-y-5"
    >
      {props.notice ? <FormNotice notice={props.notice} /> : null}
      {field("name", "text", "name")}
      {field("email", "email", "email")}
      {field("subject", "text", "off")}
      {field("message", "textarea", "off")}
      <Honeypot id={`${ID}-website`} label={t("contact.honeypot")} />
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
