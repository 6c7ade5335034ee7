// The check locations as staff read them: shown only when some host is
// checked from more than this server, each location's state, when it was
// last heard from, its clock when that is off, in English and German.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaffLanguageProvider } from "#app/admin/staff-language.tsx";
import type { Language } from "#shared/i18n/languages.ts";
import type { LocationSummary } from "#shared/monitor/locations.ts";
import { LocationsPanel } from "./locations-panel.tsx";
import { locationItems } from "#tests/support/rendered-words.ts";

const location = (id: string, name: string, overrides: Partial<LocationSummary> = {}): LocationSummary => ({
  id,
  name,
  state: "online",
  lastSeen: "2026-11-24T09:59:30.000Z",
  clockSkewMs: 120,
  clockSkewed: false,
  error: null,
  ...overrides,
});

const LOCATIONS = [
  location("local", "This server"),
  location("fra", "Frankfurt", { clockSkewMs: 7_400, clockSkewed: true }),
  location("muc", "Munich", { state: "offline", error: "Reference https://1.1.1.1: timeout" }),
  location("nyc", "New York", { state: "not-reporting", lastSeen: null, clockSkewMs: -9_000, clockSkewed: true }),
];

const render = (locations: LocationSummary[] | undefined, lang: Language = "en") =>
  renderToString(
    <StaffLanguageProvider lang={lang}>
      <LocationsPanel locations={locations} />
    </StaffLanguageProvider>,
  ).replace(/<!-- -->/g, "");

describe("the check locations panel", () => {
  it("lists each location's state, last word and clock", () => {
    const html = render(LOCATIONS);
    expect(html).toContain("Check locations");
    expect(locationItems(html)).toEqual([
      "This server|online|Last seen: |24 Nov 2026, 10:59:30 CET",
      "Frankfurt|online|Last seen: |24 Nov 2026, 10:59:30 CET|Clock 7.40s ahead",
      "Munich|offline|Last seen: |24 Nov 2026, 10:59:30 CET|Reference https://1.1.1.1: timeout",
      "New York|not reporting|Last seen: never|Clock 9.00s behind",
    ]);
  });

  it("says it in German", () => {
    expect(locationItems(render(LOCATIONS, "de"))).toEqual([
      "Dieser Server|online|Zuletzt gemeldet: |24. Nov. 2026, 10:59:30 MEZ",
      "Frankfurt|online|Zuletzt gemeldet: |24. Nov. 2026, 10:59:30 MEZ|Uhr 7,40\u00a0s vor",
      "Munich|offline|Zuletzt gemeldet: |24. Nov. 2026, 10:59:30 MEZ|Reference https://1.1.1.1: timeout",
      "New York|meldet sich nicht|Zuletzt gemeldet: nie|Uhr 9,00\u00a0s nach",
    ]);
  });

  it("is not shown while every host is checked from this server alone", () => {
    expect(render([location("local", "This server")])).toBe("");
    expect(render([])).toBe("");
    expect(render(undefined)).toBe("");
  });
});
