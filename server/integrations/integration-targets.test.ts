import { describe, expect, it } from "vitest";
import type { AiServiceHealth } from "./ai/ai-health.ts";
import type { CertificateReading } from "#server/net/tls-probe.ts";
import type { HaproxyServer } from "./haproxy/haproxy-stats.ts";
import {
  aiObservations,
  certificateObservation,
  haproxyObservations,
  nginxObservations,
} from "./integration-targets.ts";
import { buildNginxReport } from "./nginx/nginx-report.ts";

const thresholds = { failure: 1, success: 1 };
/** "key status/severity: summary (message)" per observation. */
const told = (list: { key: string; status: string; severity: string; summary: string; message: string | null }[]) =>
  list.map((o) => {
    const severity = o.status === "failing" ? `/${o.severity}` : "";
    return `${o.key} ${o.status}${severity}: ${o.summary}${o.message ? ` (${o.message})` : ""}`;
  });

describe("nginx sources", () => {
  const counters = { active: 10, accepts: 100, handled: 100, requests: 300, reading: 1, writing: 2, waiting: 7 };
  it.each([
    ["answers", [{ source: "edge", at: 0, status: counters }], ["nginx:edge ok: is healthy"]],
    [
      "does not answer",
      [{ source: "edge", at: 0, error: "connect ECONNREFUSED" }],
      ["nginx:edge failing/critical: does not answer (connect ECONNREFUSED)"],
    ],
    [
      "too many connections",
      [{ source: "edge", at: 0, status: { ...counters, active: 5000 } }],
      ["nginx:edge failing/warning: needs attention (5000 active connections (limit 1000))"],
    ],
    [
      "two sources of one name are two targets",
      [
        { source: "edge", at: 0, status: counters },
        { source: "edge", at: 0, error: "timed out" },
      ],
      ["nginx:edge ok: is healthy", "nginx:edge#2 failing/critical: does not answer (timed out)"],
    ],
  ] as const)("a source that %s", (_name, samples, expected) => {
    expect(
      told(
        nginxObservations(buildNginxReport(samples as never, undefined, { maxActiveConnections: 1000 }), thresholds),
      ),
    ).toEqual(expected);
  });
});

describe("HAProxy", () => {
  const server = (name: string, display: HaproxyServer["display"], status = display as string): HaproxyServer => ({
    name,
    backend: "web",
    status,
    display,
    sessions: 0,
    bytesIn: 0,
    bytesOut: 0,
    lastCheck: display === "DOWN" ? "Connection refused" : null,
    checkStatus: display === "DOWN" ? "L4CON" : "L7OK",
    lastChangeSeconds: 10,
  });

  it("DOWN servers fail; UP, MAINT, DRAIN and NO CHECK do not; a backend's servers are one group", () => {
    const observed = haproxyObservations(
      {
        ok: true,
        stats: {
          frontends: [],
          backends: [],
          servers: [
            server("web1", "UP"),
            server("web2", "DOWN"),
            server("web3", "MAINT"),
            server("web4", "DRAIN"),
            server("web5", "NO CHECK", "no check"),
          ],
        },
      },
      thresholds,
    );
    expect(told(observed)).toEqual([
      "haproxy:stats ok: is healthy",
      "haproxy:web/web1 ok: is healthy",
      "haproxy:web/web2 failing/critical: has a server down (DOWN, L4CON, Connection refused)",
      "haproxy:web/web3 ok: is healthy",
      "haproxy:web/web4 ok: is healthy",
      "haproxy:web/web5 ok: is healthy",
    ]);
    expect(new Set(observed.slice(1).map((o) => o.group.key))).toEqual(new Set(["haproxy:web"]));
    expect(observed[2]).toMatchObject({ label: "web2", group: { name: "HAProxy backend web" } });
  });

  it("stats that cannot be read fail the source and say nothing about the servers", () => {
    expect(told(haproxyObservations({ ok: false, error: "Timed out after 1000 ms" }, thresholds))).toEqual([
      "haproxy:stats failing/critical: cannot be read (Timed out after 1000 ms)",
    ]);
  });
});

describe("AI services", () => {
  const service = (name: string, status: AiServiceHealth["status"], error: string | null = null): AiServiceHealth => ({
    service: name,
    status,
    healthScore: 0,
    responseTime: null,
    lastChecked: "",
    details: { model: null, tokensPerSec: null, models: [], error },
  });
  it("unhealthy fails; degraded answers and does not", () => {
    const health = {
      timestamp: "",
      overallStatus: "unhealthy" as const,
      services: [
        service("Ollama", "unhealthy", "connect ECONNREFUSED"),
        service("Sentiment", "degraded", "No models installed"),
        service("Normalizer", "healthy"),
      ],
      summary: {
        totalServices: 3,
        healthyServices: 1,
        unhealthyServices: 1,
        degradedServices: 1,
        averageResponseTime: 0,
      },
    };
    expect(told(aiObservations(health, thresholds))).toEqual([
      "ai:Ollama failing/critical: is unhealthy (connect ECONNREFUSED)",
      "ai:Sentiment degraded: is healthy",
      "ai:Normalizer ok: is healthy",
    ]);
  });
});

describe("certificates", () => {
  const reading = (status: CertificateReading["status"], daysRemaining: number | null, error: string | null = null) =>
    ({
      domain: "example.com",
      serverIP: "192.0.2.10",
      port: 443,
      status,
      daysRemaining,
      expiryDate: "2026-12-01T00:00:00.000Z",
      error,
    }) as CertificateReading;
  it.each([
    [reading("healthy", 60), "certificate:example.com@192.0.2.10:443 ok: is healthy"],
    [
      reading("warning", 21),
      "certificate:example.com@192.0.2.10:443 failing/warning: expires in 21 days (valid until 2026-12-01)",
    ],
    [
      reading("critical", 5),
      "certificate:example.com@192.0.2.10:443 failing/critical: expires in 5 days (valid until 2026-12-01)",
    ],
    [
      reading("critical", 0),
      "certificate:example.com@192.0.2.10:443 failing/critical: expires today (valid until 2026-12-01)",
    ],
    [
      reading("critical", -2),
      "certificate:example.com@192.0.2.10:443 failing/critical: expired 2 days ago (valid until 2026-12-01)",
    ],
    [
      reading("error", null, "unable to verify the first certificate"),
      "certificate:example.com@192.0.2.10:443 failing/critical: cannot " +
        "be verified (unable to verify the first certificate)",
    ],
  ])("%#: %s", (entry, expected) => {
    expect(told([certificateObservation(entry, thresholds)])).toEqual([expected]);
    expect(certificateObservation(entry, thresholds).name).toBe("Certificate example.com at 192.0.2.10");
  });
});
