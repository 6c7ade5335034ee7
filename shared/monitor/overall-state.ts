// The dashboard's overall state: the services' combined status and every
// open incident (certificates, nginx, HAProxy and AI services too), the
// worst first, so "healthy" never stands beside a critical alert. Its words
// are the staff area's, in the language asked for (English by default).
import type { Language } from "#shared/i18n/languages.ts";
import { staffText, type StaffKey } from "#shared/i18n/staff/staff-language.ts";
import type { OverallStatus } from "./health.ts";

/** An open incident as the overall state reads it. */
export type OpenAlert = { source: string; severity: "critical" | "warning"; test?: boolean };

/** How each source is named in a sentence, in the order the sentence lists them. */
const SOURCE_NAMES: Record<string, StaffKey> = {
  service: "panels.source.service",
  certificate: "panels.source.certificate",
  nginx: "panels.source.nginx",
  haproxy: "panels.source.haproxy",
  ai: "panels.source.ai",
};

/** The overall badge's tooltip: what the one word is made of. */
export const overallTitle = (lang: Language = "en") => staffText(lang, "panels.overallTitle");
export const OVERALL_TITLE = overallTitle();

const RANK: Record<OverallStatus, number> = { unknown: 0, healthy: 1, degraded: 2, unhealthy: 3 };

export type OverallView = {
  status: OverallStatus;
  /** Open incidents of sources other than services (a test incident is no news). */
  otherAlerts: number;
  /** Those sources' names, in a fixed order, each once. */
  otherSources: string[];
};

/**
 * The worst of the services' status and the open incidents: a critical incident makes it unhealthy, a warning at
 * least degraded. Without any service checked yet, open incidents still say how things stand.
 */
export function overallView(services: OverallStatus, alerts: readonly OpenAlert[], lang: Language = "en"): OverallView {
  const real = alerts.filter((alert) => !alert.test);
  let status = services;
  for (const alert of real) {
    const said: OverallStatus = alert.severity === "critical" ? "unhealthy" : "degraded";
    if (RANK[said] > RANK[status]) status = said;
  }
  const others = real.filter((alert) => alert.source !== "service");
  const sources = new Set(others.map((alert) => alert.source));
  return {
    status,
    otherAlerts: others.length,
    otherSources: Object.keys(SOURCE_NAMES)
      .filter((source) => sources.has(source))
      .concat([...sources].filter((source) => !(source in SOURCE_NAMES)))
      .map((source) => (SOURCE_NAMES[source] ? staffText(lang, SOURCE_NAMES[source]) : source)),
  };
}

/** "certificates and HAProxy", "nginx, HAProxy and AI services" ("nginx, HAProxy und KI-Dienste"). */
export function listWords(words: readonly string[], lang: Language = "en"): string {
  return new Intl.ListFormat(lang === "de" ? "de-DE" : "en-GB", { type: "conjunction" }).format(words);
}

/** What the service list says when no service is failing but other sources have open alerts; null when none has. */
export function otherAlertsLine(view: OverallView, lang: Language = "en"): string | null {
  if (view.otherAlerts === 0) return null;
  const key = view.otherAlerts === 1 ? "panels.otherAlerts.one" : "panels.otherAlerts.other";
  return staffText(lang, key, { n: view.otherAlerts, sources: listWords(view.otherSources, lang) });
}
