// The status page's services as the prerendered HTML has them: ungrouped ones
// first, then a <details> per group whose summary names it and its worst
// state in the page's language, open exactly when something in it is wrong.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { de } from "#app/i18n/de.ts";
import { en } from "#app/i18n/en.ts";
import { LanguageProvider } from "#app/i18n/language.tsx";
import {
  groupServices,
  overallState,
  type PublicService,
  type PublicStatus,
  type ServiceState,
} from "#shared/status/public-status.ts";
import { statusView } from "./day-runs.ts";
import { ServiceList } from "./service-list.tsx";

const GROUPS = ["Websites", "Kundenportale", "APIs", "E-Mail"];

/** 20 services dealt over the four groups, plus two without a group; `states` overrides some by id. */
function statusOf(states: Record<string, ServiceState> = {}): PublicStatus {
  const service = (id: string, group: string | null): PublicService => ({
    id,
    name: { en: `Service ${id}`, de: `Dienst ${id}` },
    group,
    state: states[id] ?? "operational",
    uptime: { h24: 100, d30: 100, d90: 100 },
    measuredSince: "2026-08-01T00:00:00.000Z",
    measuredSeconds: { h24: 86_400, d30: 2_592_000, d90: 7_776_000 },
    days: [{ date: "2026-11-24", uptime: 100, incidents: [] }],
  });
  const services = [
    service("plain-1", null),
    ...Array.from({ length: 20 }, (_, index) => service(`s${index + 1}`, GROUPS[index % GROUPS.length]!)),
    service("plain-2", null),
  ];
  return {
    generatedAt: "2026-11-24T12:00:00.000Z",
    timeZone: "Europe/Berlin",
    overall: overallState(services.map((entry) => entry.state)),
    services,
    groups: groupServices(services),
    incidents: { open: [], resolved: [] },
    incidentOf: {},
    maintenance: { active: [], upcoming: [] },
  };
}

function render(status: PublicStatus, lang: "en" | "de" = "en"): string {
  return renderToString(
    <LanguageProvider lang={lang} messages={lang === "en" ? en : de}>
      <ServiceList status={statusView(status)} />
    </LanguageProvider>,
  );
}

/** Each <details> of the HTML: open or not, the name and state its summary shows, and its services. */
const groupsOf = (html: string) =>
  html
    .split("<details")
    .slice(1)
    .map((chunk) => {
      const details = chunk.slice(0, chunk.indexOf("</details>"));
      return {
        name: /<summary[^>]*>.*?<h3[^>]*>([^<]*)<\/h3>/.exec(details)?.[1],
        state: /<\/h3> ?<span[^>]*>([^<]*)<\/span>\s*<\/summary>/.exec(details)?.[1],
        open: /^[^>]*\sopen=""/.test(details),
        services: [...details.matchAll(/data-status-service="([^"]+)"/g)].map((match) => match[1]),
      };
    });

describe("the status page's groups in its HTML", () => {
  it("lists the services without a group first, then each group closed while all its services are operational", () => {
    const html = render(statusOf());
    expect(html.indexOf('data-status-service="plain-2"')).toBeLessThan(html.indexOf("<details"));
    expect(groupsOf(html)).toEqual(
      GROUPS.map((name, group) => ({
        name,
        state: "Operational",
        open: false,
        services: Array.from({ length: 5 }, (_, index) => `s${group + 1 + index * GROUPS.length}`),
      })),
    );
  });

  it("opens exactly the groups with a service not operational, and names their worst state in both languages", () => {
    const status = statusOf({ s3: "outage", s7: "degraded", s4: "unknown", s8: "operational" });
    expect(groupsOf(render(status)).map(({ name, state, open }) => [name, state, open])).toEqual([
      ["Websites", "Operational", false],
      ["Kundenportale", "Operational", false],
      ["APIs", "Outage", true],
      ["E-Mail", "No data yet", true],
    ]);
    expect(groupsOf(render(status, "de")).map(({ state, open }) => [state, open])).toEqual([
      ["Betriebsbereit", false],
      ["Betriebsbereit", false],
      ["Ausfall", true],
      ["Noch keine Daten", true],
    ]);
  });

  it("keeps the headings in order: services under the list's h2 are h3, services in a group h4 under its h3", () => {
    const html = render(statusOf());
    const before = html.slice(0, html.indexOf("<details"));
    expect(before.match(/<h(\d)/g)).toEqual(["<h3", "<h3"]);
    for (const details of html.split("<details").slice(1))
      expect(details.match(/<h(\d)/g)).toEqual(["<h3", ...Array(5).fill("<h4")]);
  });

  it("shows no empty list when every service is in a group", () => {
    const status = statusOf();
    const grouped = { ...status, services: status.services.filter((service) => service.group !== null) };
    expect(render(grouped)).not.toMatch(/<ul[^>]*><\/ul>/);
    expect(render(grouped).indexOf("<ul")).toBeGreaterThan(render(grouped).indexOf("<details"));
  });
});

