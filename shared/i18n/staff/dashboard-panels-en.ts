// The staff area's English text for dashboard panels (spread into en.ts; German: dashboard-panels-de.ts, same keys).
export const dashboardPanelsEn = {} as const;
