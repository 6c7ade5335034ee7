// What /metrics serves passes Prometheus's own lint (`promtool check metrics`: names, units, `_total` only on
// counters, help texts), with the HTTP and the monitor's metrics holding values: after requests and a monitor round.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AggregatorRegistry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registry } from "#server/metrics/registry.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { monitoringConfig, serveFakeServices } from "#tests/support/monitor-app.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { dashboardQueries, readDashboard } from "#tests/support/grafana-dashboard.ts";

const [sqlite] = testDatabases();
const TOKEN = "a-metrics-token-of-length";

serveFakeServices();

/** promtool's verdict (`check metrics` on a scrape by default): its exit status and every line it printed. */
function promtoolCheck(text: string, args = ["check", "metrics"]): { status: number | null; lines: string[] } {
  const run = spawnSync("promtool", args, { input: text, encoding: "utf8" });
  if (run.error) throw run.error;
  return { status: run.status, lines: `${run.stdout}${run.stderr}`.split("\n").filter((line) => line.trim() !== "") };
}

describe("/metrics under promtool", () => {
  it("is clean after traffic and a monitor round", async () => {
    const db = await sqlite!.open();
    try {
      const t = await createTestApp(db.handle, { METRICS_TOKEN: TOKEN }, { monitoring: { config: monitoringConfig } });
      await t.app.request("/healthz");
      await t.app.request("/readyz");
      await t.app.request("/api/no-such-route");
      await t.services.probes!.lead();
      await t.services.monitor!.engine.runCycle();

      const response = await t.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      const text = await response.text();
      // promtool passes an empty scrape: make sure this one holds what it is meant to.
      expect(text).toMatch(/^http_requests_total\{[^}]*route="\/healthz"[^}]*\} [1-9]/m);
      expect(text).toMatch(/^monitor_checks_total\{type="url",status="healthy"\} [1-9]/m);
      expect(text).toMatch(/^monitor_checks_total\{type="tcp",status="healthy"\} [1-9]/m);
      expect(text).toMatch(/^monitor_rounds_total\{trigger="scheduled"\} [1-9]/m);
      expect(text).toMatch(/^monitor_last_round_end_timestamp_seconds [1-9]/m);
      expect(text).toMatch(/^nodejs_active_handles\{/m);

      expect(promtoolCheck(text)).toEqual({ status: 0, lines: [] });
      // With several workers the primary serves their aggregate (metrics.ts): two workers' worth, linted the same.
      const workers = [await registry.getMetricsAsJSON(), await registry.getMetricsAsJSON()];
      const aggregate = await AggregatorRegistry.aggregate(workers).metrics();
      expect(aggregate).toMatch(/^monitor_checks_total\{type="url",status="healthy"\} [1-9]/m);
      expect(promtoolCheck(aggregate)).toEqual({ status: 0, lines: [] });
    } finally {
      await db.cleanup();
    }
  });

  it("would catch a gauge named like a counter (the check can fail)", () => {
    const bad = "# HELP open_things_total Things open now.\n# TYPE open_things_total gauge\nopen_things_total 3\n";
    const verdict = promtoolCheck(bad);
    expect(verdict.status).not.toBe(0);
    expect(verdict.lines.join("\n")).toContain('non-counter metrics should not have "_total" suffix');
  });

  it("parses every query of the Grafana dashboard in deploy/ (as recording rules, its variables filled in)", () => {
    const queries = dashboardQueries(readDashboard());
    expect(queries.length).toBeGreaterThan(0);
    const rules = queries.map(({ expr }, index) => ({
      record: `dashboard:query_${index}`,
      expr: expr.replaceAll("$__rate_interval", "5m").replaceAll("$job", ".*"),
    }));
    const dir = mkdtempSync(join(tmpdir(), "dashboard-rules-"));
    try {
      const file = join(dir, "rules.json");
      // JSON is YAML: promtool reads it as a rules file.
      writeFileSync(file, JSON.stringify({ groups: [{ name: "dashboard", rules }] }));
      const verdict = promtoolCheck("", ["check", "rules", file]);
      expect(verdict.status, verdict.lines.join("\n")).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
