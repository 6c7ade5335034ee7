// A notice: one message about one or more incidents of one group (a
// service's hosts, a certificate, an nginx source, ...), before any channel
// has shaped it. Every channel renders the same notice its own way, so the
// words are decided once, here and in incidents.ts.

/**
 * Where an incident's target comes from; "maintenance" is the source of maintenance's own notices, "storage" of the
 * disk-full alarm's (a route may pick their channels).
 */
export const SOURCES = [
  "service",
  "location",
  "certificate",
  "nginx",
  "haproxy",
  "ai",
  "maintenance",
  "storage",
] as const;
export type Source = (typeof SOURCES)[number];

/**
 * opened: incidents begin (or are first told after a cooldown or maintenance);
 * reminder: still open; escalated: got worse (a certificate warning turned critical);
 * resolved: no longer failing; test: Test Email or Test Failure;
 * maintenance-started, maintenance-ended: maintenance told (alerts.maintenanceNotices).
 */
export type IncidentNoticeKind = "opened" | "reminder" | "escalated" | "resolved" | "test";
export type NoticeKind = IncidentNoticeKind | "maintenance-started" | "maintenance-ended";

export type NoticeIncident = {
  id: number;
  /** The target's key, e.g. "service:mail-relay/centron". */
  target: string;
  /** The target in words, e.g. "Mail relay on centron". */
  name: string;
  /** Where it stands as of this notice. */
  state: "failing" | "degraded" | "healthy" | "removed";
  severity: "critical" | "warning";
  message: string | null;
  openedAt: number;
  resolvedAt: number | null;
};

/** A target told in another incident's notice: it failed while something it depends on was down. */
export type AffectedTarget = {
  target: string;
  /** The target in words, "Mail relay on centron". */
  name: string;
  /** Its group in words, "Mail relay": a notice counts and lists groups. */
  groupName: string;
  /** Its part of the group, "centron"; "" when the group is the target. */
  label: string;
  serviceId: string | null;
};

export type Notice = {
  /** Unique per notice; with the channel name, the key a receiver can deduplicate on. */
  id: string;
  kind: NoticeKind;
  /** A test notice: its title starts with "[TEST]". */
  test: boolean;
  severity: "critical" | "warning" | "info";
  /** One line, e.g. "[ALERT] Mail relay is unhealthy": an e-mail's subject, a push title. */
  title: string;
  /** Plain text, several lines: what happened, per incident, and the dashboard link. */
  text: string;
  group: { key: string; name: string; source: Source; serviceId: string | null };
  incidents: NoticeIncident[];
  /** Targets failing because of these incidents (dependsOn): told here, not in notices of their own. */
  affected: AffectedTarget[];
  dashboardUrl: string;
  at: number;
};

/** The shortest a channel may cut a text to, with a mark that it was cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
