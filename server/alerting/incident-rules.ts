// When incidents open and resolve, and which notices go out: pure, so every
// sequence (thresholds, cooldown, reminders, the degraded path, maintenance,
// acknowledgement) is a table in the tests.
//
// A target keeps one number between checks, its streak: failures in a row
// while no incident is open, good checks in a row while one is. An incident
// opens when the streak reaches the failure threshold and resolves when it
// reaches the success threshold. Degraded is a good check: the target is no
// longer unhealthy, and the resolution says so.
//
// Notices are decided per group (a service's hosts together) and only from
// observations made now: a target that was not checked decides nothing.
// - An opening notice goes out unless maintenance holds it or the group's
//   cooldown runs (a failure is alerted when no cooldown is active, which
//   then starts); a held incident is told at its next failing check after
//   that, so a flap within the cooldown stays quiet from start to end.
// - While it stays open and failing, a reminder goes out each time the
//   reminder interval (by default the cooldown: a failure still there after
//   it is told again) has passed since the group's last notice, unless it was
//   acknowledged or maintenance holds it.
// - An escalation (warning to critical) is told at once.
// - A resolution is told whenever the opening was: every notice that said
//   "down" is followed by one that says it is over, maintenance or not.
// - A target affected by a parent's incident (dependency-round.ts) is told
//   in the parent's notices: its own incident, opened before the parent's,
//   gets no opening, reminder or escalation meanwhile; its resolution is told.

export type Severity = "critical" | "warning";
export type ObservedStatus = "ok" | "degraded" | "failing";
export type Resolution = "healthy" | "degraded";

export type OpenIncident = {
  id: number;
  severity: Severity;
  announced: boolean;
  acknowledged: boolean;
  suppressed: boolean;
};

export type TargetState = { streak: number; open: OpenIncident | null };

export type TargetEvent =
  { type: "open" } | { type: "failing" } | { type: "escalate" } | { type: "resolve"; resolution: Resolution } | null;

const RANK: Record<Severity, number> = { warning: 1, critical: 2 };

/** One observation of one target: its new streak and what happened. */
export function stepTarget(
  state: TargetState,
  observed: { status: ObservedStatus; severity: Severity },
  thresholds: { failure: number; success: number },
): { streak: number; event: TargetEvent } {
  const failing = observed.status === "failing";
  if (!state.open) {
    if (!failing) return { streak: 0, event: null };
    const streak = state.streak + 1;
    return streak >= thresholds.failure ? { streak: 0, event: { type: "open" } } : { streak, event: null };
  }
  if (failing)
    return {
      streak: 0,
      event: RANK[observed.severity] > RANK[state.open.severity] ? { type: "escalate" } : { type: "failing" },
    };
  const streak = state.streak + 1;
  if (streak < thresholds.success) return { streak, event: null };
  return { streak: 0, event: { type: "resolve", resolution: observed.status === "ok" ? "healthy" : "degraded" } };
}

/** An incident of the group with what happened to it now; `incident` is as it was before (a new one: not announced). */
export type GroupItem = {
  incidentId: number;
  event: Exclude<TargetEvent, null>;
  announced: boolean;
  acknowledged: boolean;
  suppressed: boolean;
  /** Maintenance covers this target now. */
  held: boolean;
  /** A parent's open incident covers this target now: its notices tell it. */
  affected?: boolean;
};

export type GroupDecision = {
  opened: number[];
  reminded: number[];
  escalated: number[];
  resolved: number[];
  /** Held back by maintenance for the first time: recorded once per incident. */
  suppressed: number[];
  /** The group's last opening, reminder or escalation notice after this decision. */
  lastNoticeAt: number | null;
};

/**
 * cooldownMs: no opening notice sooner after the group's last notice; reminderMs: how often a still-open incident is
 * told again (0: never).
 */
export function decideGroup(
  items: readonly GroupItem[],
  options: { now: number; cooldownMs: number; reminderMs: number; lastNoticeAt: number | null },
): GroupDecision {
  const decision: GroupDecision = {
    opened: [],
    reminded: [],
    escalated: [],
    resolved: [],
    suppressed: [],
    lastNoticeAt: options.lastNoticeAt,
  };
  const since = options.lastNoticeAt === null ? Infinity : options.now - options.lastNoticeAt;
  const coolingDown = since < options.cooldownMs;
  const reminderDue = options.reminderMs > 0 && since >= Math.max(options.reminderMs, options.cooldownMs);
  for (const item of items) {
    if (item.event.type === "resolve") {
      if (item.announced) decision.resolved.push(item.incidentId);
      continue;
    }
    if (item.held) {
      if (!item.suppressed) decision.suppressed.push(item.incidentId);
      continue;
    }
    if (item.affected) continue;
    if (!item.announced) {
      // Someone acknowledged it before it was ever told: they know.
      if (!item.acknowledged && !coolingDown) decision.opened.push(item.incidentId);
    } else if (item.event.type === "escalate") {
      decision.escalated.push(item.incidentId);
    } else if (!item.acknowledged && reminderDue) {
      decision.reminded.push(item.incidentId);
    }
  }
  if (decision.opened.length + decision.reminded.length + decision.escalated.length > 0)
    decision.lastNoticeAt = options.now;
  return decision;
}