describe("a service's 90 days in the HTML", () => {
  /** 90 days: 40 without checks, 30 full, one bad with an incident, 18 full, today full. */
  function historyStatus(): PublicStatus {
    const status = statusOf();
    const uptimes: (number | null)[] = [...Array(40).fill(null), ...Array(30).fill(100), 97, ...Array(19).fill(100)];
    const days = uptimes.map((uptime, index) => ({
      date: new Date(Date.UTC(2026, 7, 27 + index)).toISOString().slice(0, 10),
      uptime,
      incidents: index === 70 ? [9] : [],
    }));
    const title = { en: "Mail delayed", de: "E-Mail verzögert" };
    const incident = { id: 9, title, state: "resolved", services: ["plain-1"] } as unknown;
    return {
      ...status,
      services: status.services.map((service) => (service.id === "plain-1" ? { ...service, days } : service)),
      incidents: { open: [], resolved: [incident as PublicStatus["incidents"]["resolved"][number]] },
    };
  }
  const daysOf = (html: string) => {
    const at = (id: string) => html.indexOf(`data-status-service="${id}"`);
    const row = html.slice(at("plain-1"), at("plain-2"));
    return [...row.matchAll(/<span role="img" tabindex="(-?\d)" aria-label="([^"]*)"([^>]*)>/g)].map(
      ([, tab, label, rest]) => ({ tab, label, count: Number(/style="--days:(\d+)"/.exec(rest!)?.[1] ?? 1) }),
    );
  };

  it.each([
    [
      "en",
      [
        { tab: "-1", label: "27 Aug 2026 to 5 Oct 2026, each day: no checks", count: 40 },
        { tab: "-1", label: "6 Oct 2026 to 4 Nov 2026, each day: 100.00 % uptime", count: 30 },
        { tab: "0", label: "5 Nov 2026: 97.00 % uptime, 1 incident(s), Mail delayed", count: 1 },
        { tab: "-1", label: "6 Nov 2026 to 23 Nov 2026, each day: 100.00 % uptime", count: 18 },
        { tab: "0", label: "24 Nov 2026: 100.00 % uptime", count: 1 },
      ],
    ],
    [
      "de",
      [
        { tab: "-1", label: "27.08.2026 bis 05.10.2026, jeder Tag: keine Prüfungen", count: 40 },
        { tab: "-1", label: "06.10.2026 bis 04.11.2026, jeder Tag: 100,00 % verfügbar", count: 30 },
        { tab: "0", label: "05.11.2026: 97,00 % verfügbar, 1 Störung(en), E-Mail verzögert", count: 1 },
        { tab: "-1", label: "06.11.2026 bis 23.11.2026, jeder Tag: 100,00 % verfügbar", count: 18 },
        { tab: "0", label: "24.11.2026: 100,00 % verfügbar", count: 1 },
      ],
    ],
  ] as const)("in %s: quiet days of one uptime are one element named by its range, the rest one each", (lang, days) => {
    expect(daysOf(render(historyStatus(), lang))).toEqual(days);
  });
});
