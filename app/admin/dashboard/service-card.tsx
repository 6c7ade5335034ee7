// One service (spec: the service card): name, profile, Cooldown, score bar,
// a block per host, sub-services, the age of the last check, host errors.
import { formatAgo, formatDuration } from "#shared/monitor/format.ts";
import { Badge, Figures, ScoreBar, StatusBadge } from "./badges.tsx";
import type { HostData, ServiceData } from "./dashboard.server.ts";
import { useNow } from "./use-now.ts";

const HOST_LABELS = { centron: "Central (centron)", local: "Local" } as const;

/** When the host was last checked; an open circuit says it is not being checked, and until when. */
function CheckedAt({ host, now }: { host: HostData; now: number }) {
  if (host.circuitBreakerState === "open") {
    const next = host.nextProbeAt ? Date.parse(host.nextProbeAt) : null;
    const wait = next === null ? "" : next <= now ? "; probing now" : `; next probe in ${Math.ceil((next - now) / 60_000)}m (Refresh probes now)`;
    return (
      <p className="mt-2 text-xs font-semibold text-amber-900 dark:text-amber-200" data-testid="not-checked">
        Not checked since {formatAgo(host.lastChecked, now)}: circuit open{wait}
      </p>
    );
  }
  return <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">Checked {formatAgo(host.lastChecked, now)}</p>;
}

function HostBlock({ label, host, now }: { label: string; host: HostData; now: number }) {
  return (
    <div className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{label}</span>
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={host.status} />
          {host.circuitBreakerState !== "closed" ? <StatusBadge status={host.circuitBreakerState} title="Circuit breaker" /> : null}
        </span>
      </div>
      <Figures
        items={[
          ["Response", formatDuration(host.responseTime)],
          ["Health", `${host.healthScore}/100`],
          ["Failures", host.consecutiveFailures],
        ]}
      />
      {host.errorMessage ? <p className="mt-2 text-sm break-words text-red-800 dark:text-red-300">{host.errorMessage}</p> : null}
      <CheckedAt host={host} now={now} />
      {host.subServices.length > 0 ? (
        <ul className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm dark:border-slate-700" aria-label="Sub-services">
          {host.subServices.map((sub) => (
            <li key={sub.name} className="flex items-center justify-between gap-2">
              <span>{sub.name}</span>
              <span className="flex items-center gap-2">
                <span className="text-xs tabular-nums text-slate-600 dark:text-slate-300">{formatDuration(sub.centron.responseTime)}</span>
                <StatusBadge status={sub.centron.status} title={sub.centron.errorMessage ?? undefined} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ServiceCard({ service }: { service: ServiceData }) {
  const now = useNow();
  const hosts = (["centron", "local"] as const).filter((host) => service[host]);
  const infrastructureOnly = service.reliabilityProfile === "infrastructure" && hosts.length === 1 && hosts[0] === "centron";
  // The oldest host's check: the newest would hide a host that has not been checked for minutes.
  const lastChecked = hosts.map((host) => service[host]!.lastChecked).sort()[0] ?? null;
  return (
    <article aria-labelledby={`service-${service.serviceId}`} data-service={service.serviceId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`service-${service.serviceId}`} className="font-bold">
          {service.serviceName}
        </h3>
        <span className="flex flex-wrap gap-1">
          <Badge tone="blue">{service.reliabilityProfile}</Badge>
          {service.alertCooldownActive ? <Badge tone="amber">Cooldown</Badge> : null}
          <StatusBadge status={service.status} />
        </span>
      </header>
      <ScoreBar score={service.overallHealthScore} label="Health score" />
      {hosts.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">Not checked yet.</p> : null}
      {hosts.map((host) => (
        <HostBlock key={host} label={infrastructureOnly ? "Infrastructure Status" : HOST_LABELS[host]} host={service[host]!} now={now} />
      ))}
      <p className="mt-auto text-xs text-slate-600 dark:text-slate-300">Last check of every host: {formatAgo(lastChecked, now)}</p>
    </article>
  );
}
