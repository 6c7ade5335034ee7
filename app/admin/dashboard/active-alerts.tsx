// Active alerts (service name, severity and message): the open
// incidents of every source (services, certificates, nginx, HAProxy, AI
// services), worst first. Each can be acknowledged with a note: its reminders
// stop, and who did it shows here and in the incident history.
import { Check } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { showToast } from "#app/components/toast.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { Badge, StatusBadge } from "./badges.tsx";
import type { IncidentData, IncidentsData } from "./dashboard.server.ts";
import { useMay } from "#app/admin/staff-role.tsx";
import { smallButton, useAgo } from "./panel.tsx";
import { postJson } from "./staff-api.ts";
import type { Polled } from "./use-panel-query.ts";
import { useNow } from "./use-now.ts";

const field =
  "min-h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 " +
  "text-sm sm:w-auto sm:flex-1 dark:border-slate-600 dark:bg-slate-800";

function Acknowledge({ incident, onDone }: { incident: IncidentData; onDone: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const allowed = useMay("incidents:acknowledge");
  const { t } = useStaffText();
  if (!allowed) return null;
  if (!open) {
    return (
      <button
        type="button"
        className={`${smallButton} ml-auto`}
        onClick={() => setOpen(true)}
        aria-label={t("panels.alerts.acknowledgeName", { name: incident.name })}
      >
        <Check aria-hidden="true" className="size-4" />
        {t("panels.alerts.acknowledge")}
      </button>
    );
  }
  const submit = async () => {
    setBusy(true);
    const result = await postJson<{ error?: string }>(
      `/api/admin/incidents/${incident.id}/acknowledge`,
      note.trim() ? { note: note.trim() } : {},
    );
    setBusy(false);
    if (!result.ok) {
      showToast({
        title: t("panels.error"),
        description: result.body?.error ?? t("panels.alerts.acknowledgeFailed"),
        variant: "error",
      });
      return;
    }
    showToast({
      title: t("panels.alerts.acknowledged"),
      description: t("panels.alerts.remindersStop", { name: incident.name }),
    });
    setOpen(false);
    onDone();
  };
  return (
    <form
      className="flex basis-full flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("panels.alerts.noteFor", { name: incident.name })}
      </label>
      <input
        id={id}
        className={field}
        placeholder={t("panels.alerts.notePlaceholder")}
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <button type="submit" className={smallButton} disabled={busy}>
        {busy ? t("panels.saving") : t("panels.confirm")}
      </button>
      <button type="button" className={smallButton} onClick={() => setOpen(false)}>
        {t("panels.cancel")}
      </button>
    </form>
  );
}

/** The groups failing under an incident (dependsOn): the first few by name, then how many more. */
function AffectedList({ names }: { names: string[] }) {
  const { t } = useStaffText();
  const shown = names.slice(0, 3).join(", ");
  const rest = names.length - 3;
  const key =
    names.length === 1
      ? "panels.alerts.affectedOne"
      : rest > 0
        ? "panels.alerts.affectedMore"
        : "panels.alerts.affected";
  return (
    <span className="basis-full text-xs text-amber-900 dark:text-amber-200" data-testid="affected">
      {t(key, { n: names.length, names: shown, rest })}
    </span>
  );
}

/** The most the card lists; the rest are a link away, so the card never pushes the dashboard out of sight. */
const SHOWN = 8;

export function ActiveAlerts({ polled, checked }: { polled: Polled<IncidentsData> | null; checked: boolean }) {
  const now = useNow();
  const ago = useAgo();
  const { t } = useStaffText();
  const incidents = polled?.data?.incidents ?? [];
  const more = incidents.length - SHOWN;
  return (
    <div>
      <h3 className="text-sm font-bold">{t("panels.alerts.heading", { n: incidents.length })}</h3>
      {polled?.error ? (
        <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
          {polled.error}
        </p>
      ) : null}
      {incidents.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {checked ? t("panels.alerts.none") : t("panels.alerts.waiting")}
        </p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm" data-testid="active-alerts" aria-label={t("panels.alerts.label")}>
          {incidents.slice(0, SHOWN).map((incident) => (
            <li
              key={incident.id}
              data-incident={incident.id}
              className={
                "flex flex-wrap items-center gap-x-2 gap-y-1 border-b " +
                "border-slate-100 pb-2 last:border-0 dark:border-slate-800"
              }
            >
              <StatusBadge status={incident.severity} />
              <span className="font-semibold">{incident.name}</span>
              <span className="min-w-0 break-words text-slate-700 dark:text-slate-200">
                {incident.summary}
                {incident.message ? `: ${incident.message}` : ""}
              </span>
              <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
                {t("panels.alerts.opened", { ago: ago(incident.openedAt, now) })}
              </span>
              {incident.suppressedAt && !incident.announced ? (
                <Badge tone="blue">{t("panels.alerts.held")}</Badge>
              ) : null}
              {incident.acknowledgedAt ? (
                <span className="ml-auto">
                  <Badge tone="slate" title={incident.acknowledgementNote ?? undefined}>
                    {t("panels.alerts.acknowledgedBy", { name: incident.acknowledgedBy ?? "" })}
                  </Badge>
                </span>
              ) : polled ? (
                <Acknowledge incident={incident} onDone={() => void polled.refresh()} />
              ) : null}
              {incident.affected.length > 0 ? <AffectedList names={incident.affected} /> : null}
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <Link
          to="/admin/alerts?state=open"
          className="mt-2 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          {t(more === 1 ? "panels.alerts.moreOne" : "panels.alerts.more", { n: more })}
        </Link>
      ) : null}
    </div>
  );
}
