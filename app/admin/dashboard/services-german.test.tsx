// The dashboard's services in German: a card's hosts, circuit and ages, the list's summary sentence for one and
// for many (services and application services), and the pager, each a German sentence with German numbers.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaffLanguageProvider } from "#app/admin/staff-language.tsx";
import type { HostData, ServiceData, ServiceListData } from "./dashboard.server.ts";
import { ServiceCard } from "./service-card.tsx";
import { ListSummary, Pager } from "./service-finder.tsx";
import { RenderTime } from "./use-now.ts";

const NOW = Date.parse("2026-11-24T10:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

/** The text a German staff member reads: tags and React's text separators removed (no-break spaces kept). */
const german = (node: ReactNode) =>
  renderToString(
    <StaffLanguageProvider lang="de">
      <RenderTime.Provider value={NOW}>{node}</RenderTime.Provider>
    </StaffLanguageProvider>,
  )
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "");

const host = (name: string, overrides: Partial<HostData>) =>
  ({
    host: name,
    target: `https://${name}.internal.test/health`,
    checkType: "url",
    placeholder: false,
    status: "healthy",
    responseTime: 1234,
    lastChecked: iso(NOW - 20_000),
    errorMessage: null,
    healthScore: 100,
    circuitBreakerState: "closed",
    consecutiveFailures: 0,
    subServices: [],
    ...overrides,
  }) as HostData;

const list = (total: number, page = 1) => ({ total, page, services: [] }) as unknown as ServiceListData;

describe("the dashboard's services in German", () => {
  it("words a card's hosts, its circuit and its ages in German", () => {
    const service = {
      serviceId: "api",
      serviceName: "API",
      reliabilityProfile: "standard",
      overallHealthScore: 80,
      status: "unhealthy",
      alertCooldownActive: true,
      affectedBy: ["Datenbank"],
      hosts: [
        host("centron", { lastChecked: iso(NOW - 10 * 60_000) }),
        host("local", { status: "unhealthy", circuitBreakerState: "open" }),
      ],
    } as unknown as ServiceData;
    const text = german(<ServiceCard service={service} />);
    expect(text).toContain("Profil: standard");
    expect(text).toContain("Alarme pausiert: Sperrfrist");
    expect(text).toContain("Betroffen durch Datenbank: bis dahin kein eigener Alarm");
    expect(text).toContain("Zentral (centron)");
    expect(text).toContain("Schutzschalter: offen");
    expect(text).toContain("Antwortzeit1,23\u00a0s");
    expect(text).toContain(
      "Zuletzt geprüft: vor 20\u00a0s; Schutzschalter offen: Prüfung in jedem Intervall, ohne Wiederholungen",
    );
    expect(text).toContain("Letzte Prüfung aller Hosts: vor 10\u00a0Min.");
    expect(text).not.toMatch(/Checked|ago|Circuit/);
  });

  it("says what the list holds in whole German sentences, with German thousands", () => {
    expect(german(<ListSummary data={list(1)} busy={false} />)).toContain("1–1 von 1 Dienst, Probleme zuerst.");
    expect(german(<ListSummary data={list(2996, 2)} busy={false} />)).toContain(
      "61–120 von 2.996 Diensten, Probleme zuerst.",
    );
    expect(german(<ListSummary data={list(13)} busy={false} what="applications" />)).toContain(
      "1–13 von 13 Anwendungsdiensten, Probleme zuerst.",
    );
    expect(german(<ListSummary data={list(0)} busy={false} />)).toContain("Kein Dienst passt zu diesen Filtern.");
    expect(german(<ListSummary data={undefined} busy />)).toContain("Dienste werden geladen…");
  });

  it("pages in German", () => {
    const text = german(<Pager total={130} page={2} onPage={() => {}} />);
    for (const words of ["Vorherige Seite", "Seite 2 von 3", "Nächste Seite"]) expect(text).toContain(words);
    // English stays the default outside the staff area's provider.
    expect(renderToString(<Pager total={130} page={2} onPage={() => {}} />)).toContain("Page 2 of 3");
  });
});
