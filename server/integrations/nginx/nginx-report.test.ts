import { describe, expect, it } from "vitest";
import { buildNginxReport, type NginxSample } from "./nginx-report.ts";
import type { StubStatus } from "./stub-status.ts";

const OPTIONS = { maxActiveConnections: 100 };
const T0 = 1_700_000_000_000;

function status(overrides: Partial<StubStatus> = {}): StubStatus {
  return { active: 3, accepts: 1000, handled: 1000, requests: 5000, reading: 0, writing: 1, waiting: 2, ...overrides };
}
const ok = (source: string, at: number, overrides: Partial<StubStatus> = {}): NginxSample => ({
  source,
  at,
  status: status(overrides),
});
const dead = (source: string, at: number, error: string): NginxSample => ({ source, at, error });

describe("buildNginxReport: counters and rates", () => {
  it("reports the counters of one healthy source, with no rate on the first sample", () => {
    const report = buildNginxReport([ok("web", T0)], undefined, OPTIONS);
    expect(report).toEqual({
      overall_health: "healthy",
      alerts: [],
      nginx: {
        active_connections: 3,
        requests_per_second: 0,
        reading: 0,
        writing: 1,
        waiting: 2,
        server_accepts: 1000,
        server_handled: 1000,
        server_requests: 5000,
        status: "healthy",
      },
      sources: [
        {
          name: "web",
          status: "healthy",
          error: null,
          active_connections: 3,
          requests_per_second: 0,
          reading: 0,
          writing: 1,
          waiting: 2,
          server_accepts: 1000,
          server_handled: 1000,
          server_requests: 5000,
        },
      ],
    });
  });

  it("computes requests per second from the delta to the previous sample, rounded to 2 decimals", () => {
    const previous = [ok("web", T0, { requests: 5000 })];
    expect(
      buildNginxReport([ok("web", T0 + 60_000, { requests: 5600 })], previous, OPTIONS).nginx.requests_per_second,
    ).toBe(10);
    // 100 requests in 3 s: 33.333… → 33.33
    expect(
      buildNginxReport([ok("web", T0 + 3000, { requests: 5100 })], previous, OPTIONS).nginx.requests_per_second,
    ).toBe(33.33);
    // 2 requests in 3 s: 0.666… → 0.67
    expect(
      buildNginxReport([ok("web", T0 + 3000, { requests: 5002 })], previous, OPTIONS).sources[0]?.requests_per_second,
    ).toBe(0.67);
  });

  it("gives no rate when the elapsed time is zero or negative", () => {
    const previous = [ok("web", T0, { requests: 5000 })];
    expect(buildNginxReport([ok("web", T0, { requests: 5100 })], previous, OPTIONS).nginx.requests_per_second).toBe(0);
    expect(
      buildNginxReport([ok("web", T0 - 1000, { requests: 5100 })], previous, OPTIONS).nginx.requests_per_second,
    ).toBe(0);
  });

  it("gives no rate after a counter reset (nginx restarted), and no false alert", () => {
    const previous = [ok("web", T0, { accepts: 90_000, handled: 90_000, requests: 400_000 })];
    const report = buildNginxReport(
      [ok("web", T0 + 60_000, { accepts: 12, handled: 12, requests: 30 })],
      previous,
      OPTIONS,
    );
    expect(report.nginx.requests_per_second).toBe(0);
    expect(report.nginx.server_requests).toBe(30);
    expect(report.overall_health).toBe("healthy");
    expect(report.alerts).toEqual([]);
  });
});

describe("buildNginxReport: dropped connections and the connection limit", () => {
  it("counts drops since a restart as new drops", () => {
    const previous = [ok("web", T0, { accepts: 90_000, handled: 89_000, requests: 400_000 })];
    const report = buildNginxReport(
      [ok("web", T0 + 60_000, { accepts: 12, handled: 10, requests: 30 })],
      previous,
      OPTIONS,
    );
    expect(report.alerts).toEqual([{ service: "nginx", severity: "warning", message: "web: connections dropped: 2" }]);
  });

  it("warns about connections dropped since the previous sample, and only new ones", () => {
    const previous = [ok("web", T0, { accepts: 1000, handled: 990 })];
    const more = buildNginxReport([ok("web", T0 + 60_000, { accepts: 1100, handled: 1085 })], previous, OPTIONS);
    expect(more.alerts).toEqual([{ service: "nginx", severity: "warning", message: "web: connections dropped: 5" }]);
    expect(more.overall_health).toBe("warning");
    expect(more.nginx.status).toBe("warning");
    expect(more.sources[0]?.status).toBe("warning");

    // Still 10 behind, as before: nothing new dropped, no alert.
    const same = buildNginxReport([ok("web", T0 + 60_000, { accepts: 1100, handled: 1090 })], previous, OPTIONS);
    expect(same.alerts).toEqual([]);
    expect(same.overall_health).toBe("healthy");
  });

  it("counts drops since start when there is no previous sample", () => {
    const report = buildNginxReport([ok("web", T0, { accepts: 1000, handled: 993 })], undefined, OPTIONS);
    expect(report.alerts).toEqual([{ service: "nginx", severity: "warning", message: "web: connections dropped: 7" }]);
    // A previous round in which the source failed gives no baseline either.
    const afterFailure = buildNginxReport(
      [ok("web", T0, { accepts: 1000, handled: 993 })],
      [dead("web", T0 - 1, "HTTP 502")],
      OPTIONS,
    );
    expect(afterFailure.alerts.map((alert) => alert.message)).toEqual(["web: connections dropped: 7"]);
    expect(afterFailure.nginx.requests_per_second).toBe(0);
  });

  it("never counts negative drops when handled reads ahead of accepts", () => {
    const report = buildNginxReport([ok("web", T0 + 1000, { accepts: 1000, handled: 1001 })], [ok("web", T0)], OPTIONS);
    expect(report.alerts).toEqual([]);
  });

  it("warns when active connections are above the limit, not at it", () => {
    const above = buildNginxReport([ok("web", T0, { active: 101 })], undefined, OPTIONS);
    expect(above.alerts).toEqual([
      { service: "nginx", severity: "warning", message: "web: 101 active connections (limit 100)" },
    ]);
    expect(above.overall_health).toBe("warning");
    const at = buildNginxReport([ok("web", T0, { active: 100 })], undefined, OPTIONS);
    expect(at.alerts).toEqual([]);
    expect(at.overall_health).toBe("healthy");
  });
});

