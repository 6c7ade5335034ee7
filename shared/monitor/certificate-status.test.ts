import { describe, expect, it } from "vitest";
import { CERT_CRITICAL_DAYS, CERT_WARNING_DAYS, certificateStatus, daysUntil } from "./certificate-status.ts";

describe("certificateStatus", () => {
  it.each([
    [365, "healthy"],
    [31, "healthy"],
    [30, "warning"],
    [8, "warning"],
    [7, "critical"],
    [0, "critical"],
    [-1, "critical"],
    [Number.NaN, "critical"],
  ] as const)("%d days remaining is %s", (days, expected) => {
    expect(certificateStatus(days)).toBe(expected);
  });

  it("uses 30 and 7 days as thresholds", () => {
    expect(CERT_WARNING_DAYS).toBe(30);
    expect(CERT_CRITICAL_DAYS).toBe(7);
  });
});

describe("daysUntil", () => {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.UTC(2025, 5, 1, 12);

  it("counts whole days, rounding down", () => {
    expect(daysUntil(now + 90 * day, now)).toBe(90);
    expect(daysUntil(now + 90 * day - 1, now)).toBe(89);
    expect(daysUntil(now + day - 1, now)).toBe(0);
    expect(daysUntil(now, now)).toBe(0);
  });

  it("is negative once expired", () => {
    expect(daysUntil(now - 1, now)).toBe(-1);
    expect(daysUntil(now - day, now)).toBe(-1);
    expect(daysUntil(now - day - 1, now)).toBe(-2);
    expect(daysUntil(now - 10 * day + 60_000, now)).toBe(-10);
  });
});
