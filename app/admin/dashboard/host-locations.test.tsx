// A card's host checked from more than one place, as staff read it in English
// and German: a row per location with its word and response time, "offline"
// and "no result" in words, the clock flag, and a host down from some places
// only in a state of its own (orange, never red).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaffLanguageProvider } from "#app/admin/staff-language.tsx";
import type { Language } from "#shared/i18n/languages.ts";
import type { HostData, ServiceData } from "./dashboard.server.ts";
import type { HostLocation } from "./host-locations.tsx";
import { ServiceCard } from "./service-card.tsx";
import { RenderTime } from "./use-now.ts";
import { locationItems } from "#tests/support/rendered-words.ts";

const NOW = Date.parse("2026-11-24T10:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

const word = (location: string, name: string, overrides: Partial<HostLocation> = {}): HostLocation => ({
  location,
  name,
  status: "healthy",
  responseTime: 42,
  checkedAt: iso(NOW - 15_000),
  errorMessage: null,
  clockSkewed: false,
  ...overrides,
});

const host = (overrides: Partial<HostData>) =>
  ({
    serviceId: "api",
    host: "web",
    target: "https://web.internal.test/health",
    checkType: "url",
    placeholder: false,
    status: "healthy",
    responseTime: 42,
    lastChecked: iso(NOW - 15_000),
    errorMessage: null,
    healthScore: 100,
    circuitBreakerState: "closed",
    consecutiveFailures: 0,
    affectedBy: [],
    subServices: [],
    locations: null,
    partial: null,
    ...overrides,
  }) as HostData;

function render(hosts: HostData[], lang: Language = "en"): string {
  const service = {
    serviceId: "api",
    serviceName: "API",
    reliabilityProfile: "standard",
    overallHealthScore: 80,
    status: "degraded",
    alertCooldownActive: false,
    affectedBy: [],
    hosts,
  } as unknown as ServiceData;
  return renderToString(
    <StaffLanguageProvider lang={lang}>
      <RenderTime.Provider value={NOW}>
        <ServiceCard service={service} />
      </RenderTime.Provider>
    </StaffLanguageProvider>,
  ).replace(/<!-- -->/g, "");
}

const text = (html: string) => html.replace(/<[^>]+>/g, "|");

const partialHost = host({
  status: "degraded",
  errorMessage: "Down from Frankfurt only: ECONNREFUSED",
  partial: ["Frankfurt"],
  locations: [
    word("local", "This server", { responseTime: 38 }),
    word("fra", "Frankfurt", { status: "unhealthy", responseTime: null, errorMessage: "ECONNREFUSED" }),
    word("muc", "Munich", { status: "offline", responseTime: null, checkedAt: null }),
    word("ams", "Amsterdam", { status: "unknown", responseTime: null, checkedAt: null }),
    word("nyc", "New York", { responseTime: 1234, clockSkewed: true }),
  ],
});

describe("a host checked from more than one place", () => {
  it("shows a row per location: its word, response time, offline and no result, and a clock that is off", () => {
    const html = render([partialHost]);
    expect(locationItems(html)).toEqual([
      "This server|healthy|38ms",
      "Frankfurt|unhealthy|ECONNREFUSED",
      "Munich|location offline",
      "Amsterdam|no result",
      "New York|healthy|1.23s|clock off",
    ]);
    expect(html).toContain('aria-label="Checked from"');
    expect(html).toContain('title="Measured 15s ago"');
  });

  it("states a host down from some places only as its own state, orange and never red", () => {
    const html = render([partialHost]);
    expect(text(html)).toContain("|Down from Frankfurt only|");
    // The host's badge is the partial one, not "degraded" nor "unhealthy".
    const block = html.slice(html.indexOf('data-host="web"'));
    expect(block).not.toMatch(/(bg|text)-red-/);
    expect(block).toMatch(/<span data-testid="partial"[^>]*class="[^"]*bg-orange-200/);
  });

  it("names several locations and this server in a sentence", () => {
    const html = render([host({ ...partialHost, partial: ["Frankfurt", "This server"] })]);
    expect(text(html)).toContain("|Down from Frankfurt and this server only|");
  });

  it("says it all in German", () => {
    const html = render([partialHost], "de");
    expect(locationItems(html)).toEqual([
      "Dieser Server|gesund|38\u00a0ms",
      "Frankfurt|gestört|ECONNREFUSED",
      "Munich|Standort offline",
      "Amsterdam|kein Ergebnis",
      "New York|gesund|1,23\u00a0s|Uhr weicht ab",
    ]);
    expect(text(html)).toContain("|Nur von Frankfurt aus gestört|");
    expect(text(render([host({ ...partialHost, partial: ["Frankfurt", "Munich"] })], "de"))).toContain(
      "|Nur von Frankfurt und Munich aus gestört|",
    );
    expect(html).toContain('aria-label="Geprüft von"');
    expect(html).not.toMatch(/Checked|Down from|no result|clock off/);
  });

  it("shows no rows, and its own state, for a host checked from this server alone", () => {
    const html = render([host({ status: "unhealthy", errorMessage: "timeout" })]);
    expect(html).not.toContain("data-location=");
    expect(html).not.toContain('data-testid="partial"');
    expect(text(html)).toContain("|unhealthy|");
  });
});
