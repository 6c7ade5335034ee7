// What the public page shows, told to subscribers: it looks at the public
// status every few seconds and tells what is new since it last looked.
//
// - An incident on the page that staff have not written about yet is told
//   once it has lasted the delay (statusPage.notifyAfterMinutes, 10 by
//   default), so a two-minute blip mails nobody; staff's own words are told
//   when they post them (status-updates). An incident that was told is told
//   again when it is over, unless staff said so themselves.
// - Maintenance is told when it appears ahead on the page, when it starts and
//   when it ends.
//
// Every event has a key, and status_events keeps each key once: a restart, a
// second worker or a second instance cannot tell anything twice.
import type { Bilingual, PublicMaintenance, PublicStatus } from "#shared/status/public-status.ts";
import type { EventDraft, StatusEvents } from "./status-events.ts";

const DAY_MS = 24 * 60 * 60_000;
/** How far back told events are compared with the page: longer than any incident or window lasts. */
const MEMORY_MS = 30 * DAY_MS;

const MAINTENANCE_WORDS = {
  announced: (names: Bilingual | null): Bilingual => ({
    en:
      `We are planning maintenance${names ? ` of ${names.en}` : ""}. ` +
      "During the maintenance, the affected services may be unavailable.",
    de:
      `Wir planen eine Wartung${names ? ` (${names.de})` : ""}. ` +
      "Während der Wartung sind die betroffenen Dienste möglicherweise nicht erreichbar.",
  }),
  started: (names: Bilingual | null): Bilingual => ({
    en: `The maintenance${names ? ` of ${names.en}` : " of all services"} has begun.`,
    de: `Die Wartung${names ? ` (${names.de})` : " aller Dienste"} hat begonnen.`,
  }),
  ended: (): Bilingual => ({
    en: "The maintenance has been completed. The services are working normally again.",
    de: "Die Wartung ist abgeschlossen. Die Dienste funktionieren wieder normal.",
  }),
};

/** A maintenance window's key: its name (none for one started by hand) and its start. */
export const maintenanceKey = (maintenance: PublicMaintenance) =>
  `maintenance:${maintenance.name ?? "manual"}@${maintenance.startsAt}`;

export function maintenanceDraft(
  maintenance: PublicMaintenance,
  event: "maintenance.announced" | "maintenance.started" | "maintenance.ended",
  at: string,
  names: (ids: readonly string[]) => Bilingual,
): EventDraft {
  const words = MAINTENANCE_WORDS[event.slice("maintenance.".length) as "announced" | "started" | "ended"];
  const affected = maintenance.serviceIds === null ? null : names(maintenance.serviceIds);
  // A window started by hand has no name: the subject names what it touches instead ("Wartung gestartet: Wartung"
  // told a subscriber nothing).
  const title = maintenance.name
    ? { en: maintenance.name, de: maintenance.name }
    : (affected ?? { en: "all services", de: "alle Dienste" });
  return {
    event,
    at,
    serviceIds: maintenance.serviceIds,
    title,
    message: words(affected),
    maintenance: { name: maintenance.name, startsAt: maintenance.startsAt, endsAt: maintenance.endsAt },
  };
}

export function createStatusAnnouncer(options: {
  events: StatusEvents;
  status: () => Promise<PublicStatus>;
  now: () => number;
  /** How long an incident is on the page before it is told without staff's words. */
  delayMs: () => number;
}) {
  const { events, now } = options;

  /** Tells what the page shows that was not told yet; returns the keys told. */
  async function look(): Promise<string[]> {
    const status = await options.status();
    const time = now();
    const told = await events.toldSince(time - MEMORY_MS);
    const said: string[] = [];
    const tell = async (key: string, draft: EventDraft) => {
      if (told.has(key)) return;
      if (await events.announce(key, draft)) said.push(key);
      told.set(key, draft.event);
    };
    const names = new Map(status.services.map((service) => [service.id, service.name]));
    const listNames = (ids: readonly string[]): Bilingual => ({
      en: ids.map((id) => names.get(id)?.en ?? id).join(", "),
      de: ids.map((id) => names.get(id)?.de ?? id).join(", "),
    });
    const toldOf = (prefix: string) => [...told].filter(([key]) => key.startsWith(prefix)).map(([, kind]) => kind);

    for (const incident of status.incidents.open) {
      if (time - Date.parse(incident.startedAt) < options.delayMs()) continue;
      if (toldOf(`incident:${incident.id}:`).length > 0) continue; // staff told it, or it was told already
      await tell(`incident:${incident.id}:opened`, {
        event: "incident.opened",
        at: incident.startedAt,
        serviceIds: incident.serviceIds,
        title: incident.title,
        message: incident.updates[0]!.message,
        incident: { id: incident.id, state: incident.state, startedAt: incident.startedAt, resolvedAt: null },
      });
    }
    for (const incident of status.incidents.resolved) {
      const kinds = toldOf(`incident:${incident.id}:`);
      if (kinds.length === 0 || kinds.includes("incident.resolved")) continue;
      await tell(`incident:${incident.id}:resolved`, {
        event: "incident.resolved",
        at: incident.resolvedAt!,
        serviceIds: incident.serviceIds,
        title: incident.title,
        message: incident.updates[0]!.message,
        incident: {
          id: incident.id,
          state: "resolved",
          startedAt: incident.startedAt,
          resolvedAt: incident.resolvedAt,
        },
      });
    }

    const active = new Set(status.maintenance.active.map(maintenanceKey));
    for (const maintenance of status.maintenance.upcoming) {
      const key = maintenanceKey(maintenance);
      if (!told.has(`${key}:started`))
        await tell(
          `${key}:announced`,
          maintenanceDraft(maintenance, "maintenance.announced", new Date(time).toISOString(), listNames),
        );
    }
    for (const maintenance of status.maintenance.active) {
      const key = maintenanceKey(maintenance);
      await tell(
        `${key}:started`,
        maintenanceDraft(maintenance, "maintenance.started", maintenance.startsAt, listNames),
      );
    }
    for (const [key, kind] of [...told]) {
      if (kind !== "maintenance.started") continue;
      const base = key.slice(0, -":started".length);
      if (active.has(base) || told.has(`${base}:ended`)) continue;
      const started = await events.payload(key);
      if (!started?.maintenance) continue;
      const maintenance: PublicMaintenance = { ...started.maintenance, serviceIds: started.serviceIds };
      await tell(
        `${base}:ended`,
        maintenanceDraft(maintenance, "maintenance.ended", new Date(time).toISOString(), listNames),
      );
    }
    return said;
  }

  return { look };
}

export type StatusAnnouncer = ReturnType<typeof createStatusAnnouncer>;
