// The dashboard's header: title, a subtitle naming the configured hosts, and the
// buttons for theme, auto-refresh, Refresh, Test Email, Test Failure, Logout.
// Both tests send a notice marked TEST on the real channels and change
// nothing else; a button waits while a test runs.
import { FlaskConical, LogOut, Mail, Moon, RotateCw, Sun } from "lucide-react";
import { useState } from "react";
import { toggleTheme } from "#app/chrome/theme.ts";
import { showToast } from "#app/components/toast.ts";
import type { StaffTextValue } from "#app/admin/staff-language.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import { useMay } from "#app/admin/staff-role.tsx";
import { smallButton } from "./panel.tsx";
import { postJson } from "./staff-api.ts";

/** The hosts named, a few at most: a fleet of many hosts is counted instead of listed. */
export function hostsLine(hosts: readonly string[], t: StaffTextValue["t"]): string {
  if (hosts.length === 0) return t("panels.hosts.none");
  if (hosts.length === 1) return t("panels.hosts.one", { host: hosts[0]! });
  if (hosts.length <= 4) return t("panels.hosts.named", { n: hosts.length, hosts: hosts.join(", ") });
  return t("panels.hosts.many", { n: hosts.length });
}

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
  const { t } = useStaffText();

  /** Both tests answer with a message; 409 means another test (maybe in another tab) is running. */
  const runTest = async (which: "email" | "failure") => {
    setTesting(which);
    const result = await postJson<{ success?: boolean; message?: string }>(`/api/admin/alerts/test-${which}`);
    setTesting(null);
    const fallback = which === "email" ? t("panels.header.testEmailFailed") : t("panels.header.testFailureFailed");
    const message = result.body?.message ?? fallback;
    const success = result.ok && result.body?.success !== false;
    const title = which === "email" ? t("panels.header.testEmail") : t("panels.header.testFailure");
    showToast({
      title: success ? title : t("panels.error"),
      description: message,
      variant: success ? "success" : "error",
    });
  };

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <div>
          <h1 className="text-xl font-bold">{t("panels.title")}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="dashboard-hosts">
            {hostsLine(props.hosts, t)}
          </p>
        </div>
        <nav aria-label={t("panels.header.actions")} className="flex flex-wrap items-center gap-2">
          <button type="button" className={smallButton} onClick={toggleTheme}>
            <Moon aria-hidden="true" className="size-4 dark:hidden" />
            <Sun aria-hidden="true" className="hidden size-4 dark:block" />
            <span className="dark:hidden">{t("panels.header.dark")}</span>
            <span className="hidden dark:inline">{t("panels.header.light")}</span>
          </button>
          <button
            type="button"
            className={smallButton}
            aria-pressed={props.autoRefresh}
            onClick={() => props.onAutoRefresh(!props.autoRefresh)}
          >
            {props.autoRefresh ? t("panels.header.autoRefreshOn") : t("panels.header.autoRefreshOff")}
          </button>
          <button type="button" className={smallButton} onClick={props.onRefresh} disabled={props.refreshing}>
            <RotateCw aria-hidden="true" className={`size-4 ${props.refreshing ? "animate-spin" : ""}`} />
            {t("panels.refresh")}
          </button>
          {mayTest ? (
            <>
              <button
                type="button"
                className={smallButton}
                onClick={() => void runTest("email")}
                disabled={testing !== null}
                title={t("panels.header.testEmailTitle")}
              >
                <Mail aria-hidden="true" className="size-4" />
                {testing === "email" ? t("panels.header.sending") : t("panels.header.testEmail")}
              </button>
              <button
                type="button"
                className={smallButton}
                onClick={() => void runTest("failure")}
                disabled={testing !== null}
                title={t("panels.header.testFailureTitle")}
              >
                <FlaskConical aria-hidden="true" className="size-4" />
                {testing === "failure" ? t("panels.header.simulating") : t("panels.header.testFailure")}
              </button>
            </>
          ) : null}
          <button type="button" className={smallButton} onClick={props.onLogout}>
            <LogOut aria-hidden="true" className="size-4" />
            {t("panels.header.logout")}
          </button>
        </nav>
      </div>
    </header>
  );
}
