// The public status from its inputs: states, the banner, daily uptime in the
// company's time zone (daylight saving included), incidents merged and told
// in staff's words or a neutral line, maintenance, and nothing private.
import { describe, expect, it } from "vitest";
import { overallState, type ServiceState } from "#shared/status/public-status.ts";
import { initialHostState, type HostState } from "#server/monitor/host-state.ts";
import { parseMonitoringConfig } from "#server/monitoring-config.ts";
import { dayOf } from "#shared/time/start-of-day.ts";
import { buildPublicStatus, type StatusInputs } from "./status-model.ts";

const config = parseMonitoringConfig(
  `alerts: { to: ops@example.com }
services:
  - { id: api, name: Internal API name, public: true, publicName: { en: Public API, de: Öffentliche API },
      hosts: { fra: { url: "http://fra.internal.test/health" }, muc: { url: "http://muc.internal.test/health" } } }
  - { id: mail, name: Mail, public: true, hosts: { one: { tcp: "mail.internal.test:25" } } }
  - { id: secret-billing, name: Secret billing, hosts: { vault: { url: "http://10.1.2.3:8443/health" } } }
`,
  {},
);

const NOW = Date.parse("2026-11-24T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function host(name: string, status: HostState["status"], errorMessage: string | null = null): HostState {
  return { ...initialHostState(name), status, lastChecked: NOW - 30_000, errorMessage };
}

function inputs(overrides: Partial<StatusInputs> = {}): StatusInputs {
  return {
    now: NOW,
    timeZone: "Europe/Berlin",
    services: config.services,
    states: new Map([
      ["api/fra", host("fra", "healthy")],
      ["api/muc", host("muc", "healthy")],
      ["mail/one", host("one", "healthy")],
      ["secret-billing/vault", host("vault", "unhealthy", "ECONNREFUSED 10.1.2.3:8443")],
    ]),
    hours: [],
    incidents: [],
    updates: [],
    maintenance: { manual: { active: false, since: null, until: null }, active: [], upcoming: [] },
    ...overrides,
  };
}

describe("incidents shared through dependsOn", () => {
  const many = parseMonitoringConfig(
    `alerts: { to: ops@example.com }
services:
${["a", "b", "c", "d", "e"]
  .map((id) => [id, id.toUpperCase()])
  .map(
    ([id, name]) =>
      `  - { id: ${id}, name: ${name} internal, public: true, publicName: { en: Service ${name}, de: Dienst ${name} },
      hosts: { h: { url: "http://${id}.test/" } } }`,
  )
  .join("\n")}
`,
    {},
  );
  /**
   * A private host's incident 7 took the first `count` services down (no row of its own: its service is not public).
   */
  const affected = (count: number, resolvedAt: number | null) =>
    ["a", "b", "c", "d", "e"]
      .slice(0, count)
      .map((serviceId) => ({ id: 7, serviceId, openedAt: NOW - 2 * HOUR, resolvedAt }));

  it("the services a private host's outage took down are one incident, named in their words", () => {
    const status = buildPublicStatus(
      inputs({ services: many.services, states: new Map(), incidents: affected(3, null) }),
    );
    expect(status.incidents.open).toHaveLength(1);
    expect(status.incidents.open[0]).toMatchObject({
      id: 7,
      serviceIds: ["a", "b", "c"],
      title: { en: "Disruption of Service A, Service B and Service C", de: "Störung: Dienst A, Dienst B und Dienst C" },
      updates: [
        {
          state: "investigating",
          message: {
            en: "We are looking into a disruption of Service A, Service B and Service C.",
            de: "Wir gehen einer Störung von Dienst A, Dienst B und Dienst C nach.",
          },
        },
      ],
    });
    // Each service's day shows the one incident.
    expect(status.services.map((service) => service.days.at(-1)!.incidents)).toEqual([[7], [7], [7], [], []]);
  });

  it("beyond three services the words count them, in German in the right case; the end is told in the plural", () => {
    const status = buildPublicStatus(
      inputs({ services: many.services, states: new Map(), incidents: affected(5, NOW - HOUR) }),
    );
    const [incident] = status.incidents.resolved;
    expect(incident).toMatchObject({
      serviceIds: ["a", "b", "c", "d", "e"],
      title: { en: "Disruption of 5 services", de: "Störung: 5 Dienste" },
    });
    expect(incident!.updates.map((update) => update.message)).toEqual([
      { en: "5 services are working normally again.", de: "5 Dienste arbeiten wieder normal." },
      { en: "We are looking into a disruption of 5 services.", de: "Wir gehen einer Störung von 5 Diensten nach." },
    ]);
  });

  it("a service's own incident that overlaps the shared one joins it", () => {
    const own = { id: 3, serviceId: "b", openedAt: NOW - 3 * HOUR, resolvedAt: null };
    const status = buildPublicStatus(
      inputs({ services: many.services, states: new Map(), incidents: [own, ...affected(2, null)] }),
    );
    expect(status.incidents.open.map((incident) => [incident.id, incident.serviceIds])).toEqual([[3, ["a", "b"]]]);
  });
});

