import { describe, expect, it } from "vitest";
import { formatSpan as span, measuredNote as note, measuredSeconds, WINDOW_SECONDS } from "./measured.ts";

const NOW = Date.parse("2026-11-24T10:00:00Z");

describe("the measured share of an uptime window", () => {
  it("counts from the first check until now, at most the window, nothing without a check", () => {
    expect(measuredSeconds(NOW - 15 * 60_000, NOW, WINDOW_SECONDS.d30)).toBe(900);
    expect(measuredSeconds(NOW - 40 * 86_400_000, NOW, WINDOW_SECONDS.d30)).toBe(WINDOW_SECONDS.d30);
    expect(measuredSeconds(null, NOW, WINDOW_SECONDS.h24)).toBe(0);
  });

  it("says how much of the window a figure covers, in both languages", () => {
    // Read with plain spaces: each number is held to its unit by a no-break space.
    const measuredNote = (...args: Parameters<typeof note>) => note(...args)?.replaceAll("\u00a0", " ");
    const formatSpan = (seconds: number) => span(seconds).replaceAll("\u00a0", " ");
    expect(measuredNote(900, WINDOW_SECONDS.d30)).toBe("measured 15 min of 30 d");
    expect(measuredNote(900, WINDOW_SECONDS.d90, "de")).toBe("gemessen: 15 Min. von 90 T.");
    expect(measuredNote(5 * 3600 + 59, WINDOW_SECONDS.h24)).toBe("measured 5 h of 24 h");
    expect(measuredNote(3 * 86_400, WINDOW_SECONDS.d30)).toBe("measured 3 d of 30 d");
    expect(formatSpan(30)).toBe("1 min");
  });

  it("says nothing for a window (almost) fully measured, or for nothing measured", () => {
    expect(note(WINDOW_SECONDS.d30, WINDOW_SECONDS.d30)).toBeNull();
    expect(note(WINDOW_SECONDS.d30 - 600, WINDOW_SECONDS.d30)).toBeNull();
    expect(note(0, WINDOW_SECONDS.d30)).toBeNull();
  });
});
