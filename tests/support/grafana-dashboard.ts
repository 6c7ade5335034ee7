// The Grafana dashboard shipped in deploy/, read as its tests see it: its panels and their PromQL queries.
import { readFileSync } from "node:fs";

export type Panel = { id: number; type: string; title: string; targets?: { expr?: string }[]; panels?: Panel[] };
export type Dashboard = { uid: string; title: string; panels: Panel[] };

export function readDashboard(): Dashboard {
  return JSON.parse(readFileSync(new URL("../../deploy/grafana-dashboard.json", import.meta.url), "utf8")) as Dashboard;
}

/** Every panel, rows and those folded into them too. */
export function everyPanel(panels: readonly Panel[]): Panel[] {
  return panels.flatMap((panel) => [panel, ...everyPanel(panel.panels ?? [])]);
}

/** Each query of each panel, with the panel's title. */
export function dashboardQueries(dashboard: Dashboard): { title: string; expr: string }[] {
  return everyPanel(dashboard.panels).flatMap((panel) =>
    (panel.targets ?? []).map(({ expr = "" }) => ({ title: panel.title, expr })),
  );
}