describe("the public status: states, the banner and uptime", () => {
  it.each([
    ["every host up", ["healthy", "healthy"], "operational"],
    ["one of two hosts down", ["healthy", "unhealthy"], "degraded"],
    ["a host degraded", ["degraded", "healthy"], "degraded"],
    ["every host down", ["unhealthy", "unhealthy"], "outage"],
  ] as const)("a service with %s: %j is %s", (_, [fra, muc], expected) => {
    const states = new Map(inputs().states);
    states.set("api/fra", host("fra", fra));
    states.set("api/muc", host("muc", muc));
    expect(buildPublicStatus(inputs({ states })).services[0]!.state).toBe(expected);
  });

  it("a service with a host down from fewer places than its quorum stays degraded, told from which places", () => {
    const states = new Map(inputs().states);
    states.set("api/fra", { ...host("fra", "degraded", "Down from Frankfurt only: HTTP 503"), partial: ["fra"] });
    states.set("api/muc", { ...host("muc", "degraded"), partial: ["fra", "vie"] });
    const names = new Map([["fra", "Frankfurt"]]);
    const [api, mail] = buildPublicStatus(inputs({ states, locationNames: names })).services;
    expect(api!.state).toBe("degraded");
    expect(api!.partialFrom).toEqual(["Frankfurt", "vie"]);
    expect(mail!.partialFrom).toEqual([]);
  });

  it("a service not checked yet is unknown; maintenance wins over the checks for the services it covers", () => {
    expect(buildPublicStatus(inputs({ states: new Map() })).services.map((service) => service.state)).toEqual([
      "unknown",
      "unknown",
    ]);
    const window = {
      name: "Sunday patching",
      startsAt: NOW - HOUR,
      endsAt: NOW + HOUR,
      services: ["mail", "secret-billing"],
    };
    const held = buildPublicStatus(
      inputs({ maintenance: { manual: { active: false, since: null, until: null }, active: [window], upcoming: [] } }),
    );
    expect(held.services.map((service) => service.state)).toEqual(["operational", "maintenance"]);
    // The window is announced for the public service only.
    expect(held.maintenance.active).toEqual([
      {
        name: "Sunday patching",
        startsAt: new Date(NOW - HOUR).toISOString(),
        endsAt: new Date(NOW + HOUR).toISOString(),
        serviceIds: ["mail"],
      },
    ]);
    const manual = buildPublicStatus(
      inputs({ maintenance: { manual: { active: true, since: NOW - HOUR, until: null }, active: [], upcoming: [] } }),
    );
    expect(manual.maintenance.active).toEqual([
      { name: null, startsAt: new Date(NOW - HOUR).toISOString(), endsAt: null, serviceIds: null },
    ]);
    expect(manual.overall).toBe("maintenance");
  });

  it.each([
    [[], "unknown"],
    [["operational", "unknown"], "operational"],
    [["operational", "degraded"], "degraded"],
    [["operational", "maintenance"], "maintenance"],
    [["outage", "operational", "operational"], "partial-outage"],
    [["outage", "outage", "operational"], "major-outage"],
    [["outage", "maintenance"], "partial-outage"],
  ] as [ServiceState[], string][])("the banner of %j is %s", (states, expected) =>
    expect(overallState(states)).toBe(expected),
  );

  it("uptime per day in Berlin time across a daylight-saving change, and over 24 hours, 30 and 90 days", () => {
    // 2026-10-25 has 25 hours in Berlin (CEST ends): the day's hours all count for that day.
    const now = Date.parse("2026-10-26T10:00:00Z");
    const start = Date.parse("2026-10-24T22:00:00Z"); // 25 Oct, 00:00 CEST
    const hours = Array.from({ length: 25 }, (_, index) => ({
      serviceId: "api",
      hour: start + index * HOUR,
      checks: 120,
      failures: index === 3 ? 12 : 0,
    }));
    hours.push({ serviceId: "api", hour: Date.parse("2026-09-01T10:00:00Z"), checks: 100, failures: 100 });
    const status = buildPublicStatus(inputs({ now, hours }));
    const days = status.services[0]!.days;
    expect(days).toHaveLength(90);
    expect(days.at(-1)!.date).toBe("2026-10-26");
    expect(days.find((day) => day.date === "2026-10-25")!.uptime).toBe(99.6);
    expect(days.find((day) => day.date === "2026-10-24")!.uptime).toBeNull();
    expect(days.find((day) => day.date === "2026-09-01")!.uptime).toBe(0);
    expect(status.services[0]!.uptime).toEqual({ h24: 100, d30: 99.6, d90: 96.39 });
    expect(dayOf(start, "Europe/Berlin")).toBe("2026-10-25");
  });

  it("says how much of each window its uptime covers: 15 minutes of checks are no 30- or 90-day figure", () => {
    const hour = Math.floor(NOW / HOUR) * HOUR;
    const firstAt = NOW - 15 * 60_000;
    const hours = [{ serviceId: "api", hour, checks: 20, failures: 1, firstAt }];
    const api = buildPublicStatus(inputs({ hours })).services[0]!;
    // One failed check of twenty is the 95 % of every window: it is shown with the 15 minutes it stands for.
    expect(api.uptime).toEqual({ h24: 95, d30: 95, d90: 95 });
    expect(api.measuredSince).toBe(new Date(firstAt).toISOString());
    expect(api.measuredSeconds).toEqual({ h24: 900, d30: 900, d90: 900 });
    const none = buildPublicStatus(inputs({ hours: [] })).services[0]!;
    expect(none.measuredSeconds).toEqual({ h24: 0, d30: 0, d90: 0 });
    expect(none.measuredSince).toBeNull();
  });
});

