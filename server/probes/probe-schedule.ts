// When a probe runs its checks: on the server's grid, so that a location's
// result of a slot is there when the server's round of that slot looks for
// it. A check of interval I runs at the slots k*I of the server's clock
// (epoch ms), its group's starts spread over the stagger the server uses,
// and never more than `concurrency` checks in flight.
import { groupInto } from "#shared/group-into.ts";
import { staggerMs } from "#server/monitor/stagger.ts";
import type { Defaults } from "#server/monitor/services-config.ts";
import type { ProbeCheck, ProbeDefaults } from "./probe-protocol.ts";

/** The first slot of this interval strictly after `time` (both in the server's clock). */
export function slotAfter(time: number, intervalMs: number): number {
  return (Math.floor(time / intervalMs) + 1) * intervalMs;
}

/** The checks by their interval (ms), in the order given. */
export function groupByInterval<T extends Pick<ProbeCheck, "intervalSeconds">>(checks: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const check of checks) groupInto(groups, check.intervalSeconds * 1000, check);
  return groups;
}

/** How long after its slot each of a group's checks starts: evenly over the stagger, the first at once. */
export function startDelays(count: number, defaults: ProbeDefaults, intervalMs: number): number[] {
  const stagger = staggerMs(defaults as Defaults, intervalMs);
  return Array.from({ length: count }, (_, index) => Math.floor((index * stagger) / Math.max(count, 1)));
}

/** Each group's next slot: at once for a group not seen before, kept for one that stays. */
export function plan(
  groups: ReadonlyMap<number, unknown>,
  previous: ReadonlyMap<number, number>,
  serverNow: number,
): Map<number, number> {
  return new Map([...groups.keys()].map((interval) => [interval, previous.get(interval) ?? serverNow]));
}

/** The intervals whose slot has come, each moved to its next slot after now (a slot missed is not run twice). */
export function takeDue(due: Map<number, number>, serverNow: number): { intervalMs: number; slot: number }[] {
  const taken: { intervalMs: number; slot: number }[] = [];
  for (const [intervalMs, slot] of due) {
    if (slot > serverNow) continue;
    taken.push({ intervalMs, slot });
    due.set(intervalMs, slotAfter(serverNow, intervalMs));
  }
  return taken;
}

/** How long until the soonest slot (never negative). */
export function untilNext(due: ReadonlyMap<number, number>, serverNow: number): number {
  const soonest = Math.min(...due.values());
  return Number.isFinite(soonest) ? Math.max(0, soonest - serverNow) : Infinity;
}
