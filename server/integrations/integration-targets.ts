// The integrations as alert targets: what a reading of nginx, HAProxy, the AI
// services or a certificate says about each thing that can fail. Pure: a
// reading in, observations out, so what opens an incident is a table in the
// tests. A source that could not be read says nothing about what is behind it
// (HAProxy's servers when the stats page is down): only fresh evidence counts.
import { isDocumentationHost, urlHost } from "#shared/monitor/placeholders.ts";
import type { IntegrationsConfig } from "./integrations-config.ts";
import type { AlertTarget, Observation } from "#server/alerting/incident-tracker.ts";
import type { ObservedStatus, Severity } from "#server/alerting/incident-rules.ts";
import type { Source } from "#server/alerting/notice.ts";
import type { AiServicesHealth } from "./ai/ai-health.ts";
import type { CertificateReading } from "#server/net/tls-probe.ts";
import type { HaproxySnapshot } from "./haproxy/haproxy-stats.ts";
import type { NginxReport } from "./nginx/nginx-report.ts";

export type Thresholds = { failure: number; success: number };

type Finding = { status: ObservedStatus; severity: Severity; summary: string; message: string | null };
const OK: Finding = { status: "ok", severity: "critical", summary: "is healthy", message: null };

function observation(
  source: Source,
  key: string,
  group: { key: string; name: string },
  name: string,
  label: string,
  thresholds: Thresholds,
  finding: Finding,
): Observation {
  const target: AlertTarget = { key, source, group, name, label, serviceId: null, profile: null, thresholds };
  return { ...target, ...finding };
}

/** A target of its own group (one nginx source, one AI service, one certificate). */
function single(source: Source, key: string, name: string, thresholds: Thresholds, finding: Finding): Observation {
  return observation(source, key, { key, name }, name, "", thresholds, finding);
}

/** Keys from names; a repeated name gets its occurrence, so two entries never share a target. */
function keysOf(prefix: string, names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const occurrence = (seen.get(name) ?? 0) + 1;
    seen.set(name, occurrence);
    return occurrence === 1 ? `${prefix}:${name}` : `${prefix}:${name}#${occurrence}`;
  });
}

/** Each nginx source: critical when it does not answer, a warning for dropped connections or too many. */
export function nginxObservations(report: NginxReport, thresholds: Thresholds): Observation[] {
  const keys = keysOf(
    "nginx",
    report.sources.map((source) => source.name),
  );
  return report.sources.map((source, index) => {
    const name = `nginx ${source.name}`;
    if (source.error !== null)
      return single("nginx", keys[index]!, name, thresholds, {
        status: "failing",
        severity: "critical",
        summary: "does not answer",
        message: source.error,
      });
    const warnings = report.alerts
      .filter((alert) => alert.message.startsWith(`${source.name}: `))
      .map((alert) => alert.message.slice(source.name.length + 2));
    if (source.status === "warning")
      return single("nginx", keys[index]!, name, thresholds, {
        status: "failing",
        severity: "warning",
        summary: "needs attention",
        message: warnings.join("; ") || null,
      });
    return single("nginx", keys[index]!, name, thresholds, OK);
  });
}

export function nginxKeys(sourceNames: readonly string[]): string[] {
  return keysOf("nginx", sourceNames);
}

export const HAPROXY_STATS_KEY = "haproxy:stats";
export const haproxyServerKey = (backend: string, server: string) => `haproxy:${backend}/${server}`;

/**
 * The stats source, and when it answered, each server: DOWN is a failure;
 * UP, MAINT (an operator's choice), DRAIN and NO CHECK are not. A backend's
 * servers are one group, so a backend going down is one notice.
 */
