// What a card says about each host: checked and when, not checked because its
// circuit is open (and when it will be probed), a placeholder never checked,
// a push monitor waiting for its first call.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { HostData, ServiceData } from "./dashboard.server.ts";
import { ServiceCard } from "./service-card.tsx";
import { RenderTime } from "./use-now.ts";

const NOW = Date.parse("2026-11-24T10:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

function host(name: string, overrides: Partial<HostData> = {}): HostData {
  return {
    serviceId: "api",
    host: name,
    target: `https://${name}.internal.test/health`,
    checkType: "url",
    placeholder: false,
    status: "healthy",
    responseTime: 42,
    lastChecked: iso(NOW - 20_000),
    errorMessage: null,
    healthScore: 100,
    retryAttempt: 0,
    circuitBreakerState: "closed",
    consecutiveFailures: 0,
    consecutiveSuccesses: 3,
    nextProbeAt: null,
    subServices: [],
    ...overrides,
  } as HostData;
}

function render(hosts: HostData[]): string {
  const service = {
    serviceId: "api",
    serviceName: "API",
    serviceDescription: "",
    reliabilityProfile: "standard",
    overallHealthScore: 80,
    status: "unhealthy",
    alertCooldownActive: false,
    intervalSeconds: 60,
    hosts,
    centron: null,
    local: null,
    uptime24h: null,
    uptime7d: null,
    uptime30d: null,
  } as unknown as ServiceData;
  return renderToString(
    <RenderTime.Provider value={NOW}>
      <ServiceCard service={service} />
    </RenderTime.Provider>,
  ).replace(/<!-- -->/g, "");
}

describe("the service card", () => {
  it("says a host with an open circuit is not checked, since when, and when it is probed next", () => {
    const html = render([
      host("fra"),
      host("muc", { status: "unhealthy", errorMessage: "ECONNREFUSED", circuitBreakerState: "open", lastChecked: iso(NOW - 10 * 60_000), nextProbeAt: iso(NOW + 4 * 60_000 + 1) }),
    ]);
    expect(html).toContain("Checked 20s ago");
    expect(html).toContain("Not checked since 10m ago: circuit open; next probe in 5m (Refresh probes now)");
    // The card's own age is the oldest host's, not the freshest.
    expect(html).toContain("Last check of every host: 10m ago");
  });

  it("says a placeholder is never checked, and a push monitor waits for its first call", () => {
    const html = render([host("fra", { placeholder: true, lastChecked: null }), host("backup", { checkType: "push", lastChecked: null, target: "Push: POST /api/push/…" })]);
    expect(html).toContain("Placeholder: not checked. Replace its address in the monitoring configuration.");
    expect(html).toContain("Waiting for the first push");
    expect(html).toContain("Last check of every host: never");
  });
});
