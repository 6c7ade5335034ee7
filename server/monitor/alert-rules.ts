// When a service's hosts change, which alerts go out (spec section 4):
// a failure alert when either host is unhealthy and no cooldown runs (it then
// starts one); a recovery alert for each host that was unhealthy at the
// previous check and is healthy now. While maintenance is on, the same alerts
// are decided but marked suppressed and start no cooldown, so the first
// evaluation after maintenance sends a still-open failure at once. Pure, so
// every sequence is a table in the tests.
import type { HealthStatus, HostName } from "../../shared/monitor/health.ts";

export type AlertMemory = {
  /** The statuses at the previous evaluation. */
  previous: Partial<Record<HostName, HealthStatus>>;
  /** No failure alert before this time. */
  cooldownUntil: number;
};

export type AlertDecision = {
  kind: "failure" | "recovery";
  host: HostName;
  severity: "critical" | "info";
  suppressed: boolean;
};

export const EMPTY_MEMORY: AlertMemory = { previous: {}, cooldownUntil: 0 };

export function evaluateAlerts(
  memory: AlertMemory,
  current: Partial<Record<HostName, HealthStatus>>,
  options: { now: number; cooldownMs: number; maintenance: boolean },
): { alerts: AlertDecision[]; memory: AlertMemory } {
  const alerts: AlertDecision[] = [];
  let cooldownUntil = memory.cooldownUntil;
  const hosts = Object.keys(current) as HostName[];

  const failing = hosts.filter((host) => current[host] === "unhealthy");
  if (failing.length > 0 && options.now >= memory.cooldownUntil) {
    for (const host of failing) alerts.push({ kind: "failure", host, severity: "critical", suppressed: options.maintenance });
    if (!options.maintenance) cooldownUntil = options.now + options.cooldownMs;
  }
  for (const host of hosts) {
    if (memory.previous[host] === "unhealthy" && current[host] === "healthy") {
      alerts.push({ kind: "recovery", host, severity: "info", suppressed: options.maintenance });
    }
  }
  return { alerts, memory: { previous: { ...current }, cooldownUntil } };
}
