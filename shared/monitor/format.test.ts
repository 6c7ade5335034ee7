import { describe, expect, it } from "vitest";
import { formatAgo, formatBytes, formatDuration, formatSpan, isStale } from "./format.ts";

describe("dashboard formats", () => {
  it("bytes step by 1024 through B, KB, MB, GB", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1024 * 1024)).toBe("1.0 MB");
    expect(formatBytes(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
    expect(formatBytes(5000 * 1024 ** 3)).toBe("5000 GB");
    expect(formatBytes(-1)).toBe("–");
    expect(formatBytes(Number.NaN)).toBe("–");
  });
  it("times under a second in ms, longer in seconds", () => {
    expect(formatDuration(0)).toBe("0ms");
    expect(formatDuration(999)).toBe("999ms");
    expect(formatDuration(1000)).toBe("1.00s");
    expect(formatDuration(1234)).toBe("1.23s");
    expect(formatDuration(15_000)).toBe("15.0s");
    expect(formatDuration(null)).toBe("–");
  });
  it("last update as Ns ago, Nm ago, or a time", () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(formatAgo(now - 5_000, now)).toBe("5s ago");
    expect(formatAgo(new Date(now - 59_999).toISOString(), now)).toBe("59s ago");
    expect(formatAgo(now - 60_000, now)).toBe("1m ago");
    expect(formatAgo(now - 59 * 60_000, now)).toBe("59m ago");
    expect(formatAgo(now - 2 * 3600_000, now)).toBe("09:00 CET");
    expect(formatAgo(now - 2 * 3600_000, now, "Asia/Kolkata")).toBe("13:30 GMT+5:30");
    expect(formatAgo(now + 3_000, now)).toBe("0s ago");
    expect(formatAgo(null, now)).toBe("never");
    expect(formatAgo("nonsense", now)).toBe("never");
  });
  it("stale after two intervals", () => {
    const now = 1_000_000;
    expect(isStale(now - 120_000, 60, now)).toBe(false);
    expect(isStale(now - 120_001, 60, now)).toBe(true);
    expect(isStale(null, 60, now)).toBe(false);
    expect(isStale(now - 999_999, null, now)).toBe(false);
  });
  it("writes German units, decimal commas and 'vor' when asked", () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(formatBytes(1536, "de")).toBe("1,5 KB");
    expect(formatDuration(999, "de")).toBe("999\u00a0ms");
    expect(formatDuration(1234, "de")).toBe("1,23\u00a0s");
    expect(formatAgo(now - 5_000, now, undefined, "de")).toBe("vor 5\u00a0s");
    expect(formatAgo(now - 59 * 60_000, now, undefined, "de")).toBe("vor 59\u00a0Min.");
    expect(formatAgo(now - 2 * 3600_000, now, undefined, "de")).toMatch(/^09:00/);
    expect(formatAgo(null, now, undefined, "de")).toBe("nie");
  });
  it("spans in the two largest units, in either language", () => {
    expect(formatSpan(45_000)).toBe("45s");
    expect(formatSpan(725_000)).toBe("12m 5s");
    expect(formatSpan(2 * 86_400_000 + 4 * 3600_000)).toBe("2d 4h");
    expect(formatSpan(0)).toBe("0s");
    expect(formatSpan(3 * 3600_000 + 20 * 60_000, "de")).toBe("3\u00a0Std. 20\u00a0Min.");
    expect(formatSpan(0, "de")).toBe("0\u00a0s");
  });
});
