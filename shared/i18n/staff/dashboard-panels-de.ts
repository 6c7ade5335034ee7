// The staff area's German text for dashboard panels: the keys and placeholders of dashboard-panels-en.ts.
import type { dashboardPanelsEn } from "./dashboard-panels-en.ts";

export const dashboardPanelsDe: Record<keyof typeof dashboardPanelsEn, string> = {};
