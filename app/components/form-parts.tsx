// Parts the site's plain forms share (the contact form, the status page's
// subscription): the field look, the honeypot and the notice a post answers with.

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base " +
  "placeholder:text-slate-500 aria-invalid:border-red-700 dark:border-slate-500 dark:bg-slate-900 " +
  "dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400";

export const fieldErrorClass = "mt-1 text-sm font-medium text-red-800 dark:text-red-300";

/** The honeypot: invisible to people and to assistive technology, tempting to bots. */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export type FormNoticeData = { kind: "sent" | "error"; title?: string; text: string };

/** What happened to a plain form post, shown above the form. */
export function FormNotice({ notice }: { notice: FormNoticeData }) {
  return (
    <p
      role={notice.kind === "sent" ? "status" : "alert"}
      className={
        notice.kind === "sent"
          ? "rounded-md bg-green-50 p-3 font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
          : "rounded-md bg-red-50 p-3 font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
      }
    >
      {notice.title ? <strong className="block">{notice.title}</strong> : null}
      {notice.text}
    </p>
  );
}
