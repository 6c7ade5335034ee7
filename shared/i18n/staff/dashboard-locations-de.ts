// The staff area's German text for checks from more than one place (keys and placeholders of
// dashboard-locations-en.ts).
import type { dashboardLocationsEn } from "./dashboard-locations-en.ts";

export const dashboardLocationsDe: Record<keyof typeof dashboardLocationsEn, string> = {
  "locations.partial": "Nur von {names} aus gestört",
  "locations.partialTitle":
    "Von weniger Standorten aus gestört, als das Quorum verlangt: gilt als erreichbar, kein Alarm. " +
    "Die übrigen Standorte erreichen den Host.",
  "locations.checkedFrom": "Geprüft von",
  "locations.offline": "Standort offline",
  "locations.offlineTitle":
    "Das Netz dieses Standorts selbst war gestört: Seine Fehlschläge sagen nichts über den Host",
  "locations.noResult": "kein Ergebnis",
  "locations.noResultTitle": "Von diesem Standort kam für die letzte Bewertung nichts rechtzeitig an",
  "locations.clockOff": "Uhr weicht ab",
  "locations.clockOffTitle":
    "Die Uhr dieses Standorts wich beim Senden um mehr als 5 s ab; angezeigt wird die Zeit des Servers",
  "locations.measuredAt": "Gemessen {ago}",

  "locations.panel.title": "Prüfstandorte",
  "locations.panel.intro": "Von wo die Hosts geprüft werden: dieser Server und die entfernten Prüfstellen.",
  "locations.state.online": "online",
  "locations.state.offline": "offline",
  "locations.state.not-reporting": "meldet sich nicht",
  "locations.lastSeen": "Zuletzt gemeldet",
  "locations.never": "nie",
  "locations.skewAhead": "Uhr {skew} vor",
  "locations.skewBehind": "Uhr {skew} nach",
  "locations.local": "dieser Server",
};
