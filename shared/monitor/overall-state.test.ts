import { describe, expect, it } from "vitest";
import { listWords, otherAlertsLine, overallView } from "./overall-state.ts";

describe("the overall state", () => {
  it("is the services' status when nothing else is open", () => {
    expect(overallView("healthy", [])).toEqual({ status: "healthy", otherAlerts: 0, otherSources: [] });
    expect(overallView("degraded", []).status).toBe("degraded");
  });

  it("counts every open incident, the worst first: a critical alert of any source makes it unhealthy", () => {
    const view = overallView("healthy", [
      { source: "certificate", severity: "warning" },
      { source: "haproxy", severity: "critical" },
    ]);
    expect(view).toEqual({ status: "unhealthy", otherAlerts: 2, otherSources: ["certificates", "HAProxy"] });
    expect(overallView("healthy", [{ source: "nginx", severity: "warning" }]).status).toBe("degraded");
    // A warning never makes an unhealthy fleet look better.
    expect(overallView("unhealthy", [{ source: "ai", severity: "warning" }]).status).toBe("unhealthy");
  });

  it("speaks before the first check when an incident is open, and ignores test incidents", () => {
    expect(overallView("unknown", [{ source: "certificate", severity: "critical" }]).status).toBe("unhealthy");
    expect(overallView("healthy", [{ source: "service", severity: "critical", test: true }]).status).toBe("healthy");
  });

  it("says where the problems come from when no service is failing", () => {
    const view = overallView("healthy", [
      { source: "haproxy", severity: "critical" },
      { source: "certificate", severity: "warning" },
      { source: "service", severity: "critical" },
    ]);
    expect(otherAlertsLine(view)).toBe("No service is failing; 2 open alerts come from certificates and HAProxy.");
    expect(otherAlertsLine(overallView("healthy", [{ source: "nginx", severity: "warning" }]))).toBe(
      "No service is failing; 1 open alert comes from nginx.",
    );
    expect(otherAlertsLine(overallView("healthy", []))).toBeNull();
    expect(listWords(["nginx", "HAProxy", "AI services"])).toBe("nginx, HAProxy and AI services");
  });

  it("says it in German too, the sources named in German", () => {
    const alerts = [
      { source: "ai", severity: "warning" as const },
      { source: "nginx", severity: "critical" as const },
      { source: "certificate", severity: "warning" as const },
    ];
    const view = overallView("healthy", alerts, "de");
    expect(view.otherSources).toEqual(["Zertifikaten", "nginx", "KI-Diensten"]);
    expect(otherAlertsLine(view, "de")).toBe(
      "Kein Dienst ist gestört; 3 offene Alarme kommen von Zertifikaten, nginx und KI-Diensten.",
    );
  });
});
