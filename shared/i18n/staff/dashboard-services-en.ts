// The staff area's English text for dashboard services (spread into en.ts; German: dashboard-services-de.ts, same keys).
export const dashboardServicesEn = {} as const;
