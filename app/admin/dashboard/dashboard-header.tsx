// The dashboard's header: title, a subtitle naming the configured hosts, and the
// buttons for theme, auto-refresh, Refresh, Test Email, Test Failure, Logout.
// Both tests send a notice marked TEST on the real channels and change
// nothing else; a button waits while a test runs.
import { FlaskConical, LogOut, Mail, Moon, RotateCw, Sun } from "lucide-react";
import { useState } from "react";
import { toggleTheme } from "#app/chrome/theme.ts";
import { showToast } from "#app/components/toast.ts";
import { useMay } from "#app/admin/staff-role.tsx";
import { smallButton } from "./panel.tsx";
import { postJson } from "./staff-api.ts";

/** The hosts named, a few at most: a fleet of many hosts is counted instead of listed. */
export function hostsLine(hosts: readonly string[]): string {
  if (hosts.length === 0) return "Service health, alerts and infrastructure";
  if (hosts.length === 1) return `Service health, alerts and infrastructure of host ${hosts[0]}`;
  const named = hosts.length <= 4 ? `: ${hosts.join(", ")}` : "";
  return `Service health, alerts and infrastructure of ${hosts.length} hosts${named}`;
}

const TEST_FAILURE_TITLE =
  "Sends the notice a failing service would give, marked TEST, on its channels; nothing else changes";

export function DashboardHeader(props: {
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  onRefresh: () => void;
  refreshing: boolean;
  onLogout: () => void;
  /** The hosts the monitoring configuration names (none before the first read). */
  hosts: readonly string[];
}) {
  const [testing, setTesting] = useState<"email" | "failure" | null>(null);
  const mayTest = useMay("tests:run");

  /** Both tests answer with a message; 409 means another test (maybe in another tab) is running. */
  const runTest = async (which: "email" | "failure") => {
    setTesting(which);
    const result = await postJson<{ success?: boolean; message?: string }>(`/api/admin/alerts/test-${which}`);
    setTesting(null);
    const fallback =
      which === "email" ? "Failed to send test email: the server did not answer" : "Failed to simulate failure";
    const message = result.body?.message ?? fallback;
    const success = result.ok && result.body?.success !== false;
    showToast({
      title: success ? (which === "email" ? "Test Email" : "Test Failure") : "Error",
      description: message,
      variant: success ? "success" : "error",
    });
  };

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <div>
          <h1 className="text-xl font-bold">Admin Dashboard</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="dashboard-hosts">
            {hostsLine(props.hosts)}
          </p>
        </div>
        <nav aria-label="Dashboard actions" className="flex flex-wrap items-center gap-2">
          <button type="button" className={smallButton} onClick={toggleTheme}>
            <Moon aria-hidden="true" className="size-4 dark:hidden" />
            <Sun aria-hidden="true" className="hidden size-4 dark:block" />
            <span className="dark:hidden">Dark</span>
            <span className="hidden dark:inline">Light</span>
          </button>
          <button
            type="button"
            className={smallButton}
            aria-pressed={props.autoRefresh}
            onClick={() => props.onAutoRefresh(!props.autoRefresh)}
          >
            Auto-refresh {props.autoRefresh ? "ON" : "OFF"}
          </button>
          <button type="button" className={smallButton} onClick={props.onRefresh} disabled={props.refreshing}>
            <RotateCw aria-hidden="true" className={`size-4 ${props.refreshing ? "animate-spin" : ""}`} />
            Refresh
          </button>
          {mayTest ? (
            <>
              <button
                type="button"
                className={smallButton}
                onClick={() => void runTest("email")}
                disabled={testing !== null}
                title="Sends a notice marked TEST on every alert channel"
              >
                <Mail aria-hidden="true" className="size-4" />
                {testing === "email" ? "Sending…" : "Test Email"}
              </button>
              <button
                type="button"
                className={smallButton}
                onClick={() => void runTest("failure")}
                disabled={testing !== null}
                title={TEST_FAILURE_TITLE}
              >
                <FlaskConical aria-hidden="true" className="size-4" />
                {testing === "failure" ? "Simulating…" : "Test Failure"}
              </button>
            </>
          ) : null}
          <button type="button" className={smallButton} onClick={props.onLogout}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </nav>
      </div>
    </header>
  );
}
