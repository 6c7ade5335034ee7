// Targets affected by another target's incident (dependsOn), as the tracker
// keeps them: the roots each failing target waits under, which of them a
// notice names, and how a round's changes enter the memory.
import type { Observation } from "./incident-tracker.ts";
import type { AffectedTarget } from "./notice.ts";
import type { Affected } from "./tracker-memory.ts";
import { groupInto } from "#shared/group-into.ts";

export const NONE: ReadonlySet<string> = new Set();

export function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

export function affectedTarget(observation: Observation): AffectedTarget {
  return {
    target: observation.key,
    name: observation.name,
    groupName: observation.group.name,
    label: observation.label,
    serviceId: observation.serviceId,
  };
}

/**
 * The targets a notice about these roots names: affected after this round, or (for a resolution) before or after it.
 */
export function affectedIndex(before: ReadonlyMap<string, Affected>, changed: ReadonlyMap<string, Affected>) {
  const index = (entries: Iterable<[string, Affected]>) => {
    const byRoot = new Map<string, AffectedTarget[]>();
    for (const [, { roots, target }] of entries) for (const root of roots) groupInto(byRoot, root, target);
    return byRoot;
  };
  const after = index([...[...before].filter(([key]) => !changed.has(key)), ...changed]);
  const earlier = index(before);
  const collect = (maps: Map<string, AffectedTarget[]>[], roots: readonly string[]) => {
    const found = new Map<string, AffectedTarget>();
    for (const map of maps)
      for (const root of roots) for (const target of map.get(root) ?? []) found.set(target.target, target);
    return [...found.values()].sort((a, b) => (a.target < b.target ? -1 : a.target > b.target ? 1 : 0));
  };
  return {
    affectedBy: (roots: readonly string[]) => collect([after], roots),
    everAffectedBy: (roots: readonly string[]) => collect([earlier, after], roots),
  };
}

/**
 * After the round committed: the changed targets take their new roots, and roots that resolved affect nothing any more.
 */
export function rememberAffected(
  memory: Map<string, Affected>,
  changed: ReadonlyMap<string, Affected>,
  resolved: ReadonlySet<string>,
): void {
  for (const [key, entry] of changed) {
    if (entry.roots.size === 0) memory.delete(key);
    else memory.set(key, entry);
  }
  if (resolved.size === 0) return;
  for (const [key, entry] of memory) {
    if (![...entry.roots].some((root) => resolved.has(root))) continue;
    const roots = new Set([...entry.roots].filter((root) => !resolved.has(root)));
    if (roots.size === 0) memory.delete(key);
    else memory.set(key, { ...entry, roots });
  }
}
