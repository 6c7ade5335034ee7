// The status page's machine-readable sides, made from the same public status:
// /api/status (JSON), an RSS feed of incidents and planned maintenance per
// language, and an SVG badge per public service. Each is rendered when the
// status changes, never per request.
import { formatSpan, FULLY_MEASURED, WINDOW_SECONDS } from "#shared/monitor/measured.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type {
  PublicIncident,
  PublicMaintenance,
  PublicService,
  PublicStatus,
  ServiceState,
} from "#shared/status/public-status.ts";
import { formatStatusTime } from "#shared/status/status-time.ts";
import { xml, xmlDocument, type XmlFragment } from "./xml.ts";

/** What an embedder needs: the banner, each service's state and uptime, the groups, and what is going on. */
export function statusJson(status: PublicStatus) {
  return {
    generatedAt: status.generatedAt,
    overall: status.overall,
    services: status.services.map((service) => ({
      id: service.id,
      name: service.name,
      group: service.group,
      state: service.state,
      uptime: service.uptime,
      // The uptime figures cover only the time since: a 30-day figure from 15 minutes of checks says so.
      measuredSince: service.measuredSince,
      measuredSeconds: service.measuredSeconds,
    })),
    groups: status.groups,
    incidents: status.incidents.open,
    maintenance: status.maintenance.active,
    /** Announced and not begun: `maintenance` keeps its shape (what is on now) for those who read it. */
    upcomingMaintenance: status.maintenance.upcoming,
  };
}

const FEED_TEXT = {
  en: {
    title: (brand: string) => `${brand} system status`,
    description: "Incidents and maintenance of our public services",
    state: { investigating: "Investigating", identified: "Identified", monitoring: "Monitoring", resolved: "Resolved" },
    maintenance: "Planned maintenance",
    manual: "Maintenance",
    phase: { active: "in progress", upcoming: "announced" },
    affects: "Affects",
    all: "all services",
  },
  de: {
    title: (brand: string) => `${brand} Systemstatus`,
    description: "Störungen und Wartungen unserer öffentlichen Dienste",
    state: {
      investigating: "Untersuchung",
      identified: "Ursache gefunden",
      monitoring: "Beobachtung",
      resolved: "Behoben",
    },
    maintenance: "Geplante Wartung",
    manual: "Wartung",
    phase: { active: "läuft", upcoming: "angekündigt" },
    affects: "Betrifft",
    all: "alle Dienste",
  },
} as const;

type FeedOptions = { lang: Language; brand: string; pageUrl: string; feedUrl: string };

/**
 * One item per maintenance and phase: an announcement, then (a new guid) its start. Times in the company's zone,
 * named ("1 Dec 2026, 22:00 CET"), as on the page.
 */
function maintenanceItems(status: PublicStatus, options: FeedOptions): XmlFragment[] {
  const text = FEED_TEXT[options.lang];
  const time = (iso: string) => formatStatusTime(iso, options.lang, status.timeZone);
  const names = new Map(status.services.map((service) => [service.id, service.name[options.lang]]));
  const item = (entry: PublicMaintenance, phase: "active" | "upcoming") => {
    const link = `${options.pageUrl}#status-maintenance`;
    const when = entry.endsAt === null ? time(entry.startsAt) : `${time(entry.startsAt)} – ${time(entry.endsAt)}`;
    const affected =
      entry.serviceIds === null ? text.all : entry.serviceIds.map((id) => names.get(id) ?? id).join(", ");
    const published =
      phase === "active"
        ? xml`
      <pubDate>${new Date(entry.startsAt).toUTCString()}</pubDate>`
        : "";
    return xml`    <item>
      <title>${`${text.maintenance}: ${entry.name ?? text.manual} (${text.phase[phase]})`}</title>
      <link>${link}</link>
      <guid isPermaLink="false">${`${link}@${entry.name ?? ""}@${entry.startsAt}@${phase}`}</guid>${published}
      <description>${`${when}. ${text.affects}: ${affected}.`}</description>
    </item>`;
  };
  return [
    ...status.maintenance.active.map((entry) => item(entry, "active")),
    ...status.maintenance.upcoming.map((entry) => item(entry, "upcoming")),
  ];
}

/** RSS 2.0 of the maintenance and the incidents shown on the page (incidents newest first), in one language. */
export function statusFeed(status: PublicStatus, options: FeedOptions): string {
  const text = FEED_TEXT[options.lang];
  const incidents: PublicIncident[] = [...status.incidents.open, ...status.incidents.resolved];
  const items = incidents.map((incident) => {
    const latest = incident.updates[0]!;
    const link = `${options.pageUrl}#incident-${incident.id}`;
    return xml`    <item>
      <title>${`${incident.title[options.lang]} (${text.state[incident.state]})`}</title>
      <link>${link}</link>
      <guid isPermaLink="false">${`${link}@${latest.at}`}</guid>
      <pubDate>${new Date(latest.at).toUTCString()}</pubDate>
      <description>${latest.message[options.lang]}</description>
    </item>`;
  });
  return xmlDocument(xml`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${text.title(options.brand)}</title>
    <link>${options.pageUrl}</link>
    <atom:link href="${options.feedUrl}" rel="self" type="application/rss+xml"/>
    <description>${text.description}</description>
    <language>${options.lang === "de" ? "de-DE" : "en-US"}</language>
    <lastBuildDate>${new Date(status.generatedAt).toUTCString()}</lastBuildDate>
${[...maintenanceItems(status, options), ...items]}
  </channel>
</rss>
`);
}

const BADGE: Record<ServiceState, { word: string; colour: string }> = {
  operational: { word: "up", colour: "#15803d" },
  degraded: { word: "degraded", colour: "#a16207" },
  outage: { word: "down", colour: "#b91c1c" },
  maintenance: { word: "maintenance", colour: "#1d4ed8" },
  unknown: { word: "unknown", colour: "#475569" },
};

/** Roughly what 11 px Verdana needs per character: badges are sized without a font at hand. */
const textWidth = (text: string) => Math.round(text.length * 6.6 + 12);

/**
 * A shields-style badge: the service's public name, and up (with its 30-day uptime and, while less than the window
 * is measured, how much), down or maintenance; "no data" rather than a figure nothing was measured for.
 */
export function statusBadge(service: PublicService): string {
  const { word, colour } = BADGE[service.state];
  const uptime = service.uptime.d30;
  const measured = service.measuredSeconds.d30;
  const note = measured > 0 && measured < WINDOW_SECONDS.d30 * FULLY_MEASURED ? ` · ${formatSpan(measured)}` : "";
  const figure = uptime === null || measured === 0 ? " · no data" : ` ${uptime.toFixed(2)}%${note}`;
  const right = service.state === "operational" ? `${word}${figure}` : word;
  const left = service.name.en;
  const [leftWidth, rightWidth] = [textWidth(left), textWidth(right)];
  const width = leftWidth + rightWidth;
  const label = `${left}: ${right}`;
  return xmlDocument(xml`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img"
  aria-label="${label}">
  <title>${label}</title>
  <rect width="${leftWidth}" height="20" fill="#334155"/>
  <rect x="${leftWidth}" width="${rightWidth}" height="20" fill="${colour}"/>
  <g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
    <text x="${leftWidth / 2}" y="14">${left}</text>
    <text x="${leftWidth + rightWidth / 2}" y="14">${right}</text>
  </g>
</svg>
`);
}
