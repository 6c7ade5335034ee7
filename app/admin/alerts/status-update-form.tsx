// What staff tell the public about an incident of a public service: a state,
// a title and a message in English and German, shown on the status page with
// the next rendering (seconds). The updates so far load when it is opened.
import { useState, type FormEvent } from "react";
import { INCIDENT_STATES } from "#shared/status/public-status.ts";
import { statusUpdateSchemaIn } from "#shared/status/status-update-schema.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { When } from "../when.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";

type Update = { id: number; at: string; by: string; state: string; titleEn: string; messageEn: string };

const input =
  "mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm dark:border-slate-500 dark:bg-slate-800";
const FIELDS = [
  ["titleEn", "statusUpdate.titleEn", "input"],
  ["titleDe", "statusUpdate.titleDe", "input"],
  ["messageEn", "statusUpdate.messageEn", "textarea"],
  ["messageDe", "statusUpdate.messageDe", "textarea"],
] as const;

export function StatusUpdateForm({ incidentId }: { incidentId: number }) {
  const { lang, t } = useStaffText();
  const [updates, setUpdates] = useState<Update[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/admin/incidents/${incidentId}/status-updates`;

  async function load() {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (response.ok) setUpdates(((await response.json()) as { updates: Update[] }).updates);
  }

  async function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = statusUpdateSchemaIn(lang).safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
      if (!response.ok) {
        setErrors(body.fields ?? {});
        return setNote(body.error ?? t("statusUpdate.failed", { status: response.status }));
      }
      form.reset();
      setNote(t("statusUpdate.published"));
      await load();
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="mt-2 text-sm" onToggle={(event) => event.currentTarget.open && updates === null && void load()}>
      <summary className="cursor-pointer font-medium text-brand-700 underline dark:text-brand-300">
        {t("statusUpdate.summary")}
      </summary>
      {updates && updates.length > 0 ? (
        <ul className="mt-2 space-y-1 text-xs">
          {updates.map((update) => (
            <li key={update.id}>
              <span className="font-semibold">{update.state}</span> · <When at={update.at} /> · {update.by}:{" "}
              {update.titleEn}
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={(event) => void publish(event)} noValidate className="mt-2 grid max-w-xl gap-2">
        <label className="font-medium">
          {t("statusUpdate.state")}
          <select name="state" className={input} defaultValue="investigating">
            {INCIDENT_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </label>
        {FIELDS.map(([name, label, kind]) => (
          <label key={name} className="font-medium">
            {t(label)}
            {kind === "input" ? (
              <input
                name={name}
                className={input}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `${incidentId}-${name}-error` : undefined}
              />
            ) : (
              <textarea
                name={name}
                rows={2}
                className={input}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `${incidentId}-${name}-error` : undefined}
              />
            )}
            {errors[name] ? (
              <span id={`${incidentId}-${name}-error`} className="block text-xs text-red-800 dark:text-red-300">
                {errors[name]}
              </span>
            ) : null}
          </label>
        ))}
        <button
          type="submit"
          disabled={busy}
          className={
            "inline-flex min-h-10 w-fit items-center rounded-md bg-brand-700 px-4 " +
            "font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          }
        >
          {t("statusUpdate.publish")}
        </button>
        {note ? (
          <p role="status" className="text-xs">
            {note}
          </p>
        ) : null}
      </form>
    </details>
  );
}
