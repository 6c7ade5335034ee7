// Maintenance mode: its state, the form to enable it (Reason required,
// Notes, an optional whole number of minutes; it is recorded under the
// signed-in account, which the form does not ask for), the completion reason
// to disable it, and the change history.
import { Wrench } from "lucide-react";
import { useId, useState } from "react";
import { showToast } from "#app/components/toast.ts";
import type { MaintenanceData, MaintenanceHistoryData } from "./dashboard.server.ts";
import { Badge } from "./badges.tsx";
import { useMay } from "#app/admin/staff-role.tsx";
import { Panel, smallButton } from "./panel.tsx";
import { postJson } from "./staff-api.ts";
import type { Polled } from "./use-panel-query.ts";
import { When } from "../when.tsx";

export const MAINTENANCE_REQUIRED = "Reason is required when enabling maintenance mode";
const field =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800";
export function MaintenancePanel({
  polled,
  history,
  onChanged,
}: {
  polled: Polled<MaintenanceData>;
  history: Polled<MaintenanceHistoryData>;
  onChanged: () => void;
}) {
  const id = useId();
  const mayManage = useMay("maintenance:manage");
  const form = useMaintenanceForm(async () => {
    await Promise.all([polled.refresh(), history.refresh()]);
    onChanged();
  });

  return (
    <Panel id="maintenance" title="Maintenance Mode" polled={polled}>
      {({ maintenance, windows, upcoming, timezone }) => (
        <div className="flex flex-col gap-4">
          <MaintenanceState maintenance={maintenance} scheduled={windows.length > 0} />
          {mayManage ? <MaintenanceForm id={id} active={maintenance.is_active} form={form} /> : null}
          {upcoming.length > 0 ? <ScheduledWindows upcoming={upcoming} timezone={timezone} /> : null}
          <MaintenanceHistory entries={history.data?.history} />
        </div>
      )}
    </Panel>
  );
}

type Maintenance = MaintenanceData["maintenance"];
type Fields = { reason: string; notes: string; duration: string; completion: string };
type OnField = (name: keyof Fields, value: string) => void;
type MaintenanceFormState = ReturnType<typeof useMaintenanceForm>;

/** The form's fields and the request that enables or disables maintenance mode; `onSaved` runs after a change. */
function useMaintenanceForm(onSaved: () => Promise<void>) {
  const [fields, setFields] = useState<Fields>({
    reason: "",
    notes: "",
    duration: "",
    completion: "Maintenance completed",
  });
  const [updating, setUpdating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onField: OnField = (name, value) => setFields((current) => ({ ...current, [name]: value }));

  const change = async (enable: boolean) => {
    const { reason, notes, duration, completion } = fields;
    setProblem(null);
    if (enable && !reason.trim()) {
      setProblem(MAINTENANCE_REQUIRED);
      showToast({ title: "Error", description: MAINTENANCE_REQUIRED, variant: "error" });
      return;
    }
    const minutes = duration.trim() === "" ? undefined : Number(duration);
    if (enable && minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1)) {
      setProblem("Estimated duration must be a whole number of minutes");
      return;
    }
    setUpdating(true);
    const body = enable
      ? {
          enable,
          reason: reason.trim(),
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          ...(minutes !== undefined ? { estimatedDurationMinutes: minutes } : {}),
        }
      : { enable, reason: completion.trim() || "Maintenance completed" };
    const result = await postJson<{ success?: boolean; message?: string }>("/api/admin/maintenance", body);
    setUpdating(false);
    const failed = enable ? "Failed to enable maintenance mode" : "Failed to disable maintenance mode";
    if (!result.ok || result.body?.success === false) {
      const description = result.body?.message ?? failed;
      setProblem(description);
      showToast({ title: "Error", description, variant: "error" });
      return;
    }
    showToast({ title: "Success", description: enable ? "Maintenance mode enabled" : "Maintenance mode disabled" });
    if (enable) setFields((current) => ({ ...current, reason: "", notes: "", duration: "" }));
    await onSaved();
  };

  return { fields, onField, updating, problem, change };
}

