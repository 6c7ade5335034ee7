// The staff area's form parts: one look for inputs and buttons (44 px targets,
// dark mode), labelled fields that show the server's message for them, and
// the alert and status lines a page reports its calls' outcomes in.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

/** An input or select without the gap a label above it needs. */
export const controlClass =
  "block min-h-11 w-full rounded-md border border-slate-400 bg-white " +
  "px-3 text-base dark:border-slate-500 dark:bg-slate-900";

export const inputClass = `mt-1 ${controlClass}`;

export const buttonClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-400 " +
  "px-4 font-semibold hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 " +
  "dark:border-slate-500 dark:hover:bg-slate-800";

export const primaryButtonClass =
  "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md bg-brand-700 " +
  "px-4 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60";

export const sectionClass =
  "mt-6 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** The server's message about this field. */
  problem?: string | undefined;
  /** Classes of the field's wrapper. */
  wrapperClass?: string;
  /** What the field says about itself beside it (rules, hints), read with it by screen readers. */
  hint?: (id: string) => ReactNode;
};

/** A labelled input; the server's message about it is tied to it for screen readers. */
export function Field({ label, problem, wrapperClass, hint, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ");
  return (
    <div className={wrapperClass}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass}
        {...input}
      />
      {hint ? hint(`${id}-hint`) : null}
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly string[];
  /** What an option shows, where that is not its value (a language's name for its code). */
  optionLabel?: (option: string) => string;
};

export function SelectField({ label, options, optionLabel, className, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} className={inputClass} {...select}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel ? optionLabel(option) : option}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ErrorMessage({ id, children }: { id?: string; children: string | null }) {
  return children ? (
    <p
      id={id}
      role="alert"
      className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {children}
    </p>
  ) : null;
}

/** A live region that is always there, so what it comes to say is announced. */
export function StatusMessage({ children }: { children: string | null }) {
  return (
    <p
      role="status"
      className={
        children
          ? "rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
          : "sr-only"
      }
    >
      {children}
    </p>
  );
}
