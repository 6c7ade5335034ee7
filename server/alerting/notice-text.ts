// The words of a notice: its title and plain text, from the incidents it is
// about. Every channel starts from these, so an e-mail, a chat message and a
// push say the same thing.
import type { AffectedTarget, Notice, NoticeIncident, IncidentNoticeKind, Source } from "./notice.ts";

/** An incident as a notice tells it. */
export type ToldIncident = NoticeIncident & {
  /** Its part of the group ("centron"), or "" when the group is the target itself. */
  label: string;
  /** What is wrong in a few words, after the group's name: "is unhealthy", "expires in 5 days". */
  summary: string;
};

export type NoticeGroup = Notice["group"];

export const clock = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

function labels(incidents: readonly ToldIncident[]): string {
  const named = incidents.map((incident) => incident.label).filter(Boolean);
  return named.length > 0 ? ` (${named.join(", ")})` : "";
}

/** Incidents that are not a target's health resolve in their own words: a probe reports again, a place is online. */
const AGAIN: Record<string, string> = { "is not reporting": "is reporting again", "is offline": "is online again" };

function titleOf(kind: IncidentNoticeKind, group: NoticeGroup, incidents: readonly ToldIncident[]): string {
  const first = incidents[0]!;
  const which = labels(incidents);
  const worst = incidents.some((incident) => incident.severity === "critical") ? "ALERT" : "WARNING";
  switch (kind) {
    case "opened":
    case "escalated":
    case "test":
      return `[${worst}] ${group.name} ${first.summary}${which}`;
    case "reminder":
      return `[REMINDER] ${group.name} ${first.summary.replace(/^is /, "is still ")}${which}`;
    case "resolved": {
      if (incidents.every((incident) => incident.state === "removed"))
        return `[RESOLVED] ${group.name} is no longer monitored${which}`;
      const degraded = incidents.filter((incident) => incident.state === "degraded");
      if (degraded.length === 0)
        return `[RESOLVED] ${group.name} ${AGAIN[first.summary] ?? "is healthy again"}${which}`;
      return `[RESOLVED] ${group.name} is no longer unhealthy, but degraded${labels(degraded)}`;
    }
  }
}

/**
 * The affected groups, each with the parts that failed: "Mail relay (centron, local), Sentiment analysis (centron)".
 */
function affectedGroups(affected: readonly AffectedTarget[]): { count: number; text: string } {
  const groups = new Map<string, string[]>();
  for (const target of [...affected].sort(
    (a, b) => a.groupName.localeCompare(b.groupName, "en") || a.label.localeCompare(b.label, "en"),
  )) {
    const labels = groups.get(target.groupName) ?? [];
    if (target.label) labels.push(target.label);
    groups.set(target.groupName, labels);
  }
  const text = [...groups]
    .map(([name, parts]) => (parts.length > 0 ? `${name} (${parts.join(", ")})` : name))
    .join(", ");
  return { count: groups.size, text };
}

const services = (count: number) => `${count} ${count === 1 ? "service" : "services"}`;

/** "; 8 services affected" after an opening, reminder or escalation's title. */
function affectedSuffix(kind: IncidentNoticeKind, affected: readonly AffectedTarget[]): string {
  if (affected.length === 0 || kind === "resolved") return "";
  return `; ${services(affectedGroups(affected).count)} affected`;
}

/** The line that names them: what is affected now, or, in a resolution, what was. */
function affectedLine(kind: IncidentNoticeKind, affected: readonly AffectedTarget[]): string[] {
  if (affected.length === 0) return [];
  const { count, text } = affectedGroups(affected);
  return [
    "",
    kind === "resolved"
      ? `Affected while it lasted (${services(count)}): ${text}.`
      : `${services(count)} affected: ${text}.`,
  ];
}

function opening(kind: IncidentNoticeKind, group: NoticeGroup, at: number, test: { by: string } | null): string {
  if (test)
    return (
      `This is a test of the monitoring alerts, started by ${test.by} at ${clock(at)}. Nothing is wrong; this ` +
      `is what a real notice for ${group.name} looks like.`
    );
  switch (kind) {
    case "opened":
      return `${group.name} failed its check at ${clock(at)}.`;
    case "reminder":
      return `${group.name} is still failing at ${clock(at)}.`;
    case "escalated":
      return `${group.name} got worse at ${clock(at)}.`;
    case "resolved":
      return `${group.name} recovered at ${clock(at)}.`;
    case "test":
      return `A test notice for ${group.name}, sent at ${clock(at)}.`;
  }
}

function line(incident: ToldIncident): string {
  const who = incident.label || incident.name;
  if (incident.state === "removed") return `- ${who}: no longer monitored (open since ${clock(incident.openedAt)})`;
  if (incident.state !== "failing")
    return (
      `- ${who}: ${incident.state} (failing from ${clock(incident.openedAt)} to ` +
      `${clock(incident.resolvedAt ?? incident.openedAt)})`
    );
  return `- ${who}: ${incident.message ?? incident.summary} (since ${clock(incident.openedAt)})`;
}

export function composeNotice(input: {
  id: string;
  kind: IncidentNoticeKind;
  group: NoticeGroup & { source: Source };
  incidents: readonly ToldIncident[];
  at: number;
  dashboardUrl: string;
  /** Test Email and Test Failure: who pressed the button. */
  test?: { by: string };
  /** Targets failing because of these incidents (dependsOn). */
  affected?: readonly AffectedTarget[];
}): Notice {
  const { kind, group, incidents, at } = input;
  const test = input.test ?? null;
  const affected = input.affected ?? [];
  const severity =
    kind === "resolved"
      ? "info"
      : incidents.some((incident) => incident.severity === "critical")
        ? "critical"
        : "warning";
  const title = `${test ? "[TEST] " : ""}${titleOf(kind, group, incidents)}${affectedSuffix(kind, affected)}`;
  const historyUrl = input.dashboardUrl.replace(/\/dashboard$/, "/alerts");
  const text = [
    opening(kind, group, at, test),
    "",
    ...incidents.map(line),
    ...affectedLine(kind, affected),
    "",
    `Dashboard: ${input.dashboardUrl}`,
    `Incidents: ${historyUrl}`,
  ].join("\n");
  return {
    id: input.id,
    kind: test ? "test" : kind,
    test: test !== null,
    severity,
    title,
    text,
    group,
    incidents: incidents.map(({ label: _label, summary: _summary, ...incident }) => incident),
    affected: [...affected],
    dashboardUrl: input.dashboardUrl,
    at,
  };
}

/** Test Email: a notice about nothing, to see that every channel delivers. */
export function composeTestMessage(input: { id: string; at: number; dashboardUrl: string; by: string }): Notice {
  return {
    id: input.id,
    kind: "test",
    test: true,
    severity: "info",
    title: "[TEST] Monitoring alert test",
    text: [
      `This is a test of the monitoring alerts, started by ${input.by} at ${clock(input.at)}. Nothing is wrong.`,
      "",
      `Dashboard: ${input.dashboardUrl}`,
    ].join("\n"),
    group: { key: "test", name: "Monitoring alerts", source: "service", serviceId: null },
    incidents: [],
    affected: [],
    dashboardUrl: input.dashboardUrl,
    at: input.at,
  };
}
