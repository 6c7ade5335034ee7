// Maintenance mode: its state, the form to enable it
// (Reason and Enabled By required, Notes, an optional whole number of
// minutes), the completion reason to disable it, and the change history.
import { Wrench } from "lucide-react";
import { useId, useState } from "react";
import { showToast } from "#app/components/toast.ts";
import type { MaintenanceData, MaintenanceHistoryData } from "./dashboard.server.ts";
import { Badge } from "./badges.tsx";
import { Panel, smallButton } from "./panel.tsx";
import { postJson } from "./staff-api.ts";
import type { Polled } from "./use-panel-query.ts";

export const MAINTENANCE_REQUIRED = "Reason and Enabled By are required when enabling maintenance mode";
const field =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800";
/** A window's times in the configuration's zone, the same on the server and in any browser. */
const inZone = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "–";

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
  const [reason, setReason] = useState("");
  const [enabledBy, setEnabledBy] = useState("admin");
  const [notes, setNotes] = useState("");
  const [duration, setDuration] = useState("");
  const [completion, setCompletion] = useState("Maintenance completed");
  const [updating, setUpdating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const change = async (enable: boolean) => {
    setProblem(null);
    if (enable && (!reason.trim() || !enabledBy.trim())) {
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
          enabledBy: enabledBy.trim(),
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
    if (enable) {
      setReason("");
      setNotes("");
      setDuration("");
    }
    await Promise.all([polled.refresh(), history.refresh()]);
    onChanged();
  };

  return (
    <Panel id="maintenance" title="Maintenance Mode" polled={polled}>
      {({ maintenance, windows, upcoming, timezone }) => (
        <div className="flex flex-col gap-4">
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
                  {maintenance.reason} — by {maintenance.enabled_by}, since {when(maintenance.enabled_at)}
                  {maintenance.ends_at
                    ? `, ends by itself at ${inZone(maintenance.ends_at, timezone)} (estimate: ` +
                      `${maintenance.estimated_duration_minutes} min)`
                    : ", until it is disabled"}
                  {maintenance.notes ? `. ${maintenance.notes}` : ""}
                </p>
              ) : (
                <p>
                  Alerts are sent as usual
                  {windows.length > 0 ? ", except during the scheduled windows shown above" : ""}.
                </p>
              )}
            </div>
          </div>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void change(!maintenance.is_active);
            }}
            className="grid gap-3 sm:grid-cols-2"
          >
            {maintenance.is_active ? (
              <label className="text-sm font-medium sm:col-span-2" htmlFor={`${id}-completion`}>
                Completion reason
                <input
                  id={`${id}-completion`}
                  className={field}
                  value={completion}
                  onChange={(event) => setCompletion(event.target.value)}
                  maxLength={500}
                />
              </label>
            ) : (
              <>
                <label className="text-sm font-medium" htmlFor={`${id}-reason`}>
                  Reason
                  <input
                    id={`${id}-reason`}
                    className={field}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    maxLength={500}
                    aria-invalid={problem === MAINTENANCE_REQUIRED && !reason.trim()}
                  />
                </label>
                <label className="text-sm font-medium" htmlFor={`${id}-by`}>
                  Enabled By
                  <input
                    id={`${id}-by`}
                    className={field}
                    value={enabledBy}
                    onChange={(event) => setEnabledBy(event.target.value)}
                    maxLength={100}
                  />
                </label>
                <label className="text-sm font-medium sm:col-span-2" htmlFor={`${id}-notes`}>
                  Notes
                  <textarea
                    id={`${id}-notes`}
                    rows={2}
                    className={field}
                    value={notes}
                    onChange={(event) => setNotes(event.target.value)}
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
                    value={duration}
                    onChange={(event) => setDuration(event.target.value)}
                  />
                </label>
              </>
            )}
            {problem ? (
              <p role="alert" className="text-sm font-medium text-red-800 sm:col-span-2 dark:text-red-300">
                {problem}
              </p>
            ) : null}
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={updating}
                className={`${smallButton} ${maintenance.is_active ? "" : "border-amber-600"}`}
              >
                {updating
                  ? "Updating…"
                  : maintenance.is_active
                    ? "Disable maintenance mode"
                    : "Enable maintenance mode"}
              </button>
            </div>
          </form>
          {upcoming.length > 0 ? (
            <div>
              <h3 className="text-sm font-bold">Scheduled windows ({timezone})</h3>
              <ul className="mt-1 space-y-1 text-sm" aria-label="Next scheduled maintenance windows">
                {upcoming.map((window) => (
                  <li key={`${window.name}-${window.startsAt}`}>
                    {window.name}: {inZone(window.startsAt, timezone)} to {inZone(window.endsAt, timezone)}
                    {window.services ? ` (${window.services.join(", ")})` : " (everything)"}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div>
            <h3 className="text-sm font-bold">History</h3>
            {history.data && history.data.history.length > 0 ? (
              <ol
                className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm"
                tabIndex={0}
                aria-label="Maintenance history"
              >
                {history.data.history.slice(0, 20).map((entry) => (
                  <li key={entry.id} className="flex flex-wrap gap-x-2">
                    <Badge tone={entry.action === "enable" ? "amber" : "green"}>
                      {entry.action === "enable" ? "enabled" : "disabled"}
                    </Badge>
                    <span>{when(entry.at)}</span>
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
        </div>
      )}
    </Panel>
  );
}
