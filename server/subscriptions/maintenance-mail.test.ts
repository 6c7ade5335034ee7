// A subscriber's maintenance mail names what the maintenance touches and when,
// in both languages, also for maintenance started by hand (which has no name).
import { describe, expect, it } from "vitest";
import type { Bilingual } from "#shared/status/public-status.ts";
import type { StatusEvent } from "#shared/status/subscription.ts";
import { maintenanceDraft } from "./status-announcer.ts";
import { eventMail } from "./subscription-mail.ts";

const NAMES: Record<string, Bilingual> = {
  api: { en: "Public API", de: "Öffentliche API" },
  mail: { en: "E-mail", de: "E-Mail" },
};
const listNames = (ids: readonly string[]): Bilingual => ({
  en: ids.map((id) => NAMES[id]!.en).join(", "),
  de: ids.map((id) => NAMES[id]!.de).join(", "),
});
const LINKS = { siteUrl: "https://www.example.com" };

function mailOf(serviceIds: string[] | null, language: "en" | "de", name: string | null = null) {
  const draft = maintenanceDraft(
    { name, startsAt: "2026-01-05T11:00:00.000Z", endsAt: "2026-01-05T12:30:00.000Z", serviceIds },
    "maintenance.started",
    "2026-01-05T11:00:00.000Z",
    listNames,
  );
  const event: StatusEvent = {
    id: "maintenance:manual@1",
    ...draft,
    services: (serviceIds ?? []).map((id) => NAMES[id]!),
    url: { en: "", de: "" },
  };
  return eventMail(LINKS, event, { email: "a@example.org", language, services: null, token: "t" }, "Europe/Berlin");
}

describe("a maintenance mail to subscribers", () => {
  it("started by hand for some services: the subject and the body name them, and the window", () => {
    const de = mailOf(["api", "mail"], "de");
    expect(de.subject).toBe("Wartung gestartet: Öffentliche API, E-Mail · Muster Digital");
    expect(de.text).toContain("Die Wartung (Öffentliche API, E-Mail) hat begonnen.");
    expect(de.text).toContain("Betrifft: Öffentliche API, E-Mail");
    expect(de.text).toContain("Von 5. Jan. 2026, 12:00 MEZ bis 5. Jan. 2026, 13:30 MEZ");
    const en = mailOf(["api", "mail"], "en");
    expect(en.subject).toBe("Maintenance started: Public API, E-mail · Muster Digital");
    expect(en.text).toContain("The maintenance of Public API, E-mail has begun.");
    expect(en.text).toContain("Affects: Public API, E-mail");
    expect(en.text).toContain("From 5 Jan 2026, 12:00 CET until 5 Jan 2026, 13:30 CET");
  });

  it("started by hand for everything: it says all services", () => {
    const de = mailOf(null, "de");
    expect(de.subject).toBe("Wartung gestartet: alle Dienste · Muster Digital");
    expect(de.text).toContain("Betrifft: alle Dienste");
    const en = mailOf(null, "en");
    expect(en.subject).toBe("Maintenance started: all services · Muster Digital");
    expect(en.text).toContain("The maintenance of all services has begun.");
    expect(en.text).toContain("Affects: all services");
  });

  it("a named window keeps its name in the subject and lists the services in the body", () => {
    const en = mailOf(["api"], "en", "Database upgrade");
    expect(en.subject).toBe("Maintenance started: Database upgrade · Muster Digital");
    expect(en.text).toContain("Affects: Public API");
  });
});
