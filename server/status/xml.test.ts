import { describe, expect, it } from "vitest";
import { hasControlCharacters } from "#shared/control-characters.ts";
import type { PublicStatus } from "#shared/status/public-status.ts";
import { statusBadge, statusFeed } from "./status-feeds.ts";
import { xml, xmlDocument, xmlText } from "./xml.ts";

/** Every character XML 1.0 forbids, and what it must escape. */
const HOSTILE = "a\u0000b\u0001c\u0007d\u001be\u007ff\u0085g\ufffeh\uffffi\ud800j <k> & \"l\" 'm'\tn\no";

describe("the XML writer", () => {
  it("writes text without a character XML forbids, escaped", () => {
    expect(xmlText(HOSTILE)).toBe("abcdefghij &lt;k&gt; &amp; &quot;l&quot; &apos;m&apos;\tn\no");
  });

  it("escapes every value it is given, and keeps its own fragments", () => {
    const item = xml`<item>${"<b>"}</item>`;
    expect(xmlDocument(xml`<list>${[item, item]}<n>${3}</n></list>`)).toBe(
      "<list><item>&lt;b&gt;</item>\n<item>&lt;b&gt;</item><n>3</n></list>",
    );
  });

  it("makes feeds and badges that hold no forbidden character, whatever the text they are given", () => {
    const at = "2026-11-25T10:00:00.000Z";
    const status = {
      generatedAt: at,
      incidents: {
        open: [
          {
            id: 1,
            state: "investigating",
            title: { en: HOSTILE, de: HOSTILE },
            updates: [{ at, message: { en: HOSTILE, de: HOSTILE } }],
          },
        ],
        resolved: [],
      },
      timeZone: "Europe/Berlin",
      services: [],
      maintenance: { active: [], upcoming: [{ name: HOSTILE, startsAt: at, endsAt: null, serviceIds: null }] },
    } as unknown as PublicStatus;
    const service = {
      id: "api",
      name: { en: HOSTILE, de: HOSTILE },
      state: "outage",
      uptime: { h24: null, d30: null, d90: null },
      measuredSeconds: { h24: 0, d30: 0, d90: 0 },
    } as unknown as PublicStatus["services"][number];
    for (const lang of ["en", "de"] as const) {
      const feed = statusFeed(status, {
        lang,
        brand: "Muster",
        pageUrl: "https://example.com/status",
        feedUrl: "https://example.com/status/rss.xml",
      });
      expect(hasControlCharacters(feed), lang).toBe(false);
      expect(feed).toContain("<title>abcdefghij &lt;k&gt; &amp; &quot;l&quot; &apos;m&apos;\tn\no (");
      expect(feed).toContain(": abcdefghij &lt;k&gt; &amp; &quot;l&quot; &apos;m&apos;\tn\no (");
    }
    expect(hasControlCharacters(statusBadge(service))).toBe(false);
  });
});
