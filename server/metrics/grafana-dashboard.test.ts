// The Grafana dashboard in deploy/ asks only for metrics this server exposes: a metric renamed here breaks this test
// rather than a panel in production. The names come from the registry's own text, as a scrape sees it.
import { describe, expect, it } from "vitest";
import { everyPanel, readDashboard } from "#tests/support/grafana-dashboard.ts";
import { registry } from "./registry.ts";
// For the metrics they register:
import "#server/http/metrics.ts";
import "#server/monitor/monitor-metrics.ts";

const dashboard = readDashboard();

/** The series names a scrape can carry: each metric's, and a histogram's or summary's derived ones. */
async function exposedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const [, name, kind] of (await registry.metrics()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (kind === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${name}${suffix}`);
    if (kind === "summary") for (const suffix of ["_sum", "_count"]) names.add(`${name}${suffix}`);
  }
  return names;
}

const PROMQL_WORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless"]);
const PROMQL_WORDS_TOO = new Set(["bool", "offset", "inf", "nan"]);

/** The metric names a PromQL expression reads: identifiers outside matchers, ranges and groupings, not calls. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  return [...bare.matchAll(/(?<![\w:.$])([a-zA-Z_:][\w:]*)(?![\w:]|\s*\()/g)]
    .map(([, name]) => name!)
    .filter((name) => !PROMQL_WORDS.has(name) && !PROMQL_WORDS_TOO.has(name.toLowerCase()));
}

describe("deploy/grafana-dashboard.json", () => {
  const panels = everyPanel(dashboard.panels).filter((panel) => panel.type !== "row");

  it("is a dashboard with panels, each with its own id and a query", () => {
    expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
    expect(panels.length).toBeGreaterThan(0);
    const ids = everyPanel(dashboard.panels).map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
  });

  it("reads in each panel only metrics the server exposes", async () => {
    const exposed = await exposedNames();
    for (const panel of panels) {
      for (const { expr = "" } of panel.targets ?? []) {
        const names = metricNamesIn(expr);
        expect(names.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of names) expect(exposed, `${panel.title} reads ${name}`).toContain(name);
      }
    }
  });

  it("covers the server's requests and the monitor's rounds and checks", () => {
    const read = new Set(panels.flatMap((panel) => (panel.targets ?? []).flatMap((t) => metricNamesIn(t.expr ?? ""))));
    for (const name of ["http_requests_total", "monitor_last_round_end_timestamp_seconds", "monitor_checks_total"])
      expect(read).toContain(name);
  });
});

describe("metricNamesIn", () => {
  it.each([
    ['sum by (status) (rate(http_requests_total{job=~"$job"}[$__rate_interval]))', ["http_requests_total"]],
    ["time() - max(monitor_last_round_end_timestamp_seconds > 0)", ["monitor_last_round_end_timestamp_seconds"]],
    ["histogram_quantile(0.95, sum by (le, type) (rate(x_bucket[5m])))", ["x_bucket"]],
    ['a{status=~"5.."} / on (job) group_left b', ["a", "b"]],
  ])("%s reads %j", (expr, names) => {
    expect(metricNamesIn(expr)).toEqual(names);
  });
});
