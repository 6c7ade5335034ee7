// Maintenance in progress and announced: a scheduled window by its name, one
// started by hand as "Maintenance" (its reason stays internal). Times are the
// company's, named by their zone; the local-times island adds the visitor's.
import type { PublicMaintenance, PublicService, PublicStatus } from "#shared/status/public-status.ts";
import { useLanguage } from "#app/i18n/language.tsx";
import { StatusTime } from "./status-time.tsx";

function Entry({
  entry,
  label,
  services,
  timeZone,
}: {
  entry: PublicMaintenance;
  label: string;
  services: readonly Pick<PublicService, "id" | "name">[];
  timeZone: string;
}) {
  const { t, lang } = useLanguage();
  const time = (iso: string) => <StatusTime at={iso} timeZone={timeZone} />;
  const names =
    entry.serviceIds === null
      ? t("status.maintenanceAll")
      : entry.serviceIds.map((id) => services.find((service) => service.id === id)?.name[lang] ?? "").join(", ");
  return (
    <li className="rounded-lg border border-blue-200 bg-blue-50 p-4 dark:border-blue-800 dark:bg-blue-950">
      <p className="font-semibold">
        {label}: {entry.name ?? t("status.maintenanceManual")}
      </p>
      <p className="mt-1 text-sm">
        {t("status.affects", { names })} · {time(entry.startsAt)}
        {entry.endsAt ? <> – {time(entry.endsAt)}</> : null}
      </p>
    </li>
  );
}

export function MaintenanceList({
  maintenance,
  services,
  timeZone,
}: {
  maintenance: PublicStatus["maintenance"];
  services: readonly Pick<PublicService, "id" | "name">[];
  timeZone: string;
}) {
  const { t } = useLanguage();
  const none = maintenance.active.length === 0 && maintenance.upcoming.length === 0;
  return (
    <section aria-labelledby="status-maintenance">
      <h2 id="status-maintenance" className="text-2xl font-bold">
        {t("status.maintenanceHeading")}
      </h2>
      {none ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{t("status.noMaintenance")}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {maintenance.active.map((entry) => (
            <Entry
              key={`now-${entry.name}-${entry.startsAt}`}
              entry={entry}
              label={t("status.maintenanceNow")}
              services={services}
              timeZone={timeZone}
            />
          ))}
          {maintenance.upcoming.map((entry) => (
            <Entry
              key={`next-${entry.name}-${entry.startsAt}`}
              entry={entry}
              label={t("status.maintenanceUpcoming")}
              services={services}
              timeZone={timeZone}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