function MaintenanceState({
  maintenance,
  scheduled,
}: {
  maintenance: Maintenance;
  /** Scheduled windows exist, during which alerts pause. */
  scheduled: boolean;
}) {
  return (
    <div
      className={
        `flex items-start gap-3 rounded-md p-3 ` +
        `${maintenance.is_active ? "bg-amber-50 dark:bg-amber-950" : "bg-green-50 dark:bg-green-950"}`
      }
    >
      <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        <p className="font-bold" data-testid="maintenance-state">
          {maintenance.is_active ? "Maintenance Mode ACTIVE" : "Normal Operations"}
        </p>
        {maintenance.is_active ? (
          <p>
            {maintenance.reason} — by {maintenance.enabled_by}, since{" "}
            <When at={maintenance.enabled_at} style="weekday-time" />
            {maintenance.ends_at ? (
              <>
                , ends by itself at <When at={maintenance.ends_at} style="weekday-time" /> (estimate:{" "}
                {maintenance.estimated_duration_minutes} min)
              </>
            ) : (
              ", until it is disabled"
            )}
            {maintenance.notes ? `. ${maintenance.notes}` : ""}
          </p>
        ) : (
          <p>
            Alerts are sent as usual
            {scheduled ? ", except during the scheduled windows shown above" : ""}.
          </p>
        )}
      </div>
    </div>
  );
}

/** Enables maintenance mode when it is off, disables it (with a completion reason) when it is on. */
function MaintenanceForm({ id, active, form }: { id: string; active: boolean; form: MaintenanceFormState }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.change(!active);
      }}
      className="grid gap-3 sm:grid-cols-2"
    >
      {active ? (
        <label className="text-sm font-medium sm:col-span-2" htmlFor={`${id}-completion`}>
          Completion reason
          <input
            id={`${id}-completion`}
            className={field}
            value={form.fields.completion}
            onChange={(event) => form.onField("completion", event.target.value)}
            maxLength={500}
          />
        </label>
      ) : (
        <EnableFields id={id} fields={form.fields} onField={form.onField} problem={form.problem} />
      )}
      {form.problem ? (
        <p role="alert" className="text-sm font-medium text-red-800 sm:col-span-2 dark:text-red-300">
          {form.problem}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" disabled={form.updating} className={`${smallButton} ${active ? "" : "border-amber-600"}`}>
          {form.updating ? "Updating…" : active ? "Disable maintenance mode" : "Enable maintenance mode"}
        </button>
      </div>
    </form>
  );
}

/** What enabling asks for: a Reason (required), Notes and an estimated duration; who asks is the signed-in account. */
function EnableFields({
  id,
  fields,
  onField,
  problem,
}: {
  id: string;
  fields: Fields;
  onField: OnField;
  problem: string | null;
}) {
  return (
    <>
      <label className="text-sm font-medium sm:col-span-2" htmlFor={`${id}-reason`}>
        Reason
        <input
          id={`${id}-reason`}
          className={field}
          value={fields.reason}
          onChange={(event) => onField("reason", event.target.value)}
          maxLength={500}
          aria-invalid={problem === MAINTENANCE_REQUIRED && !fields.reason.trim()}
        />
      </label>
      <label className="text-sm font-medium sm:col-span-2" htmlFor={`${id}-notes`}>
        Notes
        <textarea
          id={`${id}-notes`}
          rows={2}
          className={field}
          value={fields.notes}
          onChange={(event) => onField("notes", event.target.value)}
          maxLength={2000}
        />
      </label>
      <label className="text-sm font-medium" htmlFor={`${id}-duration`}>
        Estimated duration (minutes)
        <input
          id={`${id}-duration`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className={field}
          value={fields.duration}
          onChange={(event) => onField("duration", event.target.value)}
        />
      </label>
      <p className="self-end text-sm text-slate-600 dark:text-slate-300">Recorded under your account.</p>
    </>
  );
}

function ScheduledWindows({ upcoming, timezone }: { upcoming: MaintenanceData["upcoming"]; timezone: string }) {
  return (
    <div>
      <h3 className="text-sm font-bold">Scheduled windows ({timezone})</h3>
      <ul className="mt-1 space-y-1 text-sm" aria-label="Next scheduled maintenance windows">
        {upcoming.map((window) => (
          <li key={`${window.name}-${window.startsAt}`}>
            {window.name}: <When at={window.startsAt} style="weekday-time" /> to{" "}
            <When at={window.endsAt} style="weekday-time" />
            {window.services ? ` (${window.services.join(", ")})` : " (everything)"}
          </li>
        ))}
      </ul>
    </div>
  );
}

function MaintenanceHistory({ entries }: { entries: MaintenanceHistoryData["history"] | undefined }) {
  return (
    <div>
      <h3 className="text-sm font-bold">History</h3>
      {entries && entries.length > 0 ? (
        <ol className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm" tabIndex={0} aria-label="Maintenance history">
          {entries.slice(0, 20).map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-2">
              <Badge tone={entry.action === "enable" ? "amber" : "green"}>
                {entry.action === "enable" ? "enabled" : "disabled"}
              </Badge>
              <span>
                <When at={entry.at} />
              </span>
              <span>
                {entry.by}: {entry.reason}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">No changes yet.</p>
      )}
    </div>
  );
}
