// A public service down from some check locations only, as the prerendered
// status page says it in each language: its own state, neither an outage nor
// plain "degraded"; an outage or maintenance keeps its word.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { de } from "#app/i18n/de.ts";
import { en } from "#app/i18n/en.ts";
import { LanguageProvider } from "#app/i18n/language.tsx";
import type { Language } from "#shared/i18n/languages.ts";
import { overallState, type PublicService, type PublicStatus } from "#shared/status/public-status.ts";
import { statusView } from "./day-runs.ts";
import { ServiceList } from "./service-list.tsx";

const service = (id: string, overrides: Partial<PublicService>): PublicService => ({
  id,
  name: { en: `Service ${id}`, de: `Dienst ${id}` },
  group: null,
  state: "operational",
  uptime: { h24: 100, d30: 100, d90: 100 },
  measuredSince: "2026-08-01T00:00:00.000Z",
  measuredSeconds: { h24: 86_400, d30: 2_592_000, d90: 7_776_000 },
  days: [{ date: "2026-11-24", uptime: 100, incidents: [] }],
  ...overrides,
});

const statusOf = (services: PublicService[]): PublicStatus => ({
  generatedAt: "2026-11-24T12:00:00.000Z",
  timeZone: "Europe/Berlin",
  overall: overallState(services.map((entry) => entry.state)),
  services,
  groups: [],
  incidents: { open: [], resolved: [] },
  incidentOf: {},
  maintenance: { active: [], upcoming: [] },
});

const html = (services: PublicService[], lang: Language) =>
  renderToString(
    <LanguageProvider lang={lang} messages={lang === "en" ? en : de}>
      <ServiceList status={statusView(statusOf(services))} />
    </LanguageProvider>,
  );

/** Each service's state as the badge beside its heading shows it (its icon left out). */
function render(services: PublicService[], lang: Language): Record<string, string> {
  const shown = html(services, lang).replace(/<svg.*?<\/svg>/g, "");
  const states = shown.matchAll(/data-status-service="([^"]+)".*?<\/h3><span[^>]*>([^<]*)<\/span>/g);
  return Object.fromEntries([...states].map((match) => [match[1]!, match[2]!]));
}

const SERVICES = [
  service("one", { state: "degraded", partialFrom: ["Frankfurt"] }),
  service("two", { state: "degraded", partialFrom: ["Frankfurt", "Munich"] }),
  service("three", { state: "operational", partialFrom: ["Frankfurt", "Munich", "Amsterdam"] }),
  service("down", { state: "outage", partialFrom: ["Frankfurt"] }),
  service("maintained", { state: "maintenance", partialFrom: ["Frankfurt"] }),
  service("plain", { state: "degraded", partialFrom: [] }),
  service("older", { state: "operational" }),
];

describe("a public service down from some places only", () => {
  it("says where from in English", () => {
    expect(render(SERVICES, "en")).toEqual({
      one: "Down from Frankfurt only",
      two: "Down from Frankfurt and Munich only",
      three: "Down from Frankfurt, Munich and Amsterdam only",
      down: "Outage",
      maintained: "Maintenance",
      plain: "Degraded",
      older: "Operational",
    });
  });

  it("says where from in German", () => {
    expect(render(SERVICES, "de")).toEqual({
      one: "Nur von Frankfurt aus gestört",
      two: "Nur von Frankfurt und Munich aus gestört",
      three: "Nur von Frankfurt, Munich und Amsterdam aus gestört",
      down: "Ausfall",
      maintained: "Wartung",
      plain: "Eingeschränkt",
      older: "Betriebsbereit",
    });
  });

  it("is orange, between degraded and an outage", () => {
    expect(html([SERVICES[0]!], "en")).toMatch(
      /<span class="[^"]*bg-orange-200[^"]*" title="Not reachable from Frankfurt; [^"]*"/,
    );
  });
});
