// Maintenance mode: its state, the form to enable it (Reason required,
// Notes, an optional whole number of minutes; it is recorded under the
// signed-in account, which the form does not ask for), the completion reason
// to disable it, and the change history.
import { Wrench } from "lucide-react";
import { useId, useState } from "react";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import { showToast } from "#app/components/toast.ts";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { MaintenanceData, MaintenanceHistoryData } from "./dashboard.server.ts";
import { Badge } from "./badges.tsx";
import { useMay } from "#app/admin/staff-role.tsx";
import { Panel, smallButton } from "./panel.tsx";
import { postJson } from "./staff-api.ts";
import type { Polled } from "./use-panel-query.ts";
import { When } from "../when.tsx";

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
  const { t } = useStaffText();
  const form = useMaintenanceForm(async () => {
    await Promise.all([polled.refresh(), history.refresh()]);
    onChanged();
  });

  return (
    <Panel id="maintenance" title={t("panels.maintenance.title")} polled={polled}>
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
/** `completion` is null until edited: the default words then follow the staff language, a switch included. */
type Fields = { reason: string; notes: string; duration: string; completion: string | null };
type OnField = (name: keyof Fields, value: string) => void;
type MaintenanceFormState = ReturnType<typeof useMaintenanceForm>;

/** The form's fields and the request that enables or disables maintenance mode; `onSaved` runs after a change. */
function useMaintenanceForm(onSaved: () => Promise<void>) {
  const { t } = useStaffText();
  const [fields, setFields] = useState<Fields>({
    reason: "",
    notes: "",
    duration: "",
    completion: null,
  });
  const [updating, setUpdating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onField: OnField = (name, value) => setFields((current) => ({ ...current, [name]: value }));

  const change = async (enable: boolean) => {
    const { reason, notes, duration, completion } = fields;
    setProblem(null);
    if (enable && !reason.trim()) {
      setProblem(t("panels.maintenance.reasonRequired"));
      showToast({ title: t("panels.error"), description: t("panels.maintenance.reasonRequired"), variant: "error" });
      return;
    }
    const minutes = duration.trim() === "" ? undefined : Number(duration);
    if (enable && minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1)) {
      setProblem(t("panels.maintenance.wholeMinutes"));
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
      : { enable, reason: completion?.trim() || t("panels.maintenance.completed") };
    const result = await postJson<{ success?: boolean; message?: string }>("/api/admin/maintenance", body);
    setUpdating(false);
    const failed = enable ? t("panels.maintenance.enableFailed") : t("panels.maintenance.disableFailed");
    if (!result.ok || result.body?.success === false) {
      const description = result.body?.message ?? failed;
      setProblem(description);
      showToast({ title: t("panels.error"), description, variant: "error" });
      return;
    }
    showToast({
      title: t("panels.success"),
      description: enable ? t("panels.maintenance.enabled") : t("panels.maintenance.disabled"),
    });
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
  const { t } = useStaffText();
  const who = { reason: maintenance.reason ?? "", name: maintenance.enabled_by ?? "" };
  const weekdayTime = (at: string | null) => <When at={at} style="weekday-time" />;
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
          {maintenance.is_active ? t("panels.maintenance.active") : t("panels.maintenance.normal")}
        </p>
        {maintenance.is_active ? (
          <p>
            <Interpolated
              text={
                maintenance.ends_at
                  ? t("panels.maintenance.activeUntil", {
                      ...who,
                      minutes: maintenance.estimated_duration_minutes ?? "",
                    })
                  : t("panels.maintenance.activeOpen", who)
              }
              slots={{ "{since}": weekdayTime(maintenance.enabled_at), "{until}": weekdayTime(maintenance.ends_at) }}
            />
            {maintenance.notes ? ` ${maintenance.notes}` : ""}
          </p>
        ) : (
          <p>{scheduled ? t("panels.maintenance.usualExceptWindows") : t("panels.maintenance.usual")}</p>
        )}
      </div>
    </div>
  );
}

/** Enables maintenance mode when it is off, disables it (with a completion reason) when it is on. */
function MaintenanceForm({ id, active, form }: { id: string; active: boolean; form: MaintenanceFormState }) {
  const { t } = useStaffText();
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
          {t("panels.maintenance.completionReason")}
          <input
            id={`${id}-completion`}
            className={field}
            value={form.fields.completion ?? t("panels.maintenance.completed")}
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
          {form.updating
            ? t("panels.maintenance.updating")
            : active
              ? t("panels.maintenance.disable")
              : t("panels.maintenance.enable")}
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
  const { t } = useStaffText();
  return (
    <>
      <label className="text-sm font-medium sm:col-span-2" htmlFor={`${id}-reason`}>
        {t("panels.maintenance.reason")}
        <input
          id={`${id}-reason`}
          className={field}
          value={fields.reason}
          onChange={(event) => onField("reason", event.target.value)}
          maxLength={500}
          aria-invalid={problem === t("panels.maintenance.reasonRequired") && !fields.reason.trim()}
        />
      </label>
      <label className="text-sm font-medium sm:col-span-2" htmlFor={`${id}-notes`}>
        {t("panels.maintenance.notes")}
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
        {t("panels.maintenance.duration")}
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
      <p className="self-end text-sm text-slate-600 dark:text-slate-300">{t("panels.maintenance.recorded")}</p>
    </>
  );
}

function ScheduledWindows({ upcoming, timezone }: { upcoming: MaintenanceData["upcoming"]; timezone: string }) {
  const { t } = useStaffText();
  return (
    <div>
      <h3 className="text-sm font-bold">{t("panels.maintenance.windows", { zone: timezone })}</h3>
      <ul className="mt-1 space-y-1 text-sm" aria-label={t("panels.maintenance.nextWindows")}>
        {upcoming.map((window) => (
          <li key={`${window.name}-${window.startsAt}`}>
            <Interpolated
              text={t(window.services ? "panels.maintenance.windowFor" : "panels.maintenance.window", {
                name: window.name,
                services: window.services?.join(", ") ?? "",
              })}
              slots={{
                "{from}": <When at={window.startsAt} style="weekday-time" />,
                "{to}": <When at={window.endsAt} style="weekday-time" />,
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function MaintenanceHistory({ entries }: { entries: MaintenanceHistoryData["history"] | undefined }) {
  const { t } = useStaffText();
  return (
    <div>
      <h3 className="text-sm font-bold">{t("panels.maintenance.history")}</h3>
      {entries && entries.length > 0 ? (
        <ol
          className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm"
          tabIndex={0}
          aria-label={t("panels.maintenance.historyLabel")}
        >
          {entries.slice(0, 20).map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-2">
              <Badge tone={entry.action === "enable" ? "amber" : "green"}>
                {entry.action === "enable" ? t("panels.maintenance.wasEnabled") : t("panels.maintenance.wasDisabled")}
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
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("panels.maintenance.noChanges")}</p>
      )}
    </div>
  );
}
