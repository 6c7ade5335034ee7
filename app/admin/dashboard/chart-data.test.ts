import { describe, expect, it } from "vitest";
import {
  chartSeries,
  chartSummary,
  describePoint,
  formatPointTime,
  tableRows,
  type History,
  type HistoryPoint,
} from "./chart-data.ts";

const T = Date.UTC(2026, 2, 2, 10);
const HOUR = 3_600_000;
const check = (at: number, ms: number | null, failed = false): HistoryPoint => ({
  at,
  checks: 1,
  failures: failed ? 1 : 0,
  meanMs: failed ? null : ms,
  p95Ms: failed ? null : ms,
});

describe("the response-time chart's data", () => {
  it("breaks a host's line where it has no checks and where its checks failed, and marks the failures", () => {
    const history: History = {
      serviceId: "api",
      range: "24h",
      hosts: {
        fra: [
          check(T, 100),
          check(T + 10_000, 110),
          check(T + 20_000, null, true),
          check(T + 30_000, 120),
          check(T + 300_000, 130),
        ],
        muc: [check(T + 5_000, 200)],
      },
    };
    const series = chartSeries(history, 10, T + 310_000);
    expect(series.xs).toEqual(
      [T, T + 5_000, T + 10_000, T + 20_000, T + 30_000, T + 40_000, T + 300_000].map((at) => at / 1000),
    );
    // fra: the failed check and the 4.5 minutes without checks are breaks (null); muc's point is not fra's (undefined).
    expect(series.latency[0]).toEqual([100, undefined, 110, null, 120, null, 130]);
    expect(series.latency[1]).toEqual([undefined, 200, undefined, undefined, undefined, undefined, undefined]);
    expect(series.failed).toEqual([null, null, null, 1, null, null, null]);
    expect(series).toMatchObject({
      hosts: ["fra", "muc"],
      checks: 6,
      failedChecks: 1,
      peakMs: 200,
      spanMs: 10_000,
      from: T - 10_000,
      to: T + 310_000,
    });
    expect(chartSummary("Search API", "24h", series, "en")).toBe(
      "Response time of Search API over 24 h: fra and muc, 1 failed check of 6, highest mean 200ms",
    );
  });

  it("an hour of failures only is a break; an hour with some is drawn and marked", () => {
    const hour = (at: number, checks: number, failures: number, meanMs: number | null): HistoryPoint => ({
      at,
      checks,
      failures,
      meanMs,
      p95Ms: meanMs,
    });
    const history: History = {
      serviceId: "api",
      range: "7d",
      hosts: { fra: [hour(T, 60, 60, null), hour(T + HOUR, 60, 6, 90), hour(T + 3 * HOUR, 60, 0, 80)] },
    };
    const series = chartSeries(history, 60, T + 4 * HOUR);
    expect(series.latency[0]).toEqual([null, 90, null, 80]);
    expect(series.failed).toEqual([1, 1, null, null]);
    expect(series.failedShare).toEqual([1, 0.1, 0, 0]);
    expect(describePoint(history.hosts.fra![0], "7d", "en")).toBe("failed (60 of 60)");
    expect(describePoint(history.hosts.fra![1], "7d", "en")).toBe("90ms mean, 90ms p95, 6 of 60 failed");
    expect(describePoint(undefined, "7d", "en")).toBe("no check");
    expect(describePoint(history.hosts.fra![1], "7d", "de")).toBe("90ms Mittel, 90ms p95, 6 von 60 fehlgeschlagen");
  });

  it("a range without checks says so", () => {
    const series = chartSeries({ serviceId: "api", range: "30d", hosts: { fra: [] } }, 60, T);
    expect(chartSummary("API", "30d", series, "en")).toBe("Response time of API over 30 d: no checks yet");
    expect(chartSummary("API", "30d", series, "de")).toBe("Antwortzeit von API über 30 d: noch keine Prüfungen");
  });

  it("the table: per host and hour, newest first, mean over the checks that passed", () => {
    const history: History = {
      serviceId: "api",
      range: "24h",
      hosts: {
        fra: [check(T, 100), check(T + 60_000, 300), check(T + 120_000, null, true), check(T + HOUR, 50)],
        muc: [check(T, 70)],
      },
    };
    expect(tableRows(history, "Europe/Berlin")).toEqual([
      { from: T + HOUR, host: "fra", checks: 1, failures: 0, meanMs: 50, p95Ms: 50 },
      { from: T, host: "fra", checks: 3, failures: 1, meanMs: 200, p95Ms: 300 },
      { from: T, host: "muc", checks: 1, failures: 0, meanMs: 70, p95Ms: 70 },
    ]);
  });

  it.each([
    // Midnight is 18:30Z: the hour from 18:00Z began the day before, and counts whole on it.
    {
      zone: "Asia/Kolkata",
      from: "2026-11-23T18:00:00Z",
      rows: [
        ["2026-11-24T18:30:00.000Z", 3],
        ["2026-11-23T18:30:00.000Z", 24],
        ["2026-11-22T18:30:00.000Z", 1],
      ],
      label: "Wed 25 Nov",
    },
    // The day the clocks go back lasts 25 hours.
    {
      zone: "Europe/Berlin",
      from: "2026-10-24T21:00:00Z",
      rows: [
        ["2026-10-25T23:00:00.000Z", 2],
        ["2026-10-24T22:00:00.000Z", 25],
        ["2026-10-23T22:00:00.000Z", 1],
      ],
      label: "Mon 26 Oct",
    },
  ])("the 30-day table: a row per day in $zone, from its midnight", ({ zone, from, rows, label }) => {
    const start = Date.parse(from);
    const points = Array.from({ length: 28 }, (_, index) => ({
      at: start + index * HOUR,
      checks: 1,
      failures: 0,
      meanMs: 100,
      p95Ms: 100,
    }));
    const found = tableRows({ serviceId: "api", range: "30d", hosts: { fra: points } }, zone);
    expect(found.map((row) => [new Date(row.from).toISOString(), row.checks])).toEqual(rows);
    expect(formatPointTime(found[0]!.from, "30d", "en", { timeZone: zone })).toBe(label);
  });
});
