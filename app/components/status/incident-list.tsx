// Incidents as the public sees them: staff's title and updates (or the
// page's neutral line), the services they touch and when, newest first.
import type { PublicIncident, PublicService } from "#shared/status/public-status.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { IncidentStateBadge } from "./state-badge.tsx";
import { Interpolated } from "./interpolated.tsx";
import { StatusTime } from "./status-time.tsx";

function Incident({
  incident,
  services,
  timeZone,
}: {
  incident: PublicIncident;
  services: readonly Pick<PublicService, "id" | "name">[];
  timeZone: string;
}) {
  const { t, lang } = useLanguage();
  const names = incident.serviceIds
    .map((id) => services.find((service) => service.id === id)?.name[lang] ?? "")
    .filter(Boolean);
  const time = (iso: string) => <StatusTime at={iso} timeZone={timeZone} />;
  return (
    <li
      id={`incident-${incident.id}`}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">{incident.title[lang]}</h3>
        <IncidentStateBadge state={incident.state} />
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t("status.affects", { names: names.join(", ") })} ·{" "}
        {incident.resolvedAt ? (
          <Interpolated
            text={t("status.incidentLasted")}
            slots={{ "{start}": time(incident.startedAt), "{end}": time(incident.resolvedAt) }}
          />
        ) : (
          <Interpolated text={t("status.incidentSince")} slots={{ "{time}": time(incident.startedAt) }} />
        )}
      </p>
      <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
        {incident.updates.map((update) => (
          <li key={`${update.at}-${update.state}`}>
            <p className="text-sm">
              <span className="font-semibold">{t(`status.incident.${update.state}` as const)}</span> ·{" "}
              <span className="text-slate-700 dark:text-slate-300">{time(update.at)}</span>
            </p>
            <p className="mt-0.5">{update.message[lang]}</p>
          </li>
        ))}
      </ol>
    </li>
  );
}

export function IncidentList(props: {
  heading: string;
  empty: string;
  incidents: readonly PublicIncident[];
  services: readonly Pick<PublicService, "id" | "name">[];
  timeZone: string;
  id: string;
}) {
  return (
    <section id={props.id} aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`} className="text-2xl font-bold">
        {props.heading}
      </h2>
      {props.incidents.length === 0 ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{props.empty}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {props.incidents.map((incident) => (
            <Incident key={incident.id} incident={incident} services={props.services} timeZone={props.timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
