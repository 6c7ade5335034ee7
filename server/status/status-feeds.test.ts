// Planned maintenance outside the page: /api/status names what is announced
// beside what is on, and each feed carries both, in its language, with times
// in the company's zone and a new item when an announced window begins.
import { describe, expect, it } from "vitest";
import type { PublicStatus } from "#shared/status/public-status.ts";
import { statusBadge, statusFeed, statusJson } from "./status-feeds.ts";

const service = (id: string, en: string, de: string) =>
  ({
    id,
    name: { en, de },
    group: null,
    state: "maintenance",
    uptime: { h24: 100, d30: 100, d90: 100 },
    measuredSince: "2026-08-01T00:00:00.000Z",
    measuredSeconds: { h24: 86_400, d30: 2_592_000, d90: 7_776_000 },
    days: [],
  }) as PublicStatus["services"][number];

/** Manual maintenance on now (estimated to end at 13:30 UTC), and a window announced for the night of 1 December. */
const status: PublicStatus = {
  generatedAt: "2026-11-26T12:00:00.000Z",
  timeZone: "Europe/Berlin",
  overall: "maintenance",
  services: [service("api", "Public API", "Öffentliche API"), service("mail", "E-mail", "E-Mail")],
  groups: [],
  incidents: { open: [], resolved: [] },
  incidentOf: {},
  maintenance: {
    active: [
      { name: null, startsAt: "2026-11-26T11:30:00.000Z", endsAt: "2026-11-26T13:30:00.000Z", serviceIds: null },
    ],
    upcoming: [
      {
        name: "Database upgrade",
        startsAt: "2026-12-01T21:00:00.000Z",
        endsAt: "2026-12-02T00:00:00.000Z",
        serviceIds: ["api", "mail"],
      },
    ],
  },
};

const feed = (lang: "en" | "de") =>
  statusFeed(status, {
    lang,
    brand: "Muster",
    pageUrl: `https://example.com/${lang}/status`,
    feedUrl: `https://example.com/${lang}/status/rss.xml`,
  });
const items = (xml: string) =>
  [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => ({
    title: /<title>(.*)<\/title>/.exec(item!)?.[1],
    guid: /<guid[^>]*>(.*)<\/guid>/.exec(item!)?.[1],
    pubDate: /<pubDate>(.*)<\/pubDate>/.exec(item!)?.[1] ?? null,
    description: /<description>(.*)<\/description>/.exec(item!)?.[1],
  }));

describe("planned maintenance in the feeds and the JSON", () => {
  it.each([
    [
      "en",
      [
        {
          title: "Planned maintenance: Maintenance (in progress)",
          pubDate: "Thu, 26 Nov 2026 11:30:00 GMT",
          description: "26 Nov 2026, 12:30 CET – 26 Nov 2026, 14:30 CET. Affects: all services.",
        },
        {
          title: "Planned maintenance: Database upgrade (announced)",
          pubDate: null,
          description: "1 Dec 2026, 22:00 CET – 2 Dec 2026, 01:00 CET. Affects: Public API, E-mail.",
        },
      ],
    ],
    [
      "de",
      [
        {
          title: "Geplante Wartung: Wartung (läuft)",
          pubDate: "Thu, 26 Nov 2026 11:30:00 GMT",
          description: "26. Nov. 2026, 12:30 MEZ – 26. Nov. 2026, 14:30 MEZ. Betrifft: alle Dienste.",
        },
        {
          title: "Geplante Wartung: Database upgrade (angekündigt)",
          pubDate: null,
          description: "1. Dez. 2026, 22:00 MEZ – 2. Dez. 2026, 01:00 MEZ. Betrifft: Öffentliche API, E-Mail.",
        },
      ],
    ],
  ] as const)("the %s feed lists what is on and what is announced, in the company's zone", (lang, expected) => {
    expect(items(feed(lang)).map(({ title, pubDate, description }) => ({ title, pubDate, description }))).toEqual(
      expected,
    );
  });

  it("gives an announced window a new item when it begins, so a reader shows the start too", () => {
    const begun: PublicStatus = {
      ...status,
      maintenance: { active: [...status.maintenance.active, ...status.maintenance.upcoming], upcoming: [] },
    };
    const before = items(feed("en")).map((item) => item.guid);
    const after = items(statusFeed(begun, { lang: "en", brand: "Muster", pageUrl: "p", feedUrl: "f" }));
    expect(after.map((item) => item.title)).toContain("Planned maintenance: Database upgrade (in progress)");
    expect(before).not.toContain(after.find((item) => item.title?.includes("Database upgrade"))!.guid);
  });

  it("names the announced windows in /api/status beside the ones on now", () => {
    const json = statusJson(status);
    expect(json.maintenance).toEqual(status.maintenance.active);
    expect(json.upcomingMaintenance).toEqual(status.maintenance.upcoming);
  });

  it("badges say how much of 30 days their uptime covers, and no data rather than an unmeasured figure", () => {
    const up = (uptime: number | null, d30: number) =>
      statusBadge({
        ...service("api", "Public API", "Öffentliche API"),
        state: "operational",
        uptime: { h24: uptime, d30: uptime, d90: uptime },
        measuredSeconds: { h24: Math.min(d30, 86_400), d30, d90: d30 },
      });
    expect(up(99.5, 2_592_000)).toContain("Public API: up 99.50%</title>");
    expect(up(95, 900)).toContain("Public API: up 95.00% · 15\u00a0min</title>");
    expect(up(null, 0)).toContain("Public API: up · no data</title>");
  });

  it("adds when and how much was measured to /api/status, beside the uptime as it was", () => {
    const [api] = statusJson(status).services;
    expect(api).toMatchObject({
      uptime: { h24: 100, d30: 100, d90: 100 },
      measuredSince: "2026-08-01T00:00:00.000Z",
      measuredSeconds: { h24: 86_400, d30: 2_592_000, d90: 7_776_000 },
    });
  });
});
