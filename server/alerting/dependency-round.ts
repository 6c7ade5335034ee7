// Dependencies within one round of observations. A target may depend on
// others (its parents: the host its service runs on). While a parent has an
// open incident, a failing child is "affected" by it: it opens no incident
// of its own, and the parent's notices name it. A parent that is itself
// affected passes on what affects it, so a chain pages once, at its root.
//
// A child about to open its own incident first waits for its parents' verdict
// when it is not in yet: a parent failing towards its own threshold, or a
// parent not checked since the child began to fail (its next check is due
// within its interval: services on different intervals are checked in
// different rounds). A parent checked in the child's own round, before the
// child failed, is asked again by the engine before the round is decided: a
// host can die between two checks of one round. When the parent opens, the children failing while they
// waited are affected at once, so its first notice names them; once the
// parent is seen answering, a child still failing opens at its next check.
//
// Pure: the tracker hands in what it remembers and records each decision, in
// the order parentsFirst gives.

import type { AffectedTarget } from "./notice.ts";
import { groupInto } from "#shared/group-into.ts";

/** The last observation of a target, as the tracker remembers it (memory only: a new lease starts afresh). */
export type Seen = {
  at: number;
  failing: boolean;
  since: number;
  intervalMs: number | null;
  /**
   * What it depends on, and itself in a notice's words, for a target that depends on anything: when a parent opens, a
   * target failing under it is affected at once.
   */
  dependent?: { parents: readonly string[]; target: AffectedTarget };
};

/** What the tracker knows before the round. */
export type DependencyMemory = {
  isOpen: (key: string) => boolean;
  rootsOf: (key: string) => ReadonlySet<string> | undefined;
  seen: (key: string) => Seen | undefined;
};

/** A parent not seen for longer than this many of its intervals is not waited for: its verdict may never come. */
const WAIT_INTERVALS = 2;

const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Parents before the targets that depend on them (among these), otherwise in key order, so notices name targets the
 * same way every time.
 */
export function parentsFirst<T extends { key: string; dependsOn?: readonly string[] }>(
  observations: readonly T[],
): T[] {
  const sorted = [...observations].sort(byKey);
  const present = new Set(sorted.map((observation) => observation.key));
  const waiting = new Map<string, number>();
  const children = new Map<string, T[]>();
  for (const observation of sorted) {
    const parents = (observation.dependsOn ?? []).filter((parent) => present.has(parent) && parent !== observation.key);
    waiting.set(observation.key, parents.length);
    for (const parent of parents) groupInto(children, parent, observation);
  }
  const ordered: T[] = [];
  let layer = sorted.filter((observation) => waiting.get(observation.key) === 0);
  while (layer.length > 0) {
    ordered.push(...layer);
    const next: T[] = [];
    for (const observation of layer) {
      for (const child of children.get(observation.key) ?? []) {
        const left = waiting.get(child.key)! - 1;
        waiting.set(child.key, left);
        if (left === 0) next.push(child);
      }
    }
    layer = next.sort(byKey);
  }
  // A cycle cannot load; should one slip through, its targets still count, last.
  if (ordered.length < sorted.length)
    ordered.push(...sorted.filter((observation) => waiting.get(observation.key)! > 0));
  return ordered;
}

export function createDependencyRound(memory: DependencyMemory, now: number) {
  const openNow = new Map<string, boolean>();
  const rootsNow = new Map<string, ReadonlySet<string>>();
  const isOpen = (key: string) => openNow.get(key) ?? memory.isOpen(key);
  const rootsOf = (key: string) => rootsNow.get(key) ?? memory.rootsOf(key);

  return {
    /** The open incidents (their targets' keys) a failing target with these parents is affected by. */
    rootsFor(parents: readonly string[]): Set<string> {
      const roots = new Set<string>();
      for (const parent of parents) {
        if (isOpen(parent)) roots.add(parent);
        else for (const root of rootsOf(parent) ?? []) roots.add(root);
      }
      return roots;
    },

    /**
     * Whether a target that has failed since `failingSince` should wait for a parent's verdict before it opens an
     * incident of its own.
     */
    waitsFor(parents: readonly string[], failingSince: number): boolean {
      return parents.some((parent) => {
        const seen = memory.seen(parent);
        // A parent not checked lately (or never, since this process took over) is not waited for.
        if (!seen || seen.intervalMs === null || now - seen.at > WAIT_INTERVALS * seen.intervalMs) return false;
        // Failing with no incident and nothing above it open: its own incident is on its way.
        if (seen.failing) return !isOpen(parent) && (rootsOf(parent)?.size ?? 0) === 0;
        // Answering, but not checked since the child began to fail (the engine asks a parent of this round again).
        return seen.at < failingSince;
      });
    },

    /** Whether a target, last seen as this, still counts as failing now (seen within two of its intervals). */
    stillFailing(seen: Seen): boolean {
      return seen.failing && seen.intervalMs !== null && now - seen.at <= WAIT_INTERVALS * seen.intervalMs;
    },

    /** What was decided about a target this round, for the targets after it that depend on it. */
    record(key: string, decided: { open: boolean; roots: ReadonlySet<string> }): void {
      openNow.set(key, decided.open);
      rootsNow.set(key, decided.roots);
    },
  };
}
