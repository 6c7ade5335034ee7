// The staff area's German text for dashboard services: the keys and placeholders of dashboard-services-en.ts.
import type { dashboardServicesEn } from "./dashboard-services-en.ts";

export const dashboardServicesDe: Record<keyof typeof dashboardServicesEn, string> = {};