describe("buildNginxReport: dead sources and several sources", () => {
  it("raises a critical alert for a source that did not answer, without made-up counters", () => {
    const report = buildNginxReport([dead("edge", T0, "ECONNREFUSED")], undefined, OPTIONS);
    expect(report.overall_health).toBe("critical");
    expect(report.alerts).toEqual([
      { service: "nginx", severity: "critical", message: "edge: no answer (ECONNREFUSED)" },
    ]);
    expect(report.sources).toEqual([
      {
        name: "edge",
        status: "critical",
        error: "ECONNREFUSED",
        active_connections: null,
        requests_per_second: null,
        reading: null,
        writing: null,
        waiting: null,
        server_accepts: null,
        server_handled: null,
        server_requests: null,
      },
    ]);
    // Nothing answered: the sum is empty, and the block says so.
    expect(report.nginx).toEqual({
      active_connections: 0,
      requests_per_second: 0,
      reading: 0,
      writing: 0,
      waiting: 0,
      server_accepts: 0,
      server_handled: 0,
      server_requests: 0,
      status: "critical",
    });
  });

  it("is critical when one of two sources is dead, and sums only the one that answered", () => {
    const report = buildNginxReport(
      [ok("web", T0, { active: 5, requests: 10 }), dead("edge", T0, "Timed out after 5000 ms")],
      undefined,
      OPTIONS,
    );
    expect(report.overall_health).toBe("critical");
    expect(report.nginx.status).toBe("critical");
    expect(report.nginx.active_connections).toBe(5);
    expect(report.nginx.server_requests).toBe(10);
    expect(report.sources.map((source) => [source.name, source.status])).toEqual([
      ["web", "healthy"],
      ["edge", "critical"],
    ]);
  });

  it("sums counters and rates over two sources, each against its own previous sample", () => {
    const previous = [
      ok("a", T0, { accepts: 90, handled: 90, requests: 1000 }),
      ok("b", T0 + 500, { accepts: 20, handled: 20, requests: 50 }),
    ];
    const current = [
      ok("b", T0 + 10_500, { active: 7, reading: 1, writing: 2, waiting: 4, accepts: 20, handled: 20, requests: 51 }),
      ok("a", T0 + 10_000, {
        active: 3,
        reading: 0,
        writing: 1,
        waiting: 2,
        accepts: 100,
        handled: 100,
        requests: 1333,
      }),
    ];
    const report = buildNginxReport(current, previous, OPTIONS);
    expect(report.sources.map((source) => [source.name, source.requests_per_second])).toEqual([
      ["b", 0.1],
      ["a", 33.3],
    ]);
    expect(report.nginx).toEqual({
      active_connections: 10,
      requests_per_second: 33.4,
      reading: 1,
      writing: 3,
      waiting: 6,
      server_accepts: 120,
      server_handled: 120,
      server_requests: 1384,
      status: "healthy",
    });
  });

  it("is critical with no sources at all", () => {
    const report = buildNginxReport([], undefined, OPTIONS);
    expect(report.overall_health).toBe("critical");
    expect(report.alerts).toHaveLength(1);
    expect(report.alerts[0]?.severity).toBe("critical");
  });

  it("ranks critical above warning, whichever source comes first", () => {
    const report = buildNginxReport(
      [ok("busy", T0, { active: 500 }), dead("gone", T0, "HTTP 401")],
      undefined,
      OPTIONS,
    );
    expect(report.overall_health).toBe("critical");
    expect(report.alerts.map((alert) => alert.severity).sort()).toEqual(["critical", "warning"]);
  });
});
