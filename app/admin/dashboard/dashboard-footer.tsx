// The footer's texts: how often checks run, where alerts go, that
// recoveries are mailed too, who watches the monitor itself (its heartbeat),
// and while auto-refresh is on, when the next check is due.
import { formatAgo } from "#shared/monitor/format.ts";
import type { HealthData } from "./dashboard.server.ts";
import { NextCheck } from "./next-check.tsx";
import { useNow } from "./use-now.ts";

function every(seconds: number): string {
  if (seconds === 60) return "every minute";
  return seconds % 60 === 0 ? `every ${seconds / 60} minutes` : `every ${seconds} seconds`;
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
  return (
    <footer className="mx-auto max-w-7xl px-4 pb-8 text-sm text-slate-600 dark:text-slate-300">
      <p>
        Health checks run {every(health?.intervalSeconds ?? 60)}. Alerts go to{" "}
        {health?.alertsTo ?? "the admin distribution address"}. Recovery notifications are included.
        {autoRefresh && health?.nextCheckAt ? (
          <span data-testid="next-check">
            <NextCheck nextCheckAt={health.nextCheckAt} now={now} prefix=" " suffix="." />
          </span>
        ) : null}
      </p>
      {health ? (
        <p className="mt-1" data-testid="heartbeat">
          {health.heartbeat
            ? `Heartbeat to ${health.heartbeat.to} ${every(health.heartbeat.intervalSeconds)} while checks run ` +
              `on time; last sent ${formatAgo(health.heartbeat.lastSentAt, now)}.`
            : "No heartbeat: nothing outside this server notices if the monitor itself stops (alerts.heartbeat)."}
        </p>
      ) : null}
      <p className="mt-1">
        Signed in as {user}.{health?.demo ? " Demo mode: the fleet is simulated." : ""}
      </p>
    </footer>
  );
}
