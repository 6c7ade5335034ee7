import type { IncidentState, ServiceState } from "#shared/status/public-status.ts";
import { MapPin } from "lucide-react";
import { useLanguage } from "#app/i18n/language.tsx";

const SERVICE_TONES: Record<ServiceState, string> = {
  operational: "bg-green-100 text-green-950 dark:bg-green-900 dark:text-green-50",
  degraded: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  outage: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50",
  maintenance: "bg-blue-100 text-blue-950 dark:bg-blue-900 dark:text-blue-50",
  unknown: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
};

const INCIDENT_TONES: Record<IncidentState, string> = {
  investigating: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50",
  identified: "bg-orange-100 text-orange-950 dark:bg-orange-900 dark:text-orange-50",
  monitoring: "bg-blue-100 text-blue-950 dark:bg-blue-900 dark:text-blue-50",
  resolved: "bg-green-100 text-green-950 dark:bg-green-900 dark:text-green-50",
};

const badge = "inline-flex items-center rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap";

/**
 * Between degraded (amber) and outage (red): down from some places only, and up from the others. A pin tells it apart
 * without its colour; it wraps, as a list of places can be long.
 */
const PARTIAL =
  "inline-flex items-center gap-1 rounded px-2 py-0.5 text-sm font-semibold " +
  "bg-orange-200 text-orange-950 dark:bg-orange-700 dark:text-white";

/**
 * The locations a service fails from alone, when that is the worst there is to say: an outage or maintenance keeps
 * its own word.
 */
function partialNames(state: ServiceState, partialFrom: readonly string[] | undefined): readonly string[] | null {
  if (!partialFrom || partialFrom.length === 0) return null;
  return state === "operational" || state === "degraded" ? partialFrom : null;
}

export function ServiceStateBadge({ state, partialFrom }: { state: ServiceState; partialFrom?: readonly string[] }) {
  const { t, lang } = useLanguage();
  const partial = partialNames(state, partialFrom);
  if (partial) {
    // The same words in the prerendered HTML and the browser: Intl's list format is part of the language's data.
    const names = new Intl.ListFormat(lang === "de" ? "de-DE" : "en-GB", { type: "conjunction" }).format(partial);
    return (
      <span className={PARTIAL} title={t("status.state.partialTitle", { names })} data-status-partial="">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        {t("status.state.partial", { names })}
      </span>
    );
  }
  return <span className={`${badge} ${SERVICE_TONES[state]}`}>{t(`status.state.${state}` as const)}</span>;
}

export function IncidentStateBadge({ state }: { state: IncidentState }) {
  const { t } = useLanguage();
  return <span className={`${badge} ${INCIDENT_TONES[state]}`}>{t(`status.incident.${state}` as const)}</span>;
}
