// One service's card: name, profile, alert cooldown, what it is affected by (a
// parent's incident it fails under), score bar, a block per host,
// sub-services, the age of the last check, host errors.
import { type StaffTextValue, useStaffText } from "#app/admin/staff-language.tsx";
import { formatAgo, formatDuration } from "#shared/monitor/format.ts";
import type { StaffKey } from "#shared/i18n/staff/staff-language.ts";
import { COMPANY_TIME_ZONE } from "#shared/time/zoned-time.ts";
import { Badge, Figures, ScoreBar, StatusBadge } from "./badges.tsx";
import type { HostData, ServiceData } from "./dashboard.server.ts";
import { HostLocations, PartialBadge, partialText } from "./host-locations.tsx";
import { useNow } from "./use-now.ts";

/** The shipped hosts centron and local keep their labels; any other host is shown by its configured name. */
const HOST_LABELS: Record<string, StaffKey> = { centron: "services.host.centron", local: "services.host.local" };

function hostLabel(name: string, t: StaffTextValue["t"]): string {
  const key = HOST_LABELS[name];
  return key ? t(key) : name;
}

// Each badge names what it is (profileTitle, cooldownTitle, circuitTitle): side by side, a bare "critical",
// "Cooldown" and "open" read as three severities.

/** When the host was last checked; an open circuit says what it changes (the host is still checked every interval). */
function CheckedAt({ host, now }: { host: HostData; now: number }) {
  const { t, lang } = useStaffText();
  if (host.placeholder) {
    // A documentation host (example.com) is never checked: waiting would wait forever.
    return (
      <p className="mt-2 text-xs font-semibold text-amber-900 dark:text-amber-200" data-testid="placeholder">
        {t("services.placeholderNote")}
      </p>
    );
  }
  if (!host.lastChecked) {
    // A push monitor is not asked: it waits for its job's first call.
    return (
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        {host.checkType === "push" ? t("services.waitingForPush") : t("services.notCheckedYet")}
      </p>
    );
  }
  const open = host.circuitBreakerState === "open";
  return (
    <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
      {t("services.checkedAgo", { ago: formatAgo(host.lastChecked, now, COMPANY_TIME_ZONE, lang) })}
      {open ? <span data-testid="circuit-open">{t("services.circuitOpenNote")}</span> : null}
    </p>
  );
}

function HostBlock({ label, host, now }: { label: string; host: HostData; now: number }) {
  const text = useStaffText();
  const { t, lang } = text;
  const checked = host.lastChecked !== null;
  const partial = partialText(host, text);
  return (
    <div className="min-w-0 rounded-md border border-slate-200 p-3 dark:border-slate-700" data-host={host.host}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{label}</span>
        {host.placeholder ? <Badge tone="amber">{t("services.placeholderBadge")}</Badge> : null}
        {checked ? (
          <span className="flex flex-wrap gap-1">
            {partial ? <PartialBadge text={partial} /> : <StatusBadge status={host.status} />}
            {host.circuitBreakerState !== "closed" ? (
              <Badge tone={host.circuitBreakerState === "open" ? "red" : "amber"} title={t("services.circuitTitle")}>
                {t(`services.circuit.${host.circuitBreakerState}`)}
              </Badge>
            ) : null}
          </span>
        ) : null}
      </div>
      <p className="mt-1 truncate font-mono text-xs text-slate-600 dark:text-slate-300" title={host.target}>
        {host.target}
      </p>
      {checked ? (
        <Figures
          items={[
            [t("services.figure.response"), formatDuration(host.responseTime, lang)],
            [t("services.figure.health"), `${host.healthScore}/100`],
            [t("services.figure.failures"), host.consecutiveFailures],
          ]}
        />
      ) : null}
      {/* A partial host's message repeats its badge and its locations' rows, in red: they say it instead. */}
      {checked && host.errorMessage && !partial ? (
        <p className="mt-2 text-sm break-words text-red-800 dark:text-red-300">{host.errorMessage}</p>
      ) : null}
      <HostLocations host={host} now={now} />
      <CheckedAt host={host} now={now} />
      {host.subServices.length > 0 ? (
        <ul
          className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm dark:border-slate-700"
          aria-label={t("services.subServices")}
        >
          {host.subServices.map((sub) => (
            <li key={sub.name} className="flex items-center justify-between gap-2">
              <span>{sub.name}</span>
              <span className="flex items-center gap-2">
                <span className="text-xs tabular-nums text-slate-600 dark:text-slate-300">
                  {formatDuration(sub.responseTime, lang)}
                </span>
                <StatusBadge status={sub.status} title={[sub.target, sub.errorMessage].filter(Boolean).join(": ")} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ServiceCard({ service }: { service: ServiceData }) {
  const { t, lang } = useStaffText();
  const now = useNow();
  const hosts = service.hosts;
  const infrastructureOnly = service.reliabilityProfile === "infrastructure" && hosts.length === 1;
  // The oldest host's check: the newest would hide a host that has not been checked for minutes.
  const times = hosts.map((host) => host.lastChecked);
  const lastChecked = times.includes(null) ? null : (times.sort()[0] ?? null);
  return (
    <article
      aria-labelledby={`service-${service.serviceId}`}
      data-service={service.serviceId}
      className={
        "flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 " +
        "bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      }
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`service-${service.serviceId}`} className="font-bold">
          {service.serviceName}
        </h3>
        <span className="flex flex-wrap gap-1">
          <Badge tone="blue" title={t("services.profileTitle")}>
            {t("services.profile", { profile: service.reliabilityProfile })}
          </Badge>
          {service.alertCooldownActive ? (
            <Badge tone="amber" title={t("services.cooldownTitle")}>
              {t("services.cooldown")}
            </Badge>
          ) : null}
          <StatusBadge status={service.status} />
        </span>
      </header>
      {service.affectedBy.length > 0 ? (
        <p
          className={
            "rounded-md bg-amber-50 px-3 py-2 text-sm font-medium " +
            "text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          }
          data-testid="affected-by"
        >
          {t("services.affectedBy", { services: service.affectedBy.join(", ") })}
        </p>
      ) : null}
      <ScoreBar score={service.overallHealthScore} label={t("services.healthScore")} />
      {hosts.map((host) => (
        <HostBlock
          key={host.host}
          label={infrastructureOnly ? t("services.host.infrastructure") : hostLabel(host.host, t)}
          host={host}
          now={now}
        />
      ))}
      <p className="mt-auto text-xs text-slate-600 dark:text-slate-300">
        {t("services.lastCheckOfAll", { ago: formatAgo(lastChecked, now, COMPANY_TIME_ZONE, lang) })}
      </p>
    </article>
  );
}

/** Cards in a grid, or what `empty` says when there are none. */
export function ServiceGrid({ services, empty }: { services: readonly ServiceData[]; empty: string }) {
  if (services.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {services.map((service) => (
        <ServiceCard key={service.serviceId} service={service} />
      ))}
    </div>
  );
}
