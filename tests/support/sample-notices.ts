// Sample notices for the channels' tests: an opened critical alert, its
// resolution and a test, with the characters every markup must escape.
import type { Notice } from "#server/alerting/notice.ts";

const AT = Date.UTC(2025, 2, 14, 9, 30);
export const DASHBOARD = "https://www.example.com/admin/dashboard";

export const NOTICES: Notice[] = [
  {
    id: "n-open-1",
    kind: "opened",
    test: false,
    severity: "critical",
    title: "[ALERT] Mail <relay> & queue is unhealthy (centron)",
    text:
      `Mail <relay> & queue failed its check at 2025-03-14T09:30:00Z.\n\n- centron: <b>connect ` +
      `ECONNREFUSED</b> & more\n\nDashboard: ${DASHBOARD}`,
    group: { key: "service:mail-relay", name: "Mail <relay> & queue", source: "service", serviceId: "mail-relay" },
    incidents: [
      {
        id: 41,
        target: "service:mail-relay/centron",
        name: "Mail relay on centron",
        state: "failing",
        severity: "critical",
        message: "connect ECONNREFUSED",
        openedAt: AT,
        resolvedAt: null,
      },
    ],
    affected: [
      {
        target: "service:mail-archive/centron",
        name: "Mail <archive> on centron",
        groupName: "Mail <archive>",
        label: "centron",
        serviceId: "mail-archive",
      },
    ],
    dashboardUrl: DASHBOARD,
    at: AT,
  },
  {
    id: "n-resolved-1",
    kind: "resolved",
    test: false,
    severity: "info",
    title: "[RESOLVED] Mail <relay> & queue is healthy again (centron)",
    text: `Mail <relay> & queue recovered at 2025-03-14T09:42:00Z.\n\n- centron: healthy\n\nDashboard: ${DASHBOARD}`,
    group: { key: "service:mail-relay", name: "Mail <relay> & queue", source: "service", serviceId: "mail-relay" },
    incidents: [
      {
        id: 41,
        target: "service:mail-relay/centron",
        name: "Mail relay on centron",
        state: "healthy",
        severity: "critical",
        message: null,
        openedAt: AT,
        resolvedAt: AT + 12 * 60_000,
      },
    ],
    affected: [],
    dashboardUrl: DASHBOARD,
    at: AT + 12 * 60_000,
  },
  {
    id: "n-test-1",
    kind: "test",
    test: true,
    severity: "warning",
    title: "[TEST] [WARNING] www.example.com expires in 5 days",
    text: `This is a test of the monitoring alerts, started by admin. Nothing is wrong.\n\nDashboard: ${DASHBOARD}`,
    group: { key: "certificate:www.example.com", name: "www.example.com", source: "certificate", serviceId: null },
    incidents: [
      {
        id: 7,
        target: "certificate:www.example.com",
        name: "www.example.com",
        state: "failing",
        severity: "warning",
        message: "expires in 5 days",
        openedAt: AT,
        resolvedAt: null,
      },
    ],
    affected: [],
    dashboardUrl: DASHBOARD,
    at: AT,
  },
];
