// The footer's texts: how often checks run, where alerts go, that
// recoveries are mailed too, who watches the monitor itself (its heartbeat),
// and while auto-refresh is on, when the next check is due.
import type { StaffTextValue } from "#app/admin/staff-language.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";
import type { HealthData } from "./dashboard.server.ts";
import { NextCheck } from "./next-check.tsx";
import { useAgo } from "./panel.tsx";
import { useNow } from "./use-now.ts";

function every(seconds: number, t: StaffTextValue["t"]): string {
  if (seconds === 60) return t("panels.every.minute");
  return seconds % 60 === 0
    ? t("panels.every.minutes", { n: seconds / 60 })
    : t("panels.every.seconds", { n: seconds });
}

export function DashboardFooter({
  health,
  autoRefresh,
  user,
}: {
  health: HealthData | undefined;
  autoRefresh: boolean;
  user: string;
}) {
  const now = useNow();
  const ago = useAgo();
  const { t } = useStaffText();
  return (
    <footer className="mx-auto max-w-7xl px-4 pb-8 text-sm text-slate-600 dark:text-slate-300">
      <p>
        {t("panels.footer.checks", {
          every: every(health?.intervalSeconds ?? 60, t),
          to: health?.alertsTo ?? t("panels.footer.adminAddress"),
        })}
        {autoRefresh && health?.nextCheckAt ? (
          <span data-testid="next-check">
            <NextCheck nextCheckAt={health.nextCheckAt} now={now} prefix=" " suffix="." />
          </span>
        ) : null}
      </p>
      {health ? (
        <p className="mt-1" data-testid="heartbeat">
          {health.heartbeat
            ? t("panels.footer.heartbeat", {
                to: health.heartbeat.to,
                every: every(health.heartbeat.intervalSeconds, t),
                ago: ago(health.heartbeat.lastSentAt, now),
              })
            : t("panels.footer.noHeartbeat")}
        </p>
      ) : null}
      <p className="mt-1">
        {t("panels.footer.signedIn", { user })}
        {health?.demo ? ` ${t("panels.footer.demo")}` : ""}
      </p>
    </footer>
  );
}