describe("the public status: incidents and what it keeps private", () => {
  it(
    "incidents of a service that overlap are one, told by staff's newest words; " +
      "without words, a neutral line; resolved by the checks, it says so",
    () => {
      const incidents = [
        { id: 7, serviceId: "api", openedAt: NOW - 3 * HOUR, resolvedAt: NOW - HOUR },
        { id: 8, serviceId: "api", openedAt: NOW - 2 * HOUR, resolvedAt: NOW - 30 * 60_000 },
        { id: 9, serviceId: "mail", openedAt: NOW - 10 * 60_000, resolvedAt: null },
        { id: 10, serviceId: "secret-billing", openedAt: NOW - HOUR, resolvedAt: null },
      ];
      const updates = [
        {
          incidentId: 8,
          postedAt: NOW - 90 * 60_000,
          state: "identified" as const,
          title: { en: "Slow answers", de: "Langsame Antworten" },
          message: { en: "A database index is rebuilt.", de: "Ein Datenbankindex wird neu aufgebaut." },
        },
        {
          incidentId: 7,
          postedAt: NOW - 150 * 60_000,
          state: "investigating" as const,
          title: { en: "Errors", de: "Fehler" },
          message: { en: "We look into it.", de: "Wir sehen nach." },
        },
      ];
      const status = buildPublicStatus(inputs({ incidents, updates }));
      expect(status.incidents.open).toEqual([
        {
          id: 9,
          serviceIds: ["mail"],
          title: { en: "Disruption of Mail", de: "Störung: Mail" },
          state: "investigating",
          startedAt: new Date(NOW - 10 * 60_000).toISOString(),
          resolvedAt: null,
          updates: [
            {
              at: new Date(NOW - 10 * 60_000).toISOString(),
              state: "investigating",
              message: {
                en: "We are looking into a disruption of Mail.",
                de: "Wir gehen einer Störung von Mail nach.",
              },
            },
          ],
        },
      ]);
      const [merged] = status.incidents.resolved;
      expect(merged).toMatchObject({
        id: 7,
        serviceIds: ["api"],
        title: { en: "Slow answers", de: "Langsame Antworten" },
        state: "resolved",
        resolvedAt: new Date(NOW - 30 * 60_000).toISOString(),
      });
      expect(merged!.updates.map((update) => [update.state, update.message.en])).toEqual([
        ["resolved", "Public API is working normally again."],
        ["identified", "A database index is rebuilt."],
        ["investigating", "We look into it."],
      ]);
      expect(status.services[0]!.days.at(-1)!.incidents).toEqual([7]);
      expect(status.incidents.resolved).toHaveLength(1);
    },
  );

  it("shows resolved incidents for 30 days only", () => {
    const incidents = [
      { id: 1, serviceId: "api", openedAt: NOW - 40 * DAY, resolvedAt: NOW - 40 * DAY + HOUR },
      { id: 2, serviceId: "api", openedAt: NOW - 20 * DAY, resolvedAt: NOW - 20 * DAY + HOUR },
    ];
    const status = buildPublicStatus(inputs({ incidents }));
    expect(status.incidents.resolved.map((incident) => incident.id)).toEqual([2]);
    // The day bars still show the older one.
    expect(status.services[0]!.days.flatMap((day) => day.incidents)).toEqual([1, 2]);
  });

  it("says nothing of a private service, a host name, an address or an error text", () => {
    const incidents = [{ id: 10, serviceId: "secret-billing", openedAt: NOW - HOUR, resolvedAt: null }];
    const text = JSON.stringify(
      buildPublicStatus(
        inputs({ incidents, hours: [{ serviceId: "secret-billing", hour: NOW - HOUR, checks: 1, failures: 1 }] }),
      ),
    );
    for (const secret of [
      "secret-billing",
      "Secret billing",
      "10.1.2.3",
      "ECONNREFUSED",
      "fra",
      "muc",
      "internal.test",
      "Internal API name",
      "vault",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
