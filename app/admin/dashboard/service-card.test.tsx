// What a card says about each host: checked and when (an open circuit too:
// it is checked every interval), what it is affected by, a placeholder never
// checked, a push monitor waiting for its first call.
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
    affectedBy: [],
    subServices: [],
    ...overrides,
  } as HostData;
}

function render(hosts: HostData[], affectedBy: string[] = [], cooling = false): string {
  const service = {
    serviceId: "api",
    serviceName: "API",
    serviceDescription: "",
    reliabilityProfile: "standard",
    overallHealthScore: 80,
    status: "unhealthy",
    alertCooldownActive: cooling,
    affectedBy,
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
  it("says when each host was checked; an open circuit is still checked, without retries", () => {
    const html = render([
      host("fra", { lastChecked: iso(NOW - 10 * 60_000) }),
      host("muc", {
        status: "unhealthy",
        errorMessage: "ECONNREFUSED",
        circuitBreakerState: "open",
        lastChecked: iso(NOW - 20_000),
      }),
    ]);
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      "Checked 20s ago; circuit open: checked every interval, without retries",
    );
    expect(html).not.toContain("Not checked since");
    // The card's own age is the oldest host's, not the freshest.
    expect(html).toContain("Last check of every host: 10m ago");
  });

  it("says what a failing service is affected by, and nothing when it is affected by nothing", () => {
    const affected = render(
      [host("fra", { status: "unhealthy", affectedBy: ["Central infrastructure on centron"] })],
      ["Central infrastructure on centron"],
    );
    expect(affected.replace(/<[^>]+>/g, "")).toContain(
      "Affected by Central infrastructure on centron: no alert of its own meanwhile",
    );
    expect(render([host("fra")])).not.toContain("Affected by");
  });

  it("says a placeholder is never checked, and a push monitor waits for its first call", () => {
    const html = render([
      host("fra", { placeholder: true, lastChecked: null }),
      host("backup", { checkType: "push", lastChecked: null, target: "Push: POST /api/push/…" }),
    ]);
    expect(html).toContain("Placeholder: not checked. Replace its address in the monitoring configuration.");
    expect(html).toContain("Waiting for the first push");
    expect(html).toContain("Last check of every host: never");
  });

  it("names each badge for what it is: the profile, the alert cooldown and the circuit, none a bare severity", () => {
    const html = render(
      [host("fra", { status: "unhealthy", circuitBreakerState: "open", lastChecked: iso(NOW - 20_000) })],
      [],
      true,
    ).replace(/<[^>]+>/g, "|");
    expect(html).toContain("Profile: standard");
    expect(html).toContain("Alerts paused: cooldown");
    expect(html).toContain("Circuit: open");
    expect(html).not.toMatch(/\|(Cooldown|open|standard)\|/);
  });
});