export function haproxyObservations(snapshot: HaproxySnapshot, thresholds: Thresholds): Observation[] {
  if (!snapshot.ok) {
    return [
      single("haproxy", HAPROXY_STATS_KEY, "HAProxy stats source", thresholds, {
        status: "failing",
        severity: "critical",
        summary: "cannot be read",
        message: snapshot.error,
      }),
    ];
  }
  const servers = snapshot.stats.servers.map((server) => {
    const group = { key: `haproxy:${server.backend}`, name: `HAProxy backend ${server.backend}` };
    const down = server.display === "DOWN";
    const finding: Finding = down
      ? {
          status: "failing",
          severity: "critical",
          summary: "has a server down",
          message: [server.status, server.checkStatus, server.lastCheck].filter(Boolean).join(", "),
        }
      : OK;
    return observation(
      "haproxy",
      haproxyServerKey(server.backend, server.name),
      group,
      `HAProxy server ${server.backend}/${server.name}`,
      server.name,
      thresholds,
      finding,
    );
  });
  return [single("haproxy", HAPROXY_STATS_KEY, "HAProxy stats source", thresholds, OK), ...servers];
}

/** Each AI service: unhealthy is a failure, degraded is not (it answers). */
export function aiObservations(health: AiServicesHealth, thresholds: Thresholds): Observation[] {
  const keys = keysOf(
    "ai",
    health.services.map((service) => service.service),
  );
  return health.services.map((service, index) => {
    const finding: Finding =
      service.status === "unhealthy"
        ? { status: "failing", severity: "critical", summary: "is unhealthy", message: service.details.error }
        : { ...OK, status: service.status === "degraded" ? "degraded" : "ok" };
    return single("ai", keys[index]!, `AI service ${service.service}`, thresholds, finding);
  });
}

export function aiKeys(names: readonly string[]): string[] {
  return keysOf("ai", names);
}

export const certificateKey = (target: { domain: string; serverIP: string; port: number }) =>
  `certificate:${target.domain}@${target.serverIP}:${target.port}`;

function certificateFinding(reading: CertificateReading): Finding {
  if (reading.status === "healthy") return OK;
  if (reading.status === "error")
    return {
      status: "failing",
      severity: "critical",
      summary: "cannot be verified",
      message: reading.error ?? "unknown error",
    };
  const days = reading.daysRemaining ?? 0;
  const summary = days < 0 ? `expired ${-days} days ago` : days === 0 ? "expires today" : `expires in ${days} days`;
  return {
    status: "failing",
    severity: reading.status === "warning" ? "warning" : "critical",
    summary,
    message: reading.expiryDate ? `valid until ${reading.expiryDate.slice(0, 10)}` : null,
  };
}

/** A certificate: a warning 30 days before it expires, critical at 7, and critical when it cannot be verified. */
export function certificateObservation(reading: CertificateReading, thresholds: Thresholds): Observation {
  const name =
    reading.port === 443
      ? `Certificate ${reading.domain} at ${reading.serverIP}`
      : `Certificate ${reading.domain} at ${reading.serverIP}:${reading.port}`;
  return single("certificate", certificateKey(reading), name, thresholds, certificateFinding(reading));
}

/**
 * Whether a target key belongs to a placeholder: a source at a documentation
 * host (example.com, 192.0.2.x) that nobody has replaced yet. Such targets are
 * still read (their panels say what they get) but never alert.
 */
export function placeholderKeys(config: IntegrationsConfig): (key: string) => boolean {
  const keys = new Set<string>();
  const placeholder = (url: string | undefined) => url !== undefined && isDocumentationHost(urlHost(url) ?? "");
  if (config.nginx) {
    const names = nginxKeys(config.nginx.sources.map((source) => source.name));
    config.nginx.sources.forEach((source, index) => placeholder(source.url) && keys.add(names[index]!));
  }
  if (config.aiServices) {
    const names = aiKeys(config.aiServices.services.map((service) => service.name));
    config.aiServices.services.forEach((service, index) => placeholder(service.url) && keys.add(names[index]!));
  }
  for (const domain of config.certificates?.domains ?? [])
    if (isDocumentationHost(domain.serverIP)) keys.add(certificateKey(domain));
  const haproxy = config.haproxy && "url" in config.haproxy.source && placeholder(config.haproxy.source.url);
  return (key) => keys.has(key) || (!!haproxy && key.startsWith("haproxy:"));
}
