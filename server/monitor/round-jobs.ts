// What one round of the engine checks: a job per host (with the sub-services
// on it), the push tokens it needs the calls of, and which hosts it asks
// again before deciding (a parent that answered before something depending
// on it failed).
import type { Observation } from "#server/alerting/incident-tracker.ts";
import { isPlaceholderTarget, type Target } from "./checks/check-types.ts";
import { hostNames, type Placement, type ServiceConfig } from "./services-config.ts";

/**
 * A host of a service to check, with the sub-services checked on it; `placement` only for one checked from more than
 * this server alone (undefined otherwise).
 */
export type Job = {
  service: ServiceConfig;
  host: string;
  target: Target;
  subs: { name: string; target: Target }[];
  placement: Placement | undefined;
};

/**
 * The hosts to check: a placeholder (a documentation host such as example.com) is never checked, so it never alerts.
 */
export function jobsOf(services: readonly ServiceConfig[]): Job[] {
  return services.flatMap((service) =>
    hostNames(service)
      .filter((host) => !isPlaceholderTarget(service.hosts[host]!))
      .map((host) => ({
        service,
        host,
        target: service.hosts[host]!,
        subs: service.subServices
          .filter((sub) => sub.host === host && !isPlaceholderTarget(sub.target))
          .map((sub) => ({ name: sub.name, target: sub.target })),
        placement: service.placements[host],
      })),
  );
}

/**
 * The hosts of this round to check again before deciding: each one a failing
 * target depends on, that answered (not failing) and finished its check no
 * later than that target's failure.
 */
export function parentsToAskAgain(
  observations: ReadonlyMap<string, Observation>,
  doneAt: ReadonlyMap<string, number>,
  jobsByKeyOf: () => ReadonlyMap<string, Job>,
): Job[] {
  const again = new Map<string, Job>();
  // Made only when a child failed: 50,000 keys for a round that has nothing to ask again.
  let jobsByKey: ReadonlyMap<string, Job> | undefined;
  for (const child of observations.values()) {
    if (child.status !== "failing") continue;
    for (const parent of child.dependsOn ?? []) {
      jobsByKey ??= jobsByKeyOf();
      const job = jobsByKey.get(parent);
      const verdict = observations.get(parent);
      if (!job || !verdict || verdict.status === "failing" || again.has(parent)) continue;
      if (doneAt.get(parent)! <= doneAt.get(child.key)!) again.set(parent, job);
    }
  }
  return [...again.values()];
}

export function pushTokens(jobs: readonly Job[]): string[] {
  const tokens: string[] = [];
  for (const job of jobs) {
    for (const target of [job.target, ...job.subs.map((sub) => sub.target)]) {
      if (target.type === "push") tokens.push((target.push as { token: string }).token);
    }
  }
  return tokens;
}
