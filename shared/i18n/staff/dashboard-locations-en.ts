// The staff area's English text for checks from more than one place: a host's word from each location and the
// locations themselves (spread into en.ts; German: dashboard-locations-de.ts).
export const dashboardLocationsEn = {
  "locations.partial": "Down from {names} only",
  "locations.partialTitle":
    "Fails from fewer locations than its quorum: counted as up, no alert. The other locations reach it.",
  "locations.checkedFrom": "Checked from",
  "locations.offline": "location offline",
  "locations.offlineTitle": "This location's own network was down: its failures say nothing about the host",
  "locations.noResult": "no result",
  "locations.noResultTitle": "Nothing from this location in time for the last verdict",
  "locations.clockOff": "clock off",
  "locations.clockOffTitle":
    "This location's clock was more than 5 s off when it sent this; times shown are the server's",
  "locations.measuredAt": "Measured {ago}",

  "locations.panel.title": "Check locations",
  "locations.panel.intro": "Where the hosts are checked from: this server and the remote probes.",
  "locations.state.online": "online",
  "locations.state.offline": "offline",
  "locations.state.not-reporting": "not reporting",
  "locations.lastSeen": "Last seen",
  "locations.never": "never",
  "locations.skewAhead": "Clock {skew} ahead",
  "locations.skewBehind": "Clock {skew} behind",
  "locations.local": "this server",
} as const;
